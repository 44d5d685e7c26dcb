import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { comment } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { addGuestComment, sharedComments } from "@/lib/server/votes/test-links";
import type { Mark } from "@/lib/studio/comments/marks";
import { actor, MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import type { Actor } from "../review/access";
import { createShareLink } from "../share/links";
import { addComment, commentThreads, updateComment } from "./comments";

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const answer = errorAnswerOf(err);
  if (!answer) throw new Error(`expected a studio error, got ${String(err)}`);
  return { status: answer.status, code: answer.error.code, parameter: answer.error.parameter };
}

const marks: Mark[] = [
  {
    kind: "arrow",
    color: "red",
    points: [
      [0.1, 0.2],
      [0.4, 0.5],
    ],
  },
  {
    kind: "freehand",
    color: "blue",
    points: [
      [0.5, 0.5],
      [0.55, 0.52],
      [0.6, 0.58],
    ],
  },
];

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "marks and ranges on comments"), () => {
    let opened: TestDatabase;
    let reviewer: Actor;
    const storage = new MemoryStorage();
    const log = new RecordingLog();
    const deps = () => ({
      db: opened.db,
      log,
      storage,
      limits: databaseRateLimits(opened.db, "test-secret-for-guest-comments"),
    });

    beforeAll(async () => {
      opened = await backend.open();
      const id = await createTestUser(opened);
      reviewer = { id, name: `reviewer ${id}`, role: "reviewer" };
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function video(durationSeconds: number) {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, reviewer.id, [
        { taskType: "videoInference", taskUUID, positivePrompt: "a boat", model: "local:video@3.0-prime" },
      ]);
      const mediaUUID = randomUUID();
      const { item } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "video",
        mime: "video/mp4",
        width: 64,
        height: 64,
        durationSeconds,
        seed: 1,
        storageKey: `items/test/${mediaUUID}.mp4`,
        bytes: 10,
      });
      return item;
    }

    it("keeps an image comment's marks, reads them back, and keeps them through an edit", async () => {
      const image = await makeItem(opened, reviewer.id, storage);
      const made = await addComment(deps(), reviewer, image.id, { body: "this edge", marks });
      expect(made.marks).toEqual(marks);
      expect((await commentThreads(opened.db, image.id)).threads[0]?.marks).toEqual(marks);
      const edited = await updateComment(deps(), reviewer, made.id, { body: "this edge, softer" });
      expect(edited.marks).toEqual(marks);
      const plain = await addComment(deps(), reviewer, image.id, { body: "no marks" });
      expect(plain.marks).toEqual([]);
      // A reply carries none, whoever calls.
      expect(
        await refusal(addComment(deps(), reviewer, image.id, { body: "re", parentId: made.id, marks })),
      ).toMatchObject({ status: 400, parameter: "marks" });
      expect(
        await refusal(
          addComment(deps(), reviewer, image.id, { body: "x", pin: { seconds: 0, endSeconds: 1 } }),
        ),
      ).toMatchObject({ status: 400, parameter: "pin.endSeconds" });
    });

    it("keeps a video's range within the video, and its marks on a moment", async () => {
      const clip = await video(4);
      const ranged = await addComment(deps(), reviewer, clip.id, {
        body: "the wave",
        pin: { seconds: 1.25, endSeconds: 4 },
        marks,
      });
      expect(ranged.pin).toEqual({ seconds: 1.25, endSeconds: 4 });
      expect(ranged.marks).toEqual(marks);
      const moment = await addComment(deps(), reviewer, clip.id, { body: "here", pin: { seconds: 2 } });
      expect(moment.pin).toEqual({ seconds: 2 });
      expect(
        await refusal(
          addComment(deps(), reviewer, clip.id, { body: "x", pin: { seconds: 1, endSeconds: 4.5 } }),
        ),
      ).toMatchObject({ status: 400, code: "invalidRange", parameter: "pin.endSeconds" });
      expect(await refusal(addComment(deps(), reviewer, clip.id, { body: "x", marks }))).toMatchObject({
        status: 400,
        parameter: "pin",
      });
    });

    it("refuses in the database what the API refuses: a reply's marks, an out before an in", async () => {
      const image = await makeItem(opened, reviewer.id, storage);
      const top = await addComment(deps(), reviewer, image.id, { body: "top" });
      const reply = opened.db
        .insert(comment)
        .values({ itemId: image.id, parentId: top.id, authorId: reviewer.id, body: "r", marks });
      await expect(reply).rejects.toThrow();
      const backwards = opened.db
        .insert(comment)
        .values({ itemId: image.id, authorId: reviewer.id, body: "r", pinSeconds: 2, pinEndSeconds: 1 });
      await expect(backwards).rejects.toThrow();
    });

    it("shows a guest the marks and the range of their own comments, never the team's", async () => {
      const clip = await video(3);
      await addComment(deps(), reviewer, clip.id, {
        body: "look",
        pin: { seconds: 0.5, endSeconds: 1.5 },
        marks,
      });
      const { token } = await createShareLink(deps(), actor(reviewer.id, "editor"), {
        itemId: clip.id,
        allowComments: true,
        showParams: false,
        expiresInDays: 7,
      });
      expect((await sharedComments(deps(), token, clip.id, "robin")).comments).toEqual([]);
      // A guest draws too: on a video, on a moment of it.
      const guest = await addGuestComment(deps(), token, clip.id, "robin", {
        name: "Robin",
        body: "the sail",
        pin: { seconds: 1 },
        marks,
      });
      expect(guest).toMatchObject({ guest: true, pin: { seconds: 1 }, marks });
      expect(
        await refusal(addGuestComment(deps(), token, clip.id, "robin", { name: "Robin", body: "x", marks })),
      ).toMatchObject({ status: 400, parameter: "pin" });
      expect(
        await refusal(
          addGuestComment(deps(), token, clip.id, "robin", {
            name: "Robin",
            body: "x",
            pin: { seconds: 1, endSeconds: 9 },
          }),
        ),
      ).toMatchObject({ status: 400, parameter: "pin.endSeconds" });
      const read = (await sharedComments(deps(), token, clip.id, "robin")).comments;
      expect(read.map((c) => [c.body, c.marks.length])).toEqual([["the sail", 2]]);
    });
  });
}
