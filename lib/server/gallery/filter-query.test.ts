import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { board, boardItem, item, itemStar, itemTag } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import {
  backendTitle,
  createTestUser,
  queryRows,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { type GalleryFilter, parseGalleryFilter } from "@/lib/studio/gallery/filter";
import { galleryTotals } from "./filter-count";
import { filterConditions, filteredItems, neighborIds, searchIsRare, sortOrder } from "./filter-query";

function filterOf(query: string): GalleryFilter {
  const outcome = parseGalleryFilter(new URLSearchParams(query));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.filter;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the gallery's filtered query"), () => {
    let opened: TestDatabase;
    let ada: string;
    let bob: string;
    const ids: Record<string, string> = {};
    let boardId: string;
    let at = Date.parse("2026-03-01T12:00:00Z");

    async function add(name: string, authorId: string, params: Record<string, unknown>, size = [512, 512]) {
      const taskUUID = randomUUID();
      const isVideo = params.taskType === "videoInference";
      await recordTasks(opened.db, authorId, [{ taskType: "imageInference", taskUUID, ...params }]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: isVideo ? "video" : "image",
        mime: isVideo ? "video/mp4" : "image/png",
        width: size[0] ?? 512,
        height: size[1] ?? 512,
        seed: 1,
        storageKey: `items/test/${mediaUUID}.png`,
        bytes: 10,
      });
      // One day apart, so date filters and the newest-first order are known.
      at += 86_400_000;
      await opened.db
        .update(item)
        .set({ createdAt: new Date(at) })
        .where(eq(item.id, row.id));
      ids[name] = row.id;
    }

    beforeAll(async () => {
      opened = await backend.open();
      ada = await createTestUser(opened, `ada-${randomUUID().slice(0, 6)}`);
      bob = await createTestUser(opened, `bob-${randomUUID().slice(0, 6)}`);
      await add("fox", ada, { positivePrompt: "A red fox jumping in the snow", model: "runware:100@1" });
      await add("owl", ada, {
        positivePrompt: "An owl at night",
        model: "runware:101@1",
        lora: [{ model: "civitai:7@1" }],
      });
      await add("city", bob, { positivePrompt: "A city of glass", model: "runware:100@1" }, [1024, 576]);
      await add("tower", bob, { positivePrompt: "A tall tower", seedImage: randomUUID() }, [576, 1024]);
      await add("clip", bob, { taskType: "videoInference", positivePrompt: "Foxes running", model: "v:1@1" });
      await add("gone", ada, { positivePrompt: "A fox that was deleted" });
      await opened.db
        .update(item)
        .set({ deletedAt: new Date() })
        .where(eq(item.id, ids.gone ?? ""));
      await opened.db
        .update(item)
        .set({ reviewState: "approved", ratingAvg: 4.5, ratingCount: 2, assigneeId: bob })
        .where(eq(item.id, ids.owl ?? ""));
      await opened.db
        .update(item)
        .set({ reviewState: "in_review", ratingAvg: 3, ratingCount: 1 })
        .where(eq(item.id, ids.city ?? ""));
      await opened.db.insert(itemTag).values({ itemId: ids.fox ?? "", tag: "hero" });
      await opened.db.insert(itemStar).values({ userId: ada, itemId: ids.city ?? "" });
      const [b] = await opened.db.insert(board).values({ name: "Picks" }).returning({ id: board.id });
      boardId = b?.id ?? "";
      await opened.db.insert(boardItem).values({ boardId, itemId: ids.tower ?? "" });
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function names(query: string, viewer = ada): Promise<string[]> {
      const page = await filteredItems(
        opened.db,
        filterOf(query),
        { id: viewer },
        { cursor: null, limit: 50 },
      );
      const byId = new Map(Object.entries(ids).map(([n, id]) => [id, n]));
      return page.rows.map((r) => byId.get(r.id) ?? r.id);
    }

    it("shows live items newest first, never the trash", async () => {
      expect(await names("")).toEqual(["clip", "tower", "city", "owl", "fox"]);
      expect(await names("sort=oldest")).toEqual(["fox", "owl", "city", "tower", "clip"]);
      expect(await names("sort=rating")).toEqual(["owl", "city", "clip", "tower", "fox"]);
    });

    it("searches prompts with web-search syntax, stemming included", async () => {
      expect(await names("q=fox")).toEqual(["clip", "fox"]);
      expect(await names("q=fox -snow")).toEqual(["clip"]);
      expect(await names('q="glass city"')).toEqual([]);
      expect(await names("q=city of glass")).toEqual(["city"]);
    });

    it("narrows by each fact of the item", async () => {
      expect(await names("workflow=image-to-image")).toEqual(["tower"]);
      expect(await names("workflow=image-to-image&workflow=video")).toEqual(["clip", "tower"]);
      expect(await names("taskType=videoInference")).toEqual(["clip"]);
      expect(await names("model=runware:100@1")).toEqual(["city", "fox"]);
      expect(await names("lora=civitai:7@1")).toEqual(["owl"]);
      expect(await names(`author=${bob}`)).toEqual(["clip", "tower", "city"]);
      expect(await names("from=2026-03-03&to=2026-03-04")).toEqual(["city", "owl"]);
      expect(await names(`board=${boardId}`)).toEqual(["tower"]);
      expect(await names("rating=4")).toEqual(["owl"]);
      expect(await names("state=approved&state=in_review")).toEqual(["city", "owl"]);
      expect(await names("state=draft")).toEqual(["clip", "tower", "fox"]);
      expect(await names("tag=HERO")).toEqual(["fox"]);
      expect(await names("kind=video")).toEqual(["clip"]);
      expect(await names("aspect=landscape")).toEqual(["city"]);
      expect(await names("aspect=portrait")).toEqual(["tower"]);
      expect(await names("aspect=square&kind=image")).toEqual(["owl", "fox"]);
      expect(await names(`assignee=${bob}`)).toEqual(["owl"]);
      expect(await names("assignee=me", bob)).toEqual(["owl"]);
      expect(await names("model=runware:100@1&q=glass")).toEqual(["city"]);
    });

    it("counts every filtered view and the whole gallery at once, trash left out", async () => {
      const views = [
        "",
        "q=fox",
        "workflow=image-to-image&workflow=video",
        `author=${bob}`,
        `board=${boardId}`,
        "state=draft",
        "tag=hero",
        "starred=1",
        "aspect=square&kind=image",
        "rating=4",
        'q="glass city"',
      ];
      for (const view of views) {
        const totals = await galleryTotals(opened.db, filterOf(view), { id: ada });
        const shown = (await names(view)).length;
        expect({ view, ...totals }).toEqual({ view, matching: shown, all: 5, stacks: shown });
      }
      expect(await galleryTotals(opened.db, filterOf("starred=1"), { id: bob })).toEqual({
        matching: 0,
        all: 5,
        stacks: 0,
      });
      expect(await galleryTotals(opened.db, filterOf("seeds=apart"), { id: bob })).toMatchObject({
        stacks: null,
      });
    });

    it("keeps each member's stars to themselves", async () => {
      expect(await names("starred=1", ada)).toEqual(["city"]);
      expect(await names("starred=1", bob)).toEqual([]);
    });

    it("pages by cursor in every sort without skipping or repeating", async () => {
      for (const sort of ["newest", "oldest", "rating"] as const) {
        const filter = filterOf(`sort=${sort}`);
        const all = await filteredItems(opened.db, filter, { id: ada }, { cursor: null, limit: 50 });
        const seen: string[] = [];
        let cursor: string | null = null;
        const { decodeFilterCursor } = await import("./filter-query");
        do {
          const page = await filteredItems(
            opened.db,
            filter,
            { id: ada },
            {
              cursor: cursor ? decodeFilterCursor(cursor, sort) : null,
              limit: 2,
            },
          );
          seen.push(...page.rows.map((r) => r.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(all.rows.map((r) => r.id));
      }
    });

    it("finds an item's neighbours in the filtered order", async () => {
      const near = (name: string, query: string) =>
        neighborIds(opened.db, filterOf(query), { id: ada }, ids[name] ?? "");
      expect(await near("city", "")).toEqual({ previousId: ids.tower, nextId: ids.owl });
      expect(await near("clip", "")).toEqual({ previousId: null, nextId: ids.tower });
      expect(await near("fox", "model=runware:100@1")).toEqual({ previousId: ids.city, nextId: null });
      expect(await near("city", "sort=rating")).toEqual({ previousId: ids.owl, nextId: ids.clip });
      expect(await neighborIds(opened.db, {}, { id: ada }, randomUUID())).toBeNull();
    });
  });
}

// At a realistic size the planner must read the filtered page through an index, not scan `item`.
const postgres = testBackends.find((b) => b.name === "PostgreSQL");
if (postgres) {
  describe.skipIf(postgres.skip !== undefined)(backendTitle(postgres, "the filtered page's plan"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await postgres.open();
      author = await createTestUser(opened);
      const taskUUID = randomUUID();
      await recordTasks(opened.db, author, [
        { taskType: "imageInference", taskUUID, positivePrompt: "seed" },
      ]);
      // 50,000 items over a year, four workflows, a few states; prompts from a small vocabulary.
      await opened.db.execute(sql`
        insert into item (task_uuid, author_id, media_uuid, kind, mime, width, height, seed, storage_key, bytes,
          created_at, task_type, workflow, model, prompt, review_state)
        select ${taskUUID}::uuid, ${author}, 'm' || g, 'image', 'image/png', 512, 512, 1, 'items/x/' || g || '.png', 1,
          now() - (g || ' minutes')::interval, 'imageInference',
          (array['text-to-image','image-to-image','inpainting','controlnet'])[1 + g % 4],
          'runware:' || (g % 20) || '@1',
          (array['fox','owl','city','tower','river','forest','glass','snow'])[1 + g % 8] || ' scene number ' || g,
          (array['draft','draft','draft','in_review','approved','rejected'])[1 + g % 6]
        from generate_series(1, 50000) g`);
      await opened.db.execute(sql`analyze item`);
    }, 120_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function plan(query: string): Promise<string> {
      const filter = filterOf(query);
      const select = opened.db
        .select({ id: item.id })
        .from(item)
        .where(sql.join(filterConditions(filter, { id: author }), sql` and `))
        .orderBy(...sortOrder(filter.sort ?? "newest", "after", await searchIsRare(opened.db, filter)))
        .limit(51);
      const rows = await queryRows<{ "QUERY PLAN": string }>(opened, sql`explain ${select}`);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    }

    it.each([
      "",
      "workflow=inpainting",
      "state=approved",
      "model=runware:3@1",
      "q=owl",
      "q=owl scene 4242",
      "q=owl&workflow=inpainting&sort=rating",
      "sort=rating",
      `author=x`,
    ])("reads ?%s through an index", async (query) => {
      const text = await plan(query);
      expect(text).toMatch(/Index|Bitmap/);
      expect(text).not.toMatch(/Seq Scan on item/);
    });
  });
}
