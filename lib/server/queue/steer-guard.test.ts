import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { editWaiting } from "./bulk-edit";
import { image, member, testStudio } from "./queue-test-kit";
import { claimForSending } from "./send-gate";
import { holdTasks, moveTask, pauseQueue, setPriority, takeForCancel } from "./steering";

/**
 * Steering attacked from the side: a second member reaching for someone else's waiting tasks, and
 * a bulk edit racing the studios that take the same tasks for sending.
 */

const VIDEO_MODEL = "local:video@3.0-prime";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "steering guarded"), () => {
    let pair: InstancePair;
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(() => pair?.dispose());

    it("refuses a member every change to another member's waiting task, and lets an owner make it", async () => {
      const mia = await member(pair.a, "mia");
      const ben = await member(pair.a, "ben");
      const olga = await member(pair.a, "olga", "owner");
      const studio = testStudio(pair.a, { active: 0 });
      const [first, second] = [image("a cat"), image("a cat again")];
      expect((await studio.submit(mia, [first, second])).status).toBe(202);
      const ids = [first.taskUUID, second.taskUUID];
      const before = await pair.a.db.select().from(task).where(inArray(task.taskUUID, ids));
      const attempts: [string, () => Promise<unknown>][] = [
        ["move", () => moveTask(pair.b.db, ben, first.taskUUID, { to: "bottom" })],
        ["priority", () => setPriority(pair.b.db, ben, ids, "high")],
        ["hold", () => holdTasks(pair.b.db, ben, ids, true)],
        ["cancel", () => takeForCancel(pair.b.db, ben, { taskUUIDs: ids })],
        [
          "edit",
          () =>
            editWaiting(
              pair.b.db,
              ben,
              ids,
              { replace: { find: "cat", with: "dog" } },
              {
                preview: false,
                videoModel: VIDEO_MODEL,
              },
            ),
        ],
        ["team pause", () => pauseQueue(pair.b.db, ben, "team")],
      ];
      for (const [what, attempt] of attempts) {
        const refusal = await attempt().then(
          () => null,
          (err: { status?: number; errors?: { code: string; parameter?: string }[] }) => err,
        );
        expect(refusal, what).not.toBeNull();
        expect(refusal?.status, what).toBe(403);
      }
      // Ben's own "cancel all mine" reaches none of Mia's.
      expect((await takeForCancel(pair.b.db, ben, { allMine: true })).taken).toEqual([]);
      const after = await pair.a.db.select().from(task).where(inArray(task.taskUUID, ids));
      expect(after).toEqual(before);

      expect(await setPriority(pair.b.db, olga, ids, "high")).toEqual({ changed: 2, skipped: 0 });
    });

    it("never edits a task a studio took for sending meanwhile: each goes out as its record reads", async () => {
      const zoe = await member(pair.a, "zoe");
      const studio = testStudio(pair.a, { active: 0 });
      const tasks = Array.from({ length: 40 }, (_, i) => image(`a cat, number ${i}`));
      expect((await studio.submit(zoe, tasks)).status).toBe(202);
      const ids = tasks.map((t) => t.taskUUID);
      const claimedParams = new Map<string, Record<string, unknown>>();
      const claims = Array.from({ length: 8 }, async (_, i) => {
        const claimed = await claimForSending(i % 2 ? pair.a.db : pair.b.db, ids.slice(i * 5, i * 5 + 5));
        for (const [id, row] of claimed) claimedParams.set(id, row.params);
      });
      const [edit] = await Promise.all([
        editWaiting(
          pair.b.db,
          zoe,
          ids,
          { replace: { find: "cat", with: "dog" }, set: { steps: 30 } },
          {
            preview: false,
            videoModel: VIDEO_MODEL,
          },
        ),
        ...claims,
      ]);
      expect(claimedParams.size).toBe(40);
      expect(edit.changed + edit.skipped).toBe(40);
      const rows = await pair.a.db.select().from(task).where(eq(task.authorId, zoe.id));
      for (const row of rows) {
        // What went out is what the record says: an edit landed before the claim, or not at all.
        expect(claimedParams.get(row.taskUUID)).toEqual(row.params);
        expect(row.revision).toBe(row.params.positivePrompt?.toString().includes("dog") ? 1 : 0);
      }
      expect(rows.filter((r) => r.revision === 1)).toHaveLength(edit.changed);
    });

    it("answers an edit the contract refuses in its words, naming the parameter, and writes nothing", async () => {
      const kim = await member(pair.a, "kim");
      const studio = testStudio(pair.a, { active: 0 });
      const t = image("a cat");
      await studio.submit(kim, [t]);
      const refusal = await editWaiting(
        pair.a.db,
        kim,
        [t.taskUUID],
        { set: { steps: 100_000 } },
        {
          preview: false,
          videoModel: VIDEO_MODEL,
        },
      ).then(
        () => null,
        (err: { status: number; errors: { parameter?: string }[] }) => err,
      );
      expect(refusal?.status).toBe(400);
      expect(refusal?.errors[0]?.parameter).toBe("steps");
      const preview = await editWaiting(
        pair.a.db,
        kim,
        [t.taskUUID],
        { replace: { find: "cat", with: "fox" } },
        {
          preview: true,
          videoModel: VIDEO_MODEL,
        },
      );
      expect(preview).toEqual({ changed: 1, skipped: 0, matches: 1 });
      const [row] = await pair.a.db.select().from(task).where(eq(task.taskUUID, t.taskUUID));
      expect(row?.params.positivePrompt).toBe("a cat");
      expect(row?.params.steps).toBe(20);
    });
  });
}
