import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listItems } from "@/lib/server/db/item-records";
import { boardItem, item, itemTag, reviewEvent } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { addGuestComment, sharedComments, sharedMediaKey, sharedView } from "@/lib/server/votes/test-links";
import { SHARE_PREFIX_CHARS } from "@/lib/studio/organize/share-address";
import { ROLES, type Role } from "@/lib/studio/roles";
import { actor, MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import { createShareLink, listShareLinks, revokeShareLink } from "../share/links";
import { createBoard, deleteBoard, listBoards, setBoardMembership, updateBoard } from "./boards";
import { bulkAction } from "./bulk";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches";
import { setItemTags } from "./tags";
import { listTrash, purgeItems, restoreItems, sweepTrash } from "./trash";
import { zipItems } from "./zip";

/** The status a call answers with: 200 when it resolves, else the status its error carries. */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    const answer = errorAnswerOf(err);
    if (!answer) throw err;
    return answer.status;
  }
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const answer = errorAnswerOf(err);
    if (answer) return answer;
    throw err;
  }
  throw new Error("not refused");
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "organizing the gallery"), () => {
    let opened: TestDatabase;
    let owner: string;
    let editor: string;
    let storage: MemoryStorage;
    let log: RecordingLog;
    const deps = () => ({
      db: opened.db,
      log,
      storage,
      limits: databaseRateLimits(opened.db, "test-secret-for-guest-comments"),
    });

    beforeAll(async () => {
      opened = await backend.open();
      owner = await createTestUser(opened);
      editor = await createTestUser(opened);
      storage = new MemoryStorage();
      log = new RecordingLog();
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    const eventsOf = async (ids: string[]) =>
      opened.db.select().from(reviewEvent).where(inArray(reviewEvent.itemId, ids));

    describe("permissions per role", () => {
      const allowed: Record<string, Role> = {
        "create a board": "editor",
        "add to a board": "editor",
        tag: "editor",
        "move review state": "reviewer",
        trash: "editor",
        "list the trash": "owner",
        restore: "owner",
        purge: "owner",
        share: "editor",
        "list share links": "editor",
      };
      const rank: Record<Role, number> = { viewer: 0, reviewer: 1, editor: 2, owner: 3 };

      for (const role of ROLES) {
        it(`a ${role} may do what the role allows, and is refused 403 otherwise`, async () => {
          const me = actor(role === "owner" ? owner : editor, role);
          const [a, b] = [await makeItem(opened, editor, storage), await makeItem(opened, editor, storage)];
          const board = await createBoard(opened.db, actor(editor, "editor"), { name: `board for ${role}` });
          await bulkAction(deps(), actor(owner, "owner"), { itemIds: [b.id], action: "trash" });
          const tries: Record<string, () => Promise<unknown>> = {
            "create a board": () => createBoard(opened.db, me, { name: "mine" }),
            "add to a board": () =>
              bulkAction(deps(), me, { itemIds: [a.id], action: "board.add", boardId: board.id }),
            tag: () => setItemTags(deps(), me, a.id, ["hero"]),
            "move review state": () =>
              bulkAction(deps(), me, { itemIds: [a.id], action: "state", state: "approved" }),
            trash: () => bulkAction(deps(), me, { itemIds: [a.id], action: "trash" }),
            "list the trash": () => listTrash(opened.db, me),
            restore: () => restoreItems(deps(), me, [b.id]),
            purge: () => purgeItems(deps(), me, [b.id]),
            share: () =>
              createShareLink(deps(), me, {
                itemId: b.id,
                allowComments: false,
                showParams: true,
                expiresInDays: null,
              }),
            "list share links": () => listShareLinks(deps(), me),
          };
          // "share" names a trashed item: allowed roles get 404, refused ones 403 first.
          for (const [what, need] of Object.entries(allowed)) {
            const status = await statusOf((tries[what] as () => Promise<unknown>)());
            if (rank[role] >= rank[need]) expect([200, 404], `${role}: ${what}`).toContain(status);
            else expect(status, `${role}: ${what}`).toBe(403);
          }
        });
      }

      it("names the refused action's parameter", async () => {
        const a = await makeItem(opened, editor, storage);
        const refused = await refusal(
          bulkAction(deps(), actor(editor, "viewer"), { itemIds: [a.id], action: "trash" }),
        );
        expect(refused).toMatchObject({ status: 403, error: { parameter: "action" } });
      });
    });

    describe("bulk actions", () => {
      it("are all or nothing: a missing item refuses the whole request and changes nothing", async () => {
        const items = [await makeItem(opened, editor, storage), await makeItem(opened, editor, storage)];
        const board = await createBoard(opened.db, actor(editor, "editor"), { name: "Atomic" });
        const ids = [...items.map((i) => i.id), "00000000-0000-4000-8000-000000000000"];
        const refused = await refusal(
          bulkAction(deps(), actor(editor, "editor"), {
            itemIds: ids,
            action: "board.add",
            boardId: board.id,
          }),
        );
        expect(refused).toMatchObject({ status: 404, error: { parameter: "itemIds" } });
        expect(await opened.db.select().from(boardItem).where(eq(boardItem.boardId, board.id))).toHaveLength(
          0,
        );
        expect(await eventsOf(items.map((i) => i.id))).toHaveLength(0);
        const trashed = await refusal(
          bulkAction(deps(), actor(editor, "editor"), { itemIds: ids, action: "trash" }),
        );
        expect(trashed.status).toBe(404);
        const rows = await opened.db
          .select({ deletedAt: item.deletedAt })
          .from(item)
          .where(inArray(item.id, ids));
        expect(rows.every((r) => r.deletedAt === null)).toBe(true);
      });

      it("append one audit row per item changed and publish the new reviews", async () => {
        const items = [await makeItem(opened, editor, storage), await makeItem(opened, editor, storage)];
        const ids = items.map((i) => i.id);
        const board = await createBoard(opened.db, actor(editor, "editor"), { name: "Keepers" });
        log.changes.length = 0;
        await bulkAction(deps(), actor(editor, "editor"), {
          itemIds: ids,
          action: "board.add",
          boardId: board.id,
        });
        await bulkAction(deps(), actor(editor, "editor"), { itemIds: ids, action: "tag.add", tag: "hero" });
        await bulkAction(deps(), actor(editor, "reviewer"), {
          itemIds: ids,
          action: "state",
          state: "approved",
        });
        const events = await eventsOf(ids);
        expect(events.map((e) => e.kind).sort()).toEqual(["board", "board", "state", "state", "tag", "tag"]);
        expect(events.find((e) => e.kind === "state")).toMatchObject({
          fromValue: "draft",
          toValue: "approved",
        });
        const reviews = log.changes.filter((c) => c.kind === "review");
        expect(reviews.at(-1)).toMatchObject({
          review: { state: "approved", tags: ["hero"], boardIds: [board.id] },
        });
        expect(log.changes).toContainEqual({ kind: "board", boardId: board.id });
        const [listed] = (await listBoards(opened.db, { ids: [board.id] })).boards;
        expect(listed).toMatchObject({ itemCount: 2, coverItemId: items[1]?.id });
        expect(listed?.coverUrl).toBe(`/api/items/${items[1]?.id}/thumb?w=640`);
      });

      it("keeps tags lower-case and bounded (the table refuses others)", async () => {
        const a = await makeItem(opened, editor, storage);
        expect(await setItemTags(deps(), actor(editor, "editor"), a.id, ["sky", "blue"])).toEqual([
          "blue",
          "sky",
        ]);
        await expect(opened.db.insert(itemTag).values({ itemId: a.id, tag: "Upper" })).rejects.toThrow();
        await expect(
          opened.db.insert(itemTag).values({ itemId: a.id, tag: "x".repeat(65) }),
        ).rejects.toThrow();
        const events = (await eventsOf([a.id])).filter((e) => e.kind === "tag");
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ fromValue: [], toValue: ["blue", "sky"] });
      });
    });

    describe("boards", () => {
      it("are renamed, given a cover and deleted, their items staying in the gallery", async () => {
        const a = await makeItem(opened, editor, storage);
        const b = await makeItem(opened, editor, storage);
        const me = actor(editor, "editor");
        const board = await createBoard(opened.db, me, { name: "Moodboard", description: "Warm light" });
        await opened.db.transaction((tx) => setBoardMembership(tx, me, board.id, [a.id, b.id], true));
        const renamed = await updateBoard(opened.db, me, board.id, { name: "Mood", coverItemId: a.id });
        expect(renamed).toMatchObject({
          name: "Mood",
          description: "Warm light",
          coverItemId: a.id,
          itemCount: 2,
        });
        const other = await makeItem(opened, editor, storage);
        expect((await refusal(updateBoard(opened.db, me, board.id, { coverItemId: other.id }))).status).toBe(
          404,
        );
        expect(await deleteBoard(opened.db, me, board.id)).toEqual(expect.arrayContaining([a.id, b.id]));
        expect(
          await opened.db
            .select()
            .from(item)
            .where(inArray(item.id, [a.id, b.id])),
        ).toHaveLength(2);
        expect((await listBoards(opened.db, { ids: [board.id] })).boards).toHaveLength(0);
      });
    });

    describe("the trash", () => {
      it("hides trashed items from the gallery; an owner restores them or deletes them for good", async () => {
        const a = await makeItem(opened, editor, storage);
        const b = await makeItem(opened, editor, storage);
        await bulkAction(deps(), actor(editor, "editor"), { itemIds: [a.id, b.id], action: "trash" });
        expect(log.changes.at(-1)).toEqual({ kind: "trash", itemIds: [a.id, b.id] });
        const gallery = (await listItems(opened.db, { limit: 200 })).items.map((i) => i.id);
        expect(gallery).not.toContain(a.id);
        const trash = await listTrash(opened.db, actor(owner, "owner"), { limit: 200 });
        expect(trash.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
        expect(trash.items.find((i) => i.id === a.id)).toMatchObject({ deletedByName: editor });

        await restoreItems(deps(), actor(owner, "owner"), [a.id]);
        expect((await listItems(opened.db, { limit: 200 })).items.map((i) => i.id)).toContain(a.id);

        const key = (await opened.db.select().from(item).where(eq(item.id, b.id)))[0]?.storageKey as string;
        await purgeItems(deps(), actor(owner, "owner"), [b.id]);
        expect(await opened.db.select().from(item).where(eq(item.id, b.id))).toHaveLength(0);
        expect(storage.deleted).toContain(key);
        const kinds = (await eventsOf([a.id, b.id])).map((e) => `${e.itemId === a.id ? "a" : "b"}:${e.kind}`);
        expect(kinds.sort()).toEqual(["a:restore", "a:trash", "b:purge", "b:trash"]);
        // Restoring what is not in the trash is refused, naming the field.
        expect(await refusal(restoreItems(deps(), actor(owner, "owner"), [a.id]))).toMatchObject({
          status: 404,
          error: { parameter: "itemIds" },
        });
      });

      it(`deletes for good what has been in the trash longer than 30 days, and only that`, async () => {
        const old = await makeItem(opened, editor, storage);
        const recent = await makeItem(opened, editor, storage);
        const day = 24 * 60 * 60 * 1000;
        const now = new Date();
        await opened.db
          .update(item)
          .set({ deletedAt: new Date(now.getTime() - 31 * day) })
          .where(eq(item.id, old.id));
        await opened.db
          .update(item)
          .set({ deletedAt: new Date(now.getTime() - 29 * day) })
          .where(eq(item.id, recent.id));
        expect(await sweepTrash(deps(), now)).toBeGreaterThanOrEqual(1);
        const left = await opened.db
          .select({ id: item.id })
          .from(item)
          .where(inArray(item.id, [old.id, recent.id]));
        expect(left.map((r) => r.id)).toEqual([recent.id]);
        const purge = (await eventsOf([old.id])).find((e) => e.kind === "purge");
        expect(purge).toMatchObject({ actorId: null, actorName: "Studio" });
      });
    });

    describe("saved searches", () => {
      it("lists mine and the shared ones; only the owner changes one", async () => {
        const mine = await createSavedSearch(deps(), actor(editor, "editor"), {
          name: "Mine",
          query: "?state=approved",
          shared: false,
        });
        expect(mine.query).toBe("state=approved");
        const shared = await createSavedSearch(deps(), actor(editor, "editor"), {
          name: "Team",
          query: "q=fox",
          shared: true,
        });
        const seen = (await listSavedSearches(deps(), actor(owner, "owner"))).searches.map((s) => s.id);
        expect(seen).toContain(shared.id);
        expect(seen).not.toContain(mine.id);
        expect((await refusal(deleteSavedSearch(deps(), actor(owner, "owner"), shared.id))).status).toBe(403);
        expect((await refusal(deleteSavedSearch(deps(), actor(owner, "owner"), mine.id))).status).toBe(404);
        await deleteSavedSearch(deps(), actor(editor, "editor"), shared.id);
        expect(log.changes).toContainEqual({ kind: "savedSearch", id: shared.id });
      });
    });

    describe("share links", () => {
      const me = () => actor(editor, "editor");

      it("show only the item they name: a neighbour id, a guessed token, an expired or revoked link are 404", async () => {
        const shown = await makeItem(opened, editor, storage, "A secret garden at dawn");
        const neighbour = await makeItem(opened, editor, storage);
        const { token, link } = await createShareLink(deps(), me(), {
          itemId: shown.id,
          allowComments: true,
          showParams: true,
          expiresInDays: 7,
        });
        const view = await sharedView(deps(), token);
        expect(view.items.map((i) => i.id)).toEqual([shown.id]);
        expect(view.items[0]).toMatchObject({
          prompt: "A secret garden at dawn",
          params: { model: "runware:100@1" },
        });
        expect(JSON.stringify(view)).not.toContain(editor);
        expect((await sharedMediaKey(deps(), token, shown.id)).storageKey).toBe(shown.storageKey);
        expect((await refusal(sharedMediaKey(deps(), token, neighbour.id))).status).toBe(404);
        expect((await refusal(sharedView(deps(), `${token.slice(0, -2)}xx`))).status).toBe(404);
        expect((await refusal(sharedView(deps(), "A".repeat(43)))).status).toBe(404);

        await addGuestComment(deps(), token, shown.id, "robin", { name: "Robin", body: "Love the light" });
        const { comments } = await sharedComments(deps(), token, shown.id, "robin");
        expect(comments).toMatchObject([{ authorName: "Robin", guest: true, body: "Love the light" }]);
        // A member's name (the test user's name is its id), whatever its case and spacing, is refused.
        const posing = await refusal(
          addGuestComment(deps(), token, shown.id, "robin", {
            name: ` ${editor.toUpperCase()} `,
            body: "Approved!",
          }),
        );
        expect(posing).toMatchObject({ status: 400, error: { code: "invalidName", parameter: "name" } });
        expect((await sharedComments(deps(), token, shown.id, "robin")).comments).toHaveLength(1);
        // Told live as a member's comment is: the comment, then the item's review it counts in.
        expect(log.changes.slice(-2)).toMatchObject([
          { kind: "comment", itemId: shown.id },
          { kind: "review", itemId: shown.id },
        ]);

        await revokeShareLink(deps(), me(), link.id);
        expect((await refusal(sharedView(deps(), token))).status).toBe(404);
        expect((await refusal(sharedMediaKey(deps(), token, shown.id))).status).toBe(404);
        const listed = (await listShareLinks(deps(), me())).links.find((l) => l.id === link.id);
        expect(listed?.revokedAt).not.toBeNull();
        expect((await eventsOf([shown.id])).map((e) => e.kind)).toEqual(
          expect.arrayContaining(["share", "comment"]),
        );

        const past = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
        const expired = await createShareLink(
          deps(),
          me(),
          { itemId: shown.id, allowComments: false, showParams: true, expiresInDays: 1 },
          past,
        );
        expect((await refusal(sharedView(deps(), expired.token))).status).toBe(404);
      });

      it("list the start of each token, so two links to the same item are told apart, and never the token", async () => {
        const shown = await makeItem(opened, editor, storage, "Two links to one lighthouse");
        const made = await Promise.all(
          [1, 2].map(() =>
            createShareLink(deps(), me(), {
              itemId: shown.id,
              allowComments: false,
              showParams: true,
              expiresInDays: 1,
            }),
          ),
        );
        const { links } = await listShareLinks(deps(), me(), { ids: made.map((m) => m.link.id) });
        for (const { link, token } of made) {
          const listed = links.find((l) => l.id === link.id);
          expect(listed?.prefix).toBe(token.slice(0, SHARE_PREFIX_CHARS));
          expect(link.prefix).toBe(listed?.prefix);
          expect(JSON.stringify(links)).not.toContain(token.slice(0, SHARE_PREFIX_CHARS + 1));
        }
        expect(new Set(links.map((l) => l.prefix)).size).toBe(2);
      });

      it("hide the prompt and parameters when the sharer unticks them, and refuse comments when not allowed", async () => {
        const shown = await makeItem(opened, editor, storage, "Hidden words");
        const { token } = await createShareLink(deps(), me(), {
          itemId: shown.id,
          allowComments: false,
          showParams: false,
          expiresInDays: null,
        });
        const view = await sharedView(deps(), token);
        expect(view.items[0]).not.toHaveProperty("prompt");
        expect(view.items[0]).not.toHaveProperty("params");
        expect(JSON.stringify(view)).not.toContain("Hidden words");
        expect(
          (await refusal(addGuestComment(deps(), token, shown.id, "x", { name: "X", body: "Y" }))).status,
        ).toBe(403);
      });

      it("of a board show its live items only", async () => {
        const on = await makeItem(opened, editor, storage);
        const off = await makeItem(opened, editor, storage);
        const board = await createBoard(opened.db, me(), { name: "Shared board" });
        await opened.db.transaction((tx) => setBoardMembership(tx, me(), board.id, [on.id], true));
        const { token } = await createShareLink(deps(), me(), {
          boardId: board.id,
          allowComments: false,
          showParams: true,
          expiresInDays: null,
        });
        const view = await sharedView(deps(), token);
        expect(view).toMatchObject({ kind: "board", title: "Shared board" });
        expect(view.items.map((i) => i.id)).toEqual([on.id]);
        expect((await refusal(sharedMediaKey(deps(), token, off.id))).status).toBe(404);
        await bulkAction(deps(), me(), { itemIds: [on.id], action: "trash" });
        expect((await sharedView(deps(), token)).items).toHaveLength(0);
        expect((await refusal(sharedMediaKey(deps(), token, on.id))).status).toBe(404);
      });

      it("store only the token's hash", async () => {
        const shown = await makeItem(opened, editor, storage);
        const { token } = await createShareLink(deps(), me(), {
          itemId: shown.id,
          allowComments: false,
          showParams: true,
          expiresInDays: null,
        });
        const rows = await opened.db.execute(sql`select token_hash from share_link`);
        const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
        expect(hashes.some((h) => h.includes(token))).toBe(false);
      });
    });

    describe("zip download", () => {
      it("holds the originals under readable names and a manifest of their parameters", async () => {
        const a = await makeItem(opened, editor, storage, "A red fox, jumping in the snow!");
        const b = await makeItem(opened, editor, storage, "");
        const { stream, filename } = await zipItems(deps(), [a.id, b.id]);
        expect(filename).toBe("media-studio-2-items.zip");
        const bytes = Buffer.from(await new Response(stream).arrayBuffer());
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-test-"));
        try {
          const file = path.join(dir, "out.zip");
          fs.writeFileSync(file, bytes);
          const names = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n");
          expect(names).toEqual(["a-red-fox-jumping-in-the-1.png", "untitled-2.png", "manifest.json"]);
          const first = execFileSync("unzip", ["-p", file, names[0] as string]).toString();
          expect(first).toBe(`png bytes of ${a.mediaUUID}`);
          const manifest = JSON.parse(execFileSync("unzip", ["-p", file, "manifest.json"]).toString());
          expect(manifest[0]).toMatchObject({
            file: "a-red-fox-jumping-in-the-1.png",
            id: a.id,
            prompt: "A red fox, jumping in the snow!",
            parameters: { model: "runware:100@1", steps: 4, seed: "42" },
          });
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
        await bulkAction(deps(), actor(editor, "editor"), { itemIds: [b.id], action: "trash" });
        expect((await refusal(zipItems(deps(), [a.id, b.id]))).status).toBe(404);
      });
    });

    it("leaves the audit trail append-only", async () => {
      const a = await makeItem(opened, editor, storage);
      await bulkAction(deps(), actor(editor, "editor"), { itemIds: [a.id], action: "trash" });
      await expect(opened.db.delete(reviewEvent).where(and(eq(reviewEvent.itemId, a.id)))).rejects.toThrow();
    });
  });
}
