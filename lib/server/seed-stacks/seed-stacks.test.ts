import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { item, user } from "@/lib/server/db/schema";
import { seedKeyOf } from "@/lib/server/db/seed-key";
import { recordTasks } from "@/lib/server/db/task-records";
import { backendTitle, queryRows, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { galleryTotals } from "@/lib/server/gallery/filter-count";
import { decodeFilterCursor, filteredItems, neighborIds } from "@/lib/server/gallery/filter-query";
import { filteredGalleryPage } from "@/lib/server/gallery/gallery-page";
import { rateItem } from "@/lib/server/review/actions";
import type { GalleryFilter, GallerySort } from "@/lib/studio/gallery/filter";
import { seedStackRows } from "./members";

/** A small seeded generator, so a failing case can be run again. */
function randomOf(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

/**
 * The test's own idea of "differs only by seed", apart from `seedKeyOf`: the params without the
 * keys that do not change the picture, compared as values (keys in any order).
 */
function recipeOfForTest(params: Record<string, unknown>): string {
  const skip = new Set(["taskUUID", "seed", "numberResults", "includeCost", "outputType", "deliveryMethod"]);
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return JSON.stringify(sorted(Object.fromEntries(Object.entries(params).filter(([k]) => !skip.has(k)))));
}

/** The migration's backfill, as written there (found by what it does, whatever the migration's number). */
function backfillStatement(): string {
  const folder = path.join(process.cwd(), "lib/server/db/migrations");
  const statement = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .flatMap((name) => fs.readFileSync(path.join(folder, name), "utf8").split("--> statement-breakpoint"))
    .find((s) => s.includes('UPDATE "item" SET "seed_key"'));
  if (!statement) throw new Error("the migration has no backfill");
  return statement;
}

interface Kept {
  id: string;
  recipe: string;
  rating: number;
  createdAt: Date;
}

const rank = (k: Kept) => [k.rating, k.createdAt.getTime(), k.id] as const;
function above(a: Kept, b: Kept): boolean {
  const [x, y] = [rank(a), rank(b)];
  if (x[0] !== y[0]) return x[0] > y[0];
  if (x[1] !== y[1]) return x[1] > y[1];
  return x[2] > y[2];
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "seed stacks"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = `u-${randomUUID()}`;
      await opened.db
        .insert(user)
        .values({ id: author, name: "Ada", email: `${author}@example.com`, role: "owner" });
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function keep(params: Record<string, unknown>, seed: number): Promise<string> {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, author, [{ taskType: "imageInference", taskUUID, ...params }]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "image",
        mime: "image/png",
        width: 64,
        height: 64,
        seed,
        storageKey: `items/test/${mediaUUID}.png`,
        bytes: 10,
      });
      return row.id;
    }

    async function clear() {
      await opened.db.execute(sql`delete from ${item}`);
    }

    it("writes the key when an item is kept, and the migration's backfill writes the same one", async () => {
      await clear();
      const rnd = randomOf(7);
      const odd = [1e-7, 0.1, 7.5, 1e21, -3, 2 ** 53, 0, 123456.789];
      const words = ['a "quoted" fox', "line\nbreak", "émoji 🦊", "tab\there", "back\\slash", "日本"];
      const ids: string[] = [];
      const expected = new Map<string, string>();
      for (let i = 0; i < 40; i++) {
        const params: Record<string, unknown> = {
          positivePrompt: rnd.pick(words),
          model: `runware:${rnd.int(3)}@1`,
          CFGScale: rnd.pick(odd),
          [rnd.pick(["é", "zz", "a", "ab", "Z"])]: rnd.pick([
            true,
            null,
            rnd.pick(words),
            { b: 1, a: [1, "x"] },
          ]),
          lora: rnd.next() < 0.5 ? [] : [{ weight: rnd.pick(odd), model: "civitai:7@1" }],
          seed: rnd.int(1_000_000),
        };
        const id = await keep(params, Number(params.seed));
        ids.push(id);
        expected.set(id, seedKeyOf({ taskType: "imageInference", ...params }));
      }
      const kept = await opened.db.select({ id: item.id, key: item.seedKey }).from(item);
      for (const row of kept) expect(row.key).toBe(expected.get(row.id));
      await opened.db.update(item).set({ seedKey: null });
      await opened.db.execute(sql.raw(backfillStatement()));
      const filled = await opened.db.select({ id: item.id, key: item.seedKey }).from(item);
      expect(filled).toHaveLength(ids.length);
      for (const row of filled) expect(row.key).toBe(expected.get(row.id));
    });

    it("over random recipes: one card per stack, its best rated member, every item paged once", async () => {
      await clear();
      const rnd = randomOf(20260);
      const bases = Array.from({ length: 7 }, (_, i) => ({
        positivePrompt: `A lighthouse, take ${i}`,
        model: "runware:100@1",
        width: 512,
        height: 512,
        steps: 20 + (i % 3),
        lora: i % 2 === 0 ? [{ model: "civitai:7@1", weight: 0.8 }] : [],
      }));
      const changes: ((p: Record<string, unknown>) => Record<string, unknown>)[] = [
        (p) => ({ ...p, positivePrompt: `${p.positivePrompt} at dusk` }),
        (p) => ({ ...p, width: 768 }),
        (p) => ({ ...p, lora: [...(p.lora as unknown[]), { model: "civitai:8@1", weight: 0.5 }] }),
        (p) => ({ ...p, steps: 50 }),
        (p) => ({ ...p, numberResults: 3, includeCost: true }),
      ];
      const kept: Kept[] = [];
      const start = Date.parse("2026-05-01T00:00:00Z");
      for (let i = 0; i < 90; i++) {
        let params: Record<string, unknown> = { ...rnd.pick(bases) };
        if (rnd.next() < 0.4) params = rnd.pick(changes)(params);
        if (rnd.next() < 0.8) params.seed = rnd.int(2 ** 31);
        const id = await keep(params, rnd.int(2 ** 31));
        // Some share a moment, so the id settles the order.
        const createdAt = new Date(start + rnd.int(40) * 60_000);
        const rating = rnd.next() < 0.4 ? 0 : 1 + rnd.int(5);
        await opened.db
          .update(item)
          .set({ createdAt, ratingAvg: rating === 0 ? null : rating, ratingCount: rating === 0 ? 0 : 1 })
          .where(eq(item.id, id));
        kept.push({ id, recipe: recipeOfForTest(params), rating, createdAt });
      }
      const stacks = new Map<string, Kept[]>();
      for (const k of kept) stacks.set(k.recipe, [...(stacks.get(k.recipe) ?? []), k]);
      const coverOf = (members: readonly Kept[]) => members.reduce((best, k) => (above(k, best) ? k : best));
      const recipeOf = new Map(kept.map((k) => [k.id, k.recipe]));
      expect(stacks.size).toBeGreaterThan(7);
      expect(stacks.size).toBeLessThan(kept.length);

      async function walk(filter: GalleryFilter, limit: number): Promise<string[]> {
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let n = 0; n < 200; n++) {
          const page = await filteredItems(
            opened.db,
            filter,
            { id: author },
            {
              cursor: cursor ? decodeFilterCursor(cursor, filter.sort ?? "newest") : null,
              limit,
            },
          );
          seen.push(...page.rows.map((r) => r.id));
          cursor = page.nextCursor;
          if (cursor === null) return seen;
        }
        throw new Error("the pages never ended");
      }

      for (const sort of ["newest", "oldest", "rating"] as GallerySort[]) {
        for (const limit of [1, 4, 7]) {
          const cards = await walk({ sort }, limit);
          expect(new Set(cards).size).toBe(cards.length);
          expect(cards.map((id) => recipeOf.get(id)).sort()).toEqual([...stacks.keys()].sort());
          for (const id of cards) expect(id).toBe(coverOf(stacks.get(recipeOf.get(id) ?? "") ?? []).id);
          const apart = await walk({ sort, seeds: "apart" }, limit);
          expect([...apart].sort()).toEqual(kept.map((k) => k.id).sort());
        }
      }

      // A filter that admits some members shows each stack by its best admitted member.
      const approved = kept.filter(() => rnd.next() < 0.35);
      await opened.db
        .update(item)
        .set({ reviewState: "approved" })
        .where(
          inArray(
            item.id,
            approved.map((k) => k.id),
          ),
        );
      const filtered = await walk({ state: ["approved"] }, 3);
      const approvedStacks = new Map<string, Kept[]>();
      for (const k of approved) approvedStacks.set(k.recipe, [...(approvedStacks.get(k.recipe) ?? []), k]);
      expect(filtered.map((id) => recipeOf.get(id)).sort()).toEqual([...approvedStacks.keys()].sort());
      for (const id of filtered)
        expect(id).toBe(coverOf(approvedStacks.get(recipeOf.get(id) ?? "") ?? []).id);

      // The count above the cards names the items and the stacks (cards) they fold into.
      expect(await galleryTotals(opened.db, {}, { id: author })).toEqual({
        matching: kept.length,
        all: kept.length,
        stacks: stacks.size,
      });
      expect(await galleryTotals(opened.db, { state: ["approved"] }, { id: author })).toEqual({
        matching: approved.length,
        all: kept.length,
        stacks: filtered.length,
      });
      expect((await galleryTotals(opened.db, { seeds: "apart" }, { id: author })).stacks).toBe(null);

      // The viewer's neighbours walk the same cards.
      const cards = await walk({}, 10);
      let at: string | null = cards[0] ?? null;
      const stepped: string[] = [];
      while (at !== null) {
        stepped.push(at);
        at = (await neighborIds(opened.db, {}, { id: author }, at))?.nextId ?? null;
      }
      expect(stepped).toEqual(cards);

      // The page marks a stack's card with its size; the members are the stack, cover first.
      const page = await filteredGalleryPage(opened.db, {}, { id: author }, { limit: 100 });
      for (const card of page.items) {
        const size = stacks.get(recipeOf.get(card.id) ?? "")?.length ?? 0;
        expect(card.seedCount).toBe(size > 1 ? size : undefined);
        const { cover, rows: members } = await seedStackRows(opened.db, card.id);
        expect(cover).toBe(card.id);
        expect(members.map((m) => m.id).sort()).toEqual(
          (stacks.get(recipeOf.get(card.id) ?? "") ?? []).map((k) => k.id).sort(),
        );
        expect(members[0]?.id).toBe(card.id);
      }
    }, 240_000);

    it("moves the cover to a member rated above it", async () => {
      await clear();
      const recipe = { positivePrompt: "A red kite", model: "runware:100@1", width: 512, height: 512 };
      const first = await keep({ ...recipe, seed: 1 }, 1);
      const second = await keep({ ...recipe, seed: 2 }, 2);
      const third = await keep({ ...recipe, seed: 3 }, 3);
      const other = await keep({ ...recipe, positivePrompt: "A blue kite", seed: 1 }, 1);
      const day = Date.parse("2026-06-01T00:00:00Z");
      for (const [i, id] of [first, second, third, other].entries()) {
        await opened.db
          .update(item)
          .set({ createdAt: new Date(day + i * 1000) })
          .where(eq(item.id, id));
      }
      const cards = async () =>
        (await filteredGalleryPage(opened.db, {}, { id: author }, { limit: 10 })).items.map((i) => [
          i.id,
          i.seedCount,
        ]);
      expect(await cards()).toEqual([
        [other, undefined],
        [third, 3],
      ]);
      const deps = { db: opened.db, log: { publishGallery: () => {} } };
      await rateItem(deps, { id: author, name: "Ada", role: "owner" }, first, 4);
      // The card now stands where its cover does: the oldest, after the other prompt's.
      expect(await cards()).toEqual([
        [other, undefined],
        [first, 3],
      ]);
      const rows = await queryRows<{ n: number }>(
        opened,
        sql`select count(*)::int as n from ${item} where ${item.seedKey} is null`,
      );
      expect(rows[0]?.n).toBe(0);
    });
  });
}
