import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeKeys } from "@/lib/server/db/cursor";
import { item, itemColumns, user } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { itemViews } from "@/lib/server/items/item-view";
import { inboxPage } from "@/lib/server/notifications/inbox";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { addGuestComment, sharedComments, sharedView } from "@/lib/server/votes/test-links";
import { sharedViewSchema } from "@/lib/studio/api/share";
import { addComment, commentThreads } from "../comments/comments";
import { actor, MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import { createShareLink, listShareLinks } from "../share/links";
import { createBoard, listBoards, setBoardMembership } from "./boards";
import { createSavedSearch, listSavedSearches } from "./saved-searches";

/** Every row of a list, read one page at a time with the list's own cursors. */
async function everyPage<T>(
  read: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await read(cursor);
    out.push(...page.rows);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error("the list never ended");
}

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const answer = errorAnswerOf(thrown);
  if (!answer) throw new Error(`expected a refusal, got ${String(thrown)}`);
  return answer;
}

/**
 * Paged with the one cursor, a list reads as it does in one page: no row skipped or repeated at a
 * page's edge, whatever order rows made in the same millisecond take.
 */
const sorted = (ids: readonly string[]) => [...ids].sort();

// A cursor in the studio's alphabet that no time-and-id list gave: three keys, not two.
const FOREIGN = encodeKeys(["1700000000000", "not-an-id", "x"]);

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the organize lists' pages"), () => {
    let opened: TestDatabase;
    let editor: string;
    let mona: string;
    const storage = new MemoryStorage();
    const log = new RecordingLog();
    const deps = () => ({
      db: opened.db,
      log,
      limits: databaseRateLimits(opened.db, "test-secret-for-guest-comments"),
    });
    const me = () => actor(editor, "editor");

    beforeAll(async () => {
      opened = await backend.open();
      editor = await createTestUser(opened);
      mona = "member-mona";
      await opened.db.insert(user).values({ id: mona, name: "Mona", email: "mona@example.com" });
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("page boards, saved views and share links with the one cursor, and refuse a foreign one naming it", async () => {
      const boards = [];
      for (const name of ["one", "two", "three"]) boards.push(await createBoard(opened.db, me(), { name }));
      const seenBoards = await everyPage(async (cursor) => {
        const page = await listBoards(opened.db, { cursor, limit: 1 });
        return { rows: page.boards.map((b) => b.id), nextCursor: page.nextCursor };
      });
      expect(seenBoards).toEqual((await listBoards(opened.db, { limit: 50 })).boards.map((b) => b.id));
      expect(sorted(seenBoards)).toEqual(sorted(boards.map((b) => b.id)));

      const searches = [];
      for (const name of ["a", "b", "c"])
        searches.push(await createSavedSearch(deps(), me(), { name, query: "q=fox", shared: false }));
      const seenSearches = await everyPage(async (cursor) => {
        const page = await listSavedSearches(deps(), me(), { cursor, limit: 2 });
        return { rows: page.searches.map((s) => s.id), nextCursor: page.nextCursor };
      });
      expect(seenSearches).toEqual(
        (await listSavedSearches(deps(), me(), { limit: 50 })).searches.map((x) => x.id),
      );
      expect(sorted(seenSearches)).toEqual(sorted(searches.map((x) => x.id)));

      const links = [];
      for (const b of boards)
        links.push(
          (
            await createShareLink(deps(), me(), {
              boardId: b.id,
              allowComments: false,
              showParams: false,
              expiresInDays: null,
            })
          ).link,
        );
      const seenLinks = await everyPage(async (cursor) => {
        const page = await listShareLinks(deps(), me(), { cursor, limit: 2 });
        return { rows: page.links.map((l) => l.id), nextCursor: page.nextCursor };
      });
      expect(seenLinks).toEqual((await listShareLinks(deps(), me(), { limit: 50 })).links.map((l) => l.id));
      expect(sorted(seenLinks)).toEqual(sorted(links.map((l) => l.id)));

      // Each read starts only when its refusal is awaited: a rejection never waits unhandled.
      for (const read of [
        () => listBoards(opened.db, { cursor: FOREIGN }),
        () => listSavedSearches(deps(), me(), { cursor: FOREIGN }),
        () => listShareLinks(deps(), me(), { cursor: FOREIGN }),
      ])
        expect(await refusal(read())).toMatchObject({
          status: 400,
          error: { code: "invalidCursor", parameter: "cursor" },
        });
    });

    it("page the inbox, a comment thread, a shared board and its guest comments, oldest or newest first", async () => {
      const subject = await makeItem(opened, editor, storage);
      const said = [];
      for (const n of [1, 2, 3])
        said.push(
          await addComment(deps(), { id: editor, name: "Ed", role: "editor" }, subject.id, {
            body: `@Mona look ${n}`,
          }),
        );
      const inbox = await everyPage(async (cursor) => {
        const page = await inboxPage(opened.db, mona, { cursor, limit: 2 });
        return { rows: page.entries.map((e) => e.commentId ?? ""), nextCursor: page.nextCursor };
      });
      expect(inbox).toEqual(
        (await inboxPage(opened.db, mona, { limit: 50 })).entries.map((e) => e.commentId ?? ""),
      );
      expect(sorted(inbox)).toEqual(sorted(said.map((c) => c.id)));
      const threads = await everyPage(async (cursor) => {
        const page = await commentThreads(opened.db, subject.id, { cursor, limit: 2 });
        return { rows: page.threads.map((t) => t.id), nextCursor: page.nextCursor };
      });
      expect(threads).toEqual(
        (await commentThreads(opened.db, subject.id, { limit: 50 })).threads.map((t) => t.id),
      );
      expect(sorted(threads)).toEqual(sorted(said.map((c) => c.id)));

      const board = await createBoard(opened.db, me(), { name: "shown" });
      const items = [
        subject,
        await makeItem(opened, editor, storage),
        await makeItem(opened, editor, storage),
      ];
      await setBoardMembership(
        opened.db,
        me(),
        board.id,
        items.map((i) => i.id),
        true,
      );
      const { token } = await createShareLink(deps(), me(), {
        boardId: board.id,
        allowComments: true,
        showParams: false,
        expiresInDays: null,
      });
      const shown = await everyPage(async (cursor) => {
        const page = await sharedView(deps(), token, { cursor, limit: 2 });
        return { rows: page.items.map((i) => i.id), nextCursor: page.nextCursor };
      });
      expect(shown).toEqual((await sharedView(deps(), token, { limit: 50 })).items.map((i) => i.id));
      expect(sorted(shown)).toEqual(sorted(items.map((i) => i.id)));

      // One guest's thread, with the team's replies in it, read a page at a time.
      const guests = [];
      for (const name of ["Robin", "Robin again", "Robin once more"])
        guests.push(
          await addGuestComment(deps(), token, subject.id, "guest-key-1", { name, body: `from ${name}` }),
        );
      const first = guests[0];
      if (!first) throw new Error("no guest comment");
      const replies = [];
      for (const n of [1, 2])
        replies.push(
          await addComment(deps(), { id: editor, name: "Ed", role: "editor" }, subject.id, {
            body: `thanks ${n}`,
            parentId: first.id,
          }),
        );
      const read = await everyPage(async (cursor) => {
        const page = await sharedComments(deps(), token, subject.id, "guest-key-1", { cursor, limit: 2 });
        return { rows: page.comments.map((c) => c.id), nextCursor: page.nextCursor };
      });
      expect(read).toEqual(
        (await sharedComments(deps(), token, subject.id, "guest-key-1", { limit: 50 })).comments.map(
          (c) => c.id,
        ),
      );
      // The team's own threads are not the guest's to read.
      expect(sorted(read)).toEqual(sorted([...guests, ...replies].map((c) => c.id)));

      for (const refused of [
        () => inboxPage(opened.db, mona, { cursor: FOREIGN }),
        () => commentThreads(opened.db, subject.id, { cursor: FOREIGN }),
        () => sharedView(deps(), token, { cursor: FOREIGN }),
        () => sharedComments(deps(), token, subject.id, "guest-key-1", { cursor: FOREIGN }),
      ])
        expect(await refusal(refused())).toMatchObject({
          status: 400,
          error: { code: "invalidCursor", parameter: "cursor" },
        });
    });

    it("shows a guest the member's card, field for field, and nothing a guest must not see", async () => {
      const shown = await makeItem(opened, editor, storage, "A lighthouse in fog");
      for (const showParams of [true, false]) {
        const { token } = await createShareLink(deps(), me(), {
          itemId: shown.id,
          allowComments: false,
          showParams,
          expiresInDays: null,
        });
        const view = sharedViewSchema.parse(await sharedView(deps(), token));
        const guest = view.items[0];
        const rows = await opened.db.select(itemColumns).from(item).where(eq(item.id, shown.id));
        const [card] = await itemViews(opened.db, rows, { viewerId: editor });
        if (!guest || !card) throw new Error("no item");
        const sharedKeys = Object.keys(guest).filter((k) => k in card);
        expect(sharedKeys).toEqual(
          expect.arrayContaining(["id", "kind", "mime", "width", "height", "durationSeconds", "createdAt"]),
        );
        for (const key of sharedKeys)
          expect(guest[key as keyof typeof guest]).toEqual(card[key as keyof typeof card]);
        expect("prompt" in guest).toBe(showParams);
        if (showParams) expect(guest.prompt).toBe(card.prompt);
        for (const hidden of ["authorId", "authorName", "taskUUID", "url", "review", "starred", "mediaUUID"])
          expect(guest).not.toHaveProperty(hidden);
        expect(JSON.stringify(view)).not.toContain(editor);
      }
    });
  });
}
