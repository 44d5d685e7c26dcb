import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { addGuestComment, sharedComments, sharedView } from "@/lib/server/votes/test-links";
import type { Mark } from "@/lib/studio/comments/marks";
import { actor, MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import type { Actor } from "../review/access";
import { createShareLink } from "../share/links";
import { addComment, commentThreads } from "./comments";
import { guestKeyOf, newGuestSecret } from "./guest-identity";

const marks: Mark[] = [
  {
    kind: "arrow",
    color: "red",
    points: [
      [0.1, 0.2],
      [0.4, 0.5],
    ],
  },
];

// What a guest may read of an item's comments, attacked from every side a guest has: a second
// guest on the same link, the same guest on another link, a guest with no cookie, and every read
// a link answers. Members' names and words are planted to be found.
for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a guest's threads"), () => {
    let opened: TestDatabase;
    let ada: string;
    let bo: string;
    const storage = new MemoryStorage();
    const log = new RecordingLog();
    const deps = () => ({
      db: opened.db,
      log,
      storage,
      limits: databaseRateLimits(opened.db, "test-secret-for-guest-threads"),
    });

    const member = (id: string, role: Actor["role"]): Actor => ({ id, name: id, role });

    beforeAll(async () => {
      opened = await backend.open();
      ada = await createTestUser(opened, "member-ada-7f3");
      bo = await createTestUser(opened, "member-bo-9c1");
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("shows a guest their own thread and the team's replies in it, and nothing else of the team's", async () => {
      const shown = await makeItem(opened, ada, storage);
      const adaActs = member(ada, "editor");
      const teamWords = [`Secret plan, @${bo} please redo the sky`, "Internal: client budget is 5k"];
      await addComment(deps(), adaActs, shown.id, { body: teamWords[0] as string, marks });
      await addComment(deps(), member(bo, "reviewer"), shown.id, { body: teamWords[1] as string });
      const link = await createShareLink(deps(), actor(ada, "editor"), {
        itemId: shown.id,
        allowComments: true,
        showParams: true,
        expiresInDays: null,
      });
      const other = await createShareLink(deps(), actor(ada, "editor"), {
        itemId: shown.id,
        allowComments: true,
        showParams: true,
        expiresInDays: null,
      });
      const robin = guestKeyOf(newGuestSecret());
      const sam = guestKeyOf(newGuestSecret());

      // A guest who wrote nothing reads nothing, with a cookie or without.
      expect((await sharedComments(deps(), link.token, shown.id, null)).comments).toEqual([]);
      expect((await sharedComments(deps(), link.token, shown.id, robin)).comments).toEqual([]);

      const asked = await addGuestComment(deps(), link.token, shown.id, robin, {
        name: "Robin",
        body: "Can the fox be redder?",
        marks,
      });
      await addGuestComment(deps(), link.token, shown.id, sam, { name: "Sam", body: "Sam's private note" });
      const reply = await addComment(deps(), adaActs, shown.id, {
        body: `Yes! @${bo} will do it`,
        parentId: asked.id,
      });
      // A thread the team starts afterwards, about the guest, stays the team's.
      await addComment(deps(), member(bo, "reviewer"), shown.id, { body: "Robin is picky" });

      const robinReads = (await sharedComments(deps(), link.token, shown.id, robin)).comments;
      expect(robinReads.map((c) => [c.authorName, c.guest, c.body, c.parentId])).toEqual([
        ["Robin", true, "Can the fox be redder?", null],
        ["Team", false, "Yes! @team will do it", asked.id],
      ]);
      expect(robinReads[0]?.marks).toEqual(marks);
      expect(robinReads.map((c) => c.id)).toEqual([asked.id, reply.id]);
      const text = JSON.stringify(robinReads);
      for (const hidden of [ada, bo, ...teamWords, "Robin is picky", "Sam's private note"])
        expect(text).not.toContain(hidden);

      // A second guest on the same link reads only their own.
      const samReads = (await sharedComments(deps(), link.token, shown.id, sam)).comments;
      expect(samReads.map((c) => c.body)).toEqual(["Sam's private note"]);
      // The same browser's key on another link is another guest.
      expect((await sharedComments(deps(), other.token, shown.id, robin)).comments).toEqual([]);
      // What a guest's post answers is their own comment only.
      expect(JSON.stringify(asked)).not.toContain(ada);

      // The link's page carries no comment at all.
      const page = JSON.stringify(await sharedView(deps(), link.token));
      for (const hidden of [ada, bo, ...teamWords, "Can the fox"]) expect(page).not.toContain(hidden);

      // Members read every thread: the team's and both guests'.
      const { threads } = await commentThreads(opened.db, shown.id);
      expect(threads.map((t) => t.body)).toEqual([
        teamWords[0],
        teamWords[1],
        "Can the fox be redder?",
        "Sam's private note",
        "Robin is picky",
      ]);
      expect(threads[2]?.replies.map((r) => r.authorName)).toEqual([ada]);
      expect(threads[2]?.authorName).toBe("Robin (guest)");
    });

    it("masks every member a reply to a guest names, its writer included", async () => {
      const shown = await makeItem(opened, ada, storage);
      const { token } = await createShareLink(deps(), actor(ada, "editor"), {
        itemId: shown.id,
        allowComments: true,
        showParams: false,
        expiresInDays: null,
      });
      const kit = guestKeyOf(newGuestSecret());
      const asked = await addGuestComment(deps(), token, shown.id, kit, {
        name: "Kit",
        body: "Who made it?",
      });
      await addComment(deps(), member(ada, "editor"), shown.id, {
        body: `@${ada} made it, ask @${bo}`,
        parentId: asked.id,
      });
      const read = (await sharedComments(deps(), token, shown.id, kit)).comments;
      expect(read.at(-1)?.body).toBe("@team made it, ask @team");
      expect(read.at(-1)?.authorName).toBe("Team");
    });
  });
}
