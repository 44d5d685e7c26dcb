import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comment, mention, notification } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { addGuestComment, sharedComments } from "@/lib/server/votes/test-links";
import { ApiError } from "@/lib/studio/api/errors";
import { actor, MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import type { Actor } from "../review/access";
import { createShareLink } from "../share/links";
import { addComment } from "./comments";
import { guestKeyOf, newGuestSecret } from "./guest-identity";
import { insertComment } from "./insert";

// Guests' and members' comments take one road to the table (./insert.ts). What the road
// keeps apart is attacked here: a guest naming members, a guest's comment pretending to answer
// the team's thread, a flood through one link, and what the team is told live.
for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "one comment road"), () => {
    let opened: TestDatabase;
    let ada: string;
    let bo: string;
    const storage = new MemoryStorage();
    const deps = (log = new RecordingLog()) => ({
      db: opened.db,
      log,
      storage,
      limits: databaseRateLimits(opened.db, "test-secret-for-one-road"),
    });
    const member = (id: string, role: Actor["role"]): Actor => ({ id, name: id, role });

    beforeAll(async () => {
      opened = await backend.open();
      ada = await createTestUser(opened, "road-ada-4e1");
      bo = await createTestUser(opened, "road-bo-8a2");
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function sharedItem() {
      const shown = await makeItem(opened, ada, storage);
      const link = await createShareLink(deps(), actor(ada, "editor"), {
        itemId: shown.id,
        allowComments: true,
        showParams: false,
        expiresInDays: null,
      });
      return { shown, link };
    }

    it("files a guest's @mention of a member in nobody's inbox; a member's reaches it", async () => {
      const { shown, link } = await sharedItem();
      const guest = await addGuestComment(deps(), link.token, shown.id, guestKeyOf(newGuestSecret()), {
        name: "Robin",
        body: `@${bo} look at this, @${ada} too`,
      });
      expect(await opened.db.select().from(mention).where(eq(mention.commentId, guest.id))).toEqual([]);
      expect(await opened.db.select().from(notification).where(eq(notification.commentId, guest.id))).toEqual(
        [],
      );
      const said = await addComment(deps(), member(ada, "editor"), shown.id, { body: `@${bo} over to you` });
      const named = await opened.db.select().from(mention).where(eq(mention.commentId, said.id));
      expect(named.map((m) => m.userId)).toEqual([bo]);
      const told = await opened.db.select().from(notification).where(eq(notification.commentId, said.id));
      expect(told.map((n) => n.userId)).toContain(bo);
    });

    it("keeps a guest's comment a thread of its own even when it names the team's thread as its parent", async () => {
      const { shown, link } = await sharedItem();
      const team = await addComment(deps(), member(ada, "editor"), shown.id, { body: "Team only: redo it" });
      const robin = guestKeyOf(newGuestSecret());
      const row = await insertComment(
        deps(),
        { kind: "guest", linkId: link.link.id, guestKey: robin, name: "Robin" },
        shown.id,
        { body: "Can I join?", parentId: team.id },
      );
      expect(row.parentId).toBeNull();
      expect(row.authorId).toBeNull();
      const reads = (await sharedComments(deps(), link.token, shown.id, robin)).comments;
      expect(reads.map((c) => c.body)).toEqual(["Can I join?"]);
      expect(JSON.stringify(reads)).not.toContain("Team only");
    });

    it("holds twenty guest comments sent at once through one link to the link's budget of ten", async () => {
      const { shown, link } = await sharedItem();
      const d = deps();
      const sent = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          addGuestComment(d, link.token, shown.id, guestKeyOf(newGuestSecret()), {
            name: `Guest ${i}`,
            body: `Comment ${i}`,
          }),
        ),
      );
      const taken = sent.filter((s) => s.status === "fulfilled").length;
      const refused = sent.flatMap((s) => (s.status === "rejected" ? [s.reason] : []));
      expect(taken).toBe(10);
      expect(refused.every((e) => e instanceof ApiError && e.status === 429)).toBe(true);
      const stored = await opened.db.select().from(comment).where(eq(comment.itemId, shown.id));
      expect(stored).toHaveLength(10);
    });

    it("tells the team live of a guest's comment as of a member's: the comment and the item's review", async () => {
      const { shown, link } = await sharedItem();
      const guestLog = new RecordingLog();
      const guest = await addGuestComment(
        deps(guestLog),
        link.token,
        shown.id,
        guestKeyOf(newGuestSecret()),
        {
          name: "Robin",
          body: "Lovely",
        },
      );
      const memberLog = new RecordingLog();
      const said = await addComment(deps(memberLog), member(ada, "editor"), shown.id, { body: "Thanks" });
      expect(guestLog.changes.map((c) => c.kind)).toEqual(["comment", "review"]);
      expect(memberLog.changes.map((c) => c.kind)).toEqual(["comment", "review"]);
      expect(guestLog.changes[0]).toMatchObject({ itemId: shown.id, commentId: guest.id });
      expect(memberLog.changes[0]).toMatchObject({ itemId: shown.id, commentId: said.id });
    });
  });
}
