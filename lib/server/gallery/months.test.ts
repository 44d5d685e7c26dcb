import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { item } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import {
  backendTitle,
  createTestUser,
  queryRows,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { api } from "@/lib/studio/api";
import { type GalleryFilter, parseGalleryFilter } from "@/lib/studio/gallery/filter";
import type { GalleryMonth } from "@/lib/studio/gallery/months";
import { galleryTotals } from "./filter-count";
import { decodeFilterCursor, filteredItems } from "./filter-query";
import { filteredGalleryPage } from "./gallery-page";
import { galleryMonths } from "./months";

function filterOf(query: string): GalleryFilter {
  const outcome = parseGalleryFilter(new URLSearchParams(query));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.filter;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the gallery's months"), () => {
    let opened: TestDatabase;
    let ada: string;
    const ids = new Map<string, string>();

    async function add(name: string, at: string, params: Record<string, unknown> = {}) {
      const taskUUID = randomUUID();
      const isVideo = params.taskType === "videoInference";
      await recordTasks(opened.db, ada, [
        { taskType: "imageInference", taskUUID, positivePrompt: name, ...params },
      ]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: isVideo ? "video" : "image",
        mime: isVideo ? "video/mp4" : "image/png",
        width: 512,
        height: 512,
        seed: 1,
        storageKey: `items/test/${mediaUUID}.png`,
        bytes: 10,
      });
      await opened.db
        .update(item)
        .set({ createdAt: new Date(at) })
        .where(eq(item.id, row.id));
      ids.set(row.id, name);
      return row.id;
    }

    beforeAll(async () => {
      opened = await backend.open();
      ada = await createTestUser(opened, `ada-${randomUUID().slice(0, 6)}`);
      await add("dec", "2025-12-15T10:00:00Z");
      await add("jan-early", "2026-01-02T08:00:00Z");
      await add("jan-late", "2026-01-31T23:59:59.999Z", { taskType: "videoInference" });
      const gone = await add("feb-gone", "2026-02-10T12:00:00Z");
      await opened.db.update(item).set({ deletedAt: new Date() }).where(eq(item.id, gone));
      await add("mar-first", "2026-03-01T00:00:00Z");
      await add("mar-mid", "2026-03-14T12:00:00Z", { taskType: "videoInference" });
      // 23:30 UTC on the 31st is April 1st east of Greenwich: months are UTC months.
      await add("mar-last", "2026-03-31T23:30:00Z");
      await add("may", "2026-05-05T05:00:00Z");
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    const viewer = () => ({ id: ada });

    it("counts live items per UTC month, newest first, trash left out", async () => {
      expect(await galleryMonths(opened.db, filterOf(""), viewer())).toEqual([
        { month: "2026-05", count: 1 },
        { month: "2026-03", count: 3 },
        { month: "2026-01", count: 2 },
        { month: "2025-12", count: 1 },
      ]);
    });

    it("counts under the same filter as the page", async () => {
      expect(await galleryMonths(opened.db, filterOf("kind=video"), viewer())).toEqual([
        { month: "2026-03", count: 1 },
        { month: "2026-01", count: 1 },
      ]);
      expect(await galleryMonths(opened.db, filterOf("from=2026-01-15&to=2026-03-31"), viewer())).toEqual([
        { month: "2026-03", count: 3 },
        { month: "2026-01", count: 1 },
      ]);
      expect(await galleryMonths(opened.db, filterOf("q=nothing-matches-this"), viewer())).toEqual([]);
    });

    async function names(query: string, at: string, cursor: string | null = null, limit = 50) {
      const filter = filterOf(query);
      const key = cursor ? decodeFilterCursor(cursor, filter.sort ?? "newest") : null;
      const page = await filteredItems(opened.db, filter, viewer(), { cursor: key, limit, at });
      return { names: page.rows.map((r) => ids.get(r.id)), next: page.nextCursor };
    }

    it("starts newest first at the month's newest item, or the next older month's", async () => {
      expect((await names("", "2026-03")).names).toEqual([
        "mar-last",
        "mar-mid",
        "mar-first",
        "jan-late",
        "jan-early",
        "dec",
      ]);
      // April holds nothing, February only trash: each lands on the next older month.
      expect((await names("", "2026-04")).names[0]).toBe("mar-last");
      expect((await names("", "2026-02")).names[0]).toBe("jan-late");
      expect((await names("", "2025-11")).names).toEqual([]);
      expect((await names("", "2027-01")).names[0]).toBe("may");
    });

    it("starts oldest first at the month's oldest item, or the next newer month's", async () => {
      expect((await names("sort=oldest", "2026-03")).names).toEqual([
        "mar-first",
        "mar-mid",
        "mar-last",
        "may",
      ]);
      expect((await names("sort=oldest", "2026-02")).names[0]).toBe("mar-first");
    });

    it("keeps the filter and pages on from the jump with the list's cursor", async () => {
      expect((await names("kind=image", "2026-02")).names).toEqual(["jan-early", "dec"]);
      const first = await names("", "2026-03", null, 2);
      expect(first.names).toEqual(["mar-last", "mar-mid"]);
      const second = await names("", "2026-03", first.next, 2);
      expect(second.names).toEqual(["mar-first", "jan-late"]);
      const page = await filteredGalleryPage(opened.db, filterOf(""), viewer(), {
        cursor: first.next,
        limit: 2,
        at: "2026-03",
      });
      expect(page.items.map((i) => ids.get(i.id))).toEqual(["mar-first", "jan-late"]);
    });

    it("keeps the whole gallery's months counted through trash, restore, purge and a new date", async () => {
      const idOf = (name: string) => [...ids].find(([, n]) => n === name)?.[0] ?? "";
      // What the kept counts must always equal: every live item counted.
      const counted = async () =>
        (
          await queryRows<GalleryMonth>(
            opened,
            sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as count
              from item where deleted_at is null group by 1 order by 1 desc`,
          )
        ).map((r) => ({ month: r.month, count: Number(r.count) }));
      const kept = () => galleryMonths(opened.db, filterOf(""), viewer());
      const monthOf = async (month: string) => (await kept()).find((m) => m.month === month)?.count;

      await opened.db
        .update(item)
        .set({ deletedAt: new Date() })
        .where(eq(item.id, idOf("mar-mid")));
      expect(await monthOf("2026-03")).toBe(2);
      expect(await kept()).toEqual(await counted());
      await opened.db
        .update(item)
        .set({ deletedAt: null })
        .where(eq(item.id, idOf("mar-mid")));
      expect(await monthOf("2026-03")).toBe(3);
      await opened.db
        .update(item)
        .set({ createdAt: new Date("2026-06-01T00:00:00Z") })
        .where(eq(item.id, idOf("may")));
      expect(await monthOf("2026-05")).toBeUndefined();
      expect(await monthOf("2026-06")).toBe(1);
      await opened.db.delete(item).where(eq(item.id, idOf("dec")));
      expect(await monthOf("2025-12")).toBeUndefined();
      // A review change touches neither month nor liveness.
      await opened.db.update(item).set({ reviewState: "approved" });
      expect(await kept()).toEqual(await counted());
      const totals = await galleryTotals(opened.db, filterOf(""), viewer());
      expect(totals).toMatchObject({ matching: 6, all: 6 });
      expect(await galleryTotals(opened.db, filterOf("kind=video"), viewer())).toMatchObject({
        matching: 2,
        all: 6,
      });
    });

    it("refuses a jump in the best-rated order", async () => {
      await expect(names("sort=rating", "2026-03")).rejects.toMatchObject({
        status: 400,
        errors: [{ code: "invalidAt", parameter: "at" }],
      });
    });
  });
}

describe("the list's `at` parameter", () => {
  const parse = (query: Record<string, string>) => api.items.list.spec.query.safeParse(query);

  it("takes a month as YYYY-MM", () => {
    expect(parse({ at: "2026-03" }).data).toMatchObject({ at: "2026-03" });
    expect(parse({ at: "" }).data?.at).toBeUndefined();
  });

  it("refuses anything else, naming `at`", () => {
    for (const at of ["2026-13", "2026-00", "2026-3", "0000-01", "2026-03-01", "march"]) {
      const parsed = parse({ at });
      expect(parsed.success, at).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["at"]);
    }
  });

  it("refuses a jump with the best-rated order, naming `at`", () => {
    const parsed = parse({ at: "2026-03", sort: "rating" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([["at"]]);
    expect(parse({ at: "2026-03", sort: "oldest" }).success).toBe(true);
  });
});
