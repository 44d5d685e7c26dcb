import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComment, updateComment } from "@/lib/server/comments/comments";
import { recordItem } from "@/lib/server/db/item-records";
import { item, itemMonth, itemTag, reviewEvent } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { galleryTotals } from "@/lib/server/gallery/filter-count";
import { filteredGalleryPage } from "@/lib/server/gallery/gallery-page";
import { freshItemView, itemViews } from "@/lib/server/items/item-view";
import { actor, MemoryStorage, makeItem, RecordingLog } from "@/lib/server/items/test-support";
import { purgeItems, restoreItems, trashItems } from "@/lib/server/organize/trash";
import { carriedThreads, itemVersions } from "./stack";
import { recordVersionLinks, resolveVersionRequest, takeVersionRequests } from "./version-link";

describe("the studio's version keys", () => {
  it("leave each task before the contract sees it, and are told per task", () => {
    const taken = takeVersionRequests([
      { taskType: "imageInference", versionOf: "a", versionComment: "b", positivePrompt: "x" },
      { taskType: "imageInference", positivePrompt: "y" },
    ]);
    expect(taken.body).toEqual([
      { taskType: "imageInference", positivePrompt: "x" },
      { taskType: "imageInference", positivePrompt: "y" },
    ]);
    expect(taken.requests).toEqual([{ versionOf: "a", versionComment: "b" }, undefined]);
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "version stacks"), () => {
    let opened: TestDatabase;
    let owner: string;
    const storage = new MemoryStorage();
    const log = new RecordingLog();
    const deps = () => ({ db: opened.db, log, storage });

    beforeAll(async () => {
      opened = await backend.open();
      owner = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    /** A task sent as a new version of `base`, its results recorded all at once. */
    async function newVersions(base: string, results: number, prompt = "the fox, five fingers") {
      const link = await resolveVersionRequest(opened.db, { versionOf: base, versionComment: undefined });
      if ("code" in link) throw new Error(link.message);
      const taskUUID = randomUUID();
      await recordTasks(opened.db, owner, [
        { taskType: "imageInference", taskUUID, positivePrompt: prompt, numberResults: results },
      ]);
      await recordVersionLinks(opened.db, owner, [{ taskUUID, link }]);
      return Promise.all(
        Array.from({ length: results }, (_, index) => {
          const mediaUUID = randomUUID();
          return recordItem(opened.db, {
            taskUUID,
            index,
            mediaUUID,
            kind: "image",
            mime: "image/png",
            width: 64,
            height: 64,
            seed: index,
            storageKey: `items/test/${mediaUUID}.png`,
            bytes: 10,
          });
        }),
      );
    }

    const row = async (id: string) => (await opened.db.select().from(item).where(eq(item.id, id)))[0];
    const cardsOf = async (stackId: string) =>
      (await filteredGalleryPage(opened.db, {}, { id: owner }, { limit: 200 })).items.filter(
        (i) => i.id === stackId || i.stack?.id === stackId,
      );

    it("numbers results of one stack arriving at once apart, the first version joining as v1", async () => {
      const base = await makeItem(opened, owner, storage);
      const made = await newVersions(base.id, 2);
      expect(made.map((m) => m.item.version).sort()).toEqual([2, 3]);
      expect(made.every((m) => m.item.stackId === base.id)).toBe(true);
      expect((await row(base.id))?.version).toBe(1);
      const again = await newVersions(base.id, 1);
      expect(again[0]?.item.version).toBe(4);
    });

    it("starts a new version in review, recorded like any state change", async () => {
      const base = await makeItem(opened, owner, storage);
      const [made] = await newVersions(base.id, 1);
      expect(made?.item.reviewState).toBe("in_review");
      const events = await opened.db
        .select()
        .from(reviewEvent)
        .where(and(eq(reviewEvent.itemId, made?.item.id ?? ""), eq(reviewEvent.kind, "state")));
      expect(events.map((e) => [e.fromValue, e.toValue])).toEqual([["draft", "in_review"]]);
    });

    it("shows a stack as one card, its newest version, with the count, and counts it once", async () => {
      const before = await galleryTotals(opened.db, {}, { id: owner });
      const base = await makeItem(opened, owner, storage);
      const [v2] = await newVersions(base.id, 1);
      const [v3] = await newVersions(v2?.item.id ?? "", 1);
      const cards = await cardsOf(base.id);
      expect(cards.map((c) => [c.id, c.stack])).toEqual([
        [v3?.item.id, { id: base.id, version: 3, count: 3 }],
      ]);
      const after = await galleryTotals(opened.db, {}, { id: owner });
      expect(after.all - before.all).toBe(1);
      const months = await opened.db.select().from(itemMonth);
      expect(months.reduce((sum, m) => sum + m.live, 0)).toBe(after.all);
    });

    it("shows older versions in views of a board, a tag or stars, which hold items, not stacks", async () => {
      const base = await makeItem(opened, owner, storage);
      await opened.db.insert(itemTag).values({ itemId: base.id, tag: "hands" });
      await newVersions(base.id, 1);
      const tagged = await filteredGalleryPage(opened.db, { tag: "hands" }, { id: owner }, { limit: 200 });
      expect(tagged.items.map((i) => i.id)).toEqual([base.id]);
      const totals = await galleryTotals(opened.db, { tag: "hands" }, { id: owner });
      expect(totals.matching).toBe(1);
    });

    it("makes the newest live version the card when the head goes to the trash, back, or for good", async () => {
      const base = await makeItem(opened, owner, storage);
      const [v2] = await newVersions(base.id, 1);
      const head = v2?.item.id ?? "";
      const totals = async () => (await galleryTotals(opened.db, {}, { id: owner })).all;
      const start = await totals();

      await trashItems(opened.db, actor(owner, "owner"), [head]);
      expect((await cardsOf(base.id)).map((c) => [c.id, c.stack?.count])).toEqual([[base.id, 1]]);
      expect(await totals()).toBe(start);

      await restoreItems(deps(), actor(owner, "owner"), [head]);
      expect((await cardsOf(base.id)).map((c) => [c.id, c.stack?.count])).toEqual([[head, 2]]);
      expect(await totals()).toBe(start);

      await trashItems(opened.db, actor(owner, "owner"), [head]);
      await purgeItems(deps(), actor(owner, "owner"), [head]);
      expect((await cardsOf(base.id)).map((c) => c.id)).toEqual([base.id]);
      expect((await itemVersions(opened.db, base.id, owner)).versions.map((v) => v.stack?.version)).toEqual([
        1,
      ]);
      expect(await totals()).toBe(start);
      // The next version after a purge still counts up: a number is never given twice.
      expect((await itemVersions(opened.db, base.id, owner)).nextVersion).toBe(3);
      const [v3] = await newVersions(base.id, 1);
      expect(v3?.item.version).toBe(3);
    });

    it("announces a new version with the card a reload reads", async () => {
      const base = await makeItem(opened, owner, storage);
      const [made] = await newVersions(base.id, 1);
      if (!made) throw new Error("no version");
      const [read] = await itemViews(opened.db, [made.item], "new");
      expect(freshItemView(made.item, made.owner)).toEqual(read);
      expect(read?.stack).toEqual({ id: base.id, version: 2, count: 2 });
    });

    it("carries the open threads of earlier versions over, marked with their version", async () => {
      const base = await makeItem(opened, owner, storage);
      const me = { id: owner, name: "Olive", role: "owner" as const };
      const open = await addComment(deps(), me, base.id, { body: "fix the hand" });
      const done = await addComment(deps(), me, base.id, { body: "warmer light" });
      await updateComment(deps(), me, done.id, { resolved: true });
      const [v2] = await newVersions(base.id, 1);
      const v2Id = v2?.item.id ?? "";
      const carried = await carriedThreads(opened.db, v2Id);
      expect(carried.map((t) => [t.id, t.body, t.version, t.itemId])).toEqual([
        [open.id, "fix the hand", 1, base.id],
      ]);
      expect(await carriedThreads(opened.db, base.id)).toEqual([]);
      // A reply goes to the thread itself: it shows on the later version, under the same thread.
      await addComment(deps(), me, base.id, { body: "on it", parentId: open.id });
      expect((await carriedThreads(opened.db, v2Id))[0]?.replies.map((r) => r.body)).toEqual(["on it"]);
      await updateComment(deps(), me, open.id, { resolved: true });
      expect(await carriedThreads(opened.db, v2Id)).toEqual([]);
    });

    it("refuses a version of an item that is not there or in the trash, naming versionOf", async () => {
      const missing = await resolveVersionRequest(opened.db, {
        versionOf: randomUUID(),
        versionComment: undefined,
      });
      expect(missing).toMatchObject({ code: "itemNotFound", parameter: "versionOf" });
      const bad = await resolveVersionRequest(opened.db, { versionOf: "hand", versionComment: undefined });
      expect(bad).toMatchObject({ parameter: "versionOf" });
      const trashed = await makeItem(opened, owner, storage);
      await trashItems(opened.db, actor(owner, "owner"), [trashed.id]);
      const inTrash = await resolveVersionRequest(opened.db, {
        versionOf: trashed.id,
        versionComment: undefined,
      });
      expect(inTrash).toMatchObject({ code: "conflictItemInTrash", parameter: "versionOf" });
      const other = await makeItem(opened, owner, storage);
      const elsewhere = await addComment(deps(), { id: owner, name: "Olive", role: "owner" }, other.id, {
        body: "elsewhere",
      });
      const base = await makeItem(opened, owner, storage);
      const wrong = await resolveVersionRequest(opened.db, {
        versionOf: base.id,
        versionComment: elsewhere.id,
      });
      expect(wrong).toMatchObject({ code: "commentNotFound", parameter: "versionComment" });
    });
  });
}
