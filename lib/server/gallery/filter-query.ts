import "server-only";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeKeys, encodeKeys } from "@/lib/server/db/cursor";
import { boardItem, type ItemRow, item, itemColumns, itemStar, itemTag } from "@/lib/server/db/schema";
import { withSeedStacks } from "@/lib/server/seed-stacks/cover-condition";
import { isUuid } from "@/lib/studio/api/endpoint";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GalleryFilter, GallerySort } from "@/lib/studio/gallery/filter";
import { monthBounds } from "@/lib/studio/gallery/months";

/**
 * The gallery's filter as one query over `item`: live items only (every `item_live_*` partial
 * index carries `deleted_at is null`, so the planner can use them), each filter a condition on
 * the item's own columns or an `exists` on a small join table, ordered by the sort key and id so
 * that a page cursor is a row comparison on the index's own order.
 */

/** How many conditions an unfiltered view has: live, and the newest of its stack. */
const CARD_CONDITIONS = 2;

/** The conditions name no filter: the whole gallery, whose counts `item_month` keeps. */
export function isWholeGallery(filter: GalleryFilter, where: readonly SQL[]): boolean {
  return showsStacks(filter) && where.length === CARD_CONDITIONS;
}

/**
 * Boards, tags and stars hold one item, not its stack: a view by them shows each item they hold,
 * older versions included (the stack's newest version may not be on the board).
 */
function showsStacks(filter: GalleryFilter): boolean {
  return filter.board === undefined && filter.tag === undefined && !filter.starred;
}

/** Who asks: `starred` and `assignee=me` are theirs. */
export interface FilterViewer {
  id: string;
}

const rating = sql`coalesce(${item.ratingAvg}, 0)`;

/**
 * The conditions of `filter`, live items only, a version stack as its newest live version (an
 * older one is `superseded`: a filter on the rows the partial indexes already hold).
 */
export function filterConditions(filter: GalleryFilter, viewer: FilterViewer): SQL[] {
  const where: SQL[] = [sql`${item.deletedAt} is null`];
  if (showsStacks(filter)) where.push(sql`not ${item.superseded}`);
  if (filter.q !== undefined) where.push(sql`${item.search} @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.workflow?.length) {
    const [only] = filter.workflow;
    where.push(
      filter.workflow.length === 1 && only !== undefined
        ? eq(item.workflow, only)
        : inArray(item.workflow, filter.workflow),
    );
  }
  if (filter.taskType !== undefined) where.push(eq(item.taskType, filter.taskType));
  if (filter.model !== undefined) where.push(eq(item.model, filter.model));
  if (filter.lora !== undefined) where.push(sql`${item.loras} @> array[${filter.lora}]::text[]`);
  if (filter.author !== undefined) where.push(eq(item.authorId, filter.author));
  if (filter.from !== undefined)
    where.push(sql`${item.createdAt} >= ${`${filter.from}T00:00:00Z`}::timestamptz`);
  if (filter.to !== undefined) {
    where.push(sql`${item.createdAt} < (${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  }
  if (filter.board !== undefined) {
    where.push(
      sql`exists (select 1 from ${boardItem} where ${boardItem.boardId} = ${filter.board}::uuid and ${boardItem.itemId} = ${item.id})`,
    );
  }
  if (filter.tag !== undefined) {
    where.push(
      sql`exists (select 1 from ${itemTag} where ${itemTag.tag} = ${filter.tag} and ${itemTag.itemId} = ${item.id})`,
    );
  }
  if (filter.starred) {
    where.push(
      sql`exists (select 1 from ${itemStar} where ${itemStar.userId} = ${viewer.id} and ${itemStar.itemId} = ${item.id})`,
    );
  }
  if (filter.rating !== undefined) where.push(sql`${item.ratingAvg} >= ${filter.rating}`);
  if (filter.state?.length) {
    const [only] = filter.state;
    where.push(
      filter.state.length === 1 && only !== undefined
        ? eq(item.reviewState, only)
        : inArray(item.reviewState, filter.state),
    );
  }
  if (filter.kind !== undefined) where.push(eq(item.kind, filter.kind));
  if (filter.aspect === "square") where.push(sql`${item.width} = ${item.height}`);
  if (filter.aspect === "landscape") where.push(sql`${item.width} > ${item.height}`);
  if (filter.aspect === "portrait") where.push(sql`${item.width} < ${item.height}`);
  if (filter.assignee !== undefined) {
    where.push(eq(item.assigneeId, filter.assignee === "me" ? viewer.id : filter.assignee));
  }
  return where;
}

/** Where an item stands in a sort: what a cursor carries. */
export interface SortKey {
  rating: number;
  createdAt: Date;
  id: string;
}

/** The sort's key columns, in the order of the index that serves it. */
function keyColumns(sort: GallerySort): SQL {
  return sort === "rating"
    ? sql`(${rating}, ${item.createdAt}, ${item.id})`
    : sql`(${item.createdAt}, ${item.id})`;
}

function keyValues(sort: GallerySort, key: SortKey): SQL {
  const at = sql`${key.createdAt.toISOString()}::timestamptz`;
  const id = sql`${key.id}::uuid`;
  return sort === "rating" ? sql`(${key.rating}::float8, ${at}, ${id})` : sql`(${at}, ${id})`;
}

/** Items after `key` in the sort's order (`before`: the ones before it, nearest first). */
export function afterKey(sort: GallerySort, key: SortKey, direction: "after" | "before" = "after"): SQL {
  const ascending = sort === "oldest";
  const later = ascending === (direction === "after");
  return later
    ? sql`${keyColumns(sort)} > ${keyValues(sort, key)}`
    : sql`${keyColumns(sort)} < ${keyValues(sort, key)}`;
}

/**
 * The sort's ORDER BY. With `byMatch` the keys are written as expressions no index provides
 * (`+ 0`: the same values), so the planner finds the search's matches through the GIN index and
 * sorts only them, instead of walking the newest-first index and testing every row (see
 * `searchIsRare`).
 */
export function sortOrder(
  sort: GallerySort,
  direction: "after" | "before" = "after",
  byMatch = false,
): SQL[] {
  const descending = (sort !== "oldest") === (direction === "after");
  const by = descending ? desc : asc;
  const at = byMatch ? sql`${item.createdAt} + interval '0 seconds'` : item.createdAt;
  return sort === "rating"
    ? [by(byMatch ? sql`${rating} + 0` : rating), by(at), by(item.id)]
    : [by(at), by(item.id)];
}

/**
 * Where a jump to `month` starts the list: newest first, at the month's newest item or the next
 * older one; oldest first, at its oldest item or the next newer one.
 */
export function jumpCondition(sort: GallerySort, month: string): SQL {
  const { start, end } = monthBounds(month);
  return sort === "oldest"
    ? sql`${item.createdAt} >= ${start}::timestamptz`
    : sql`${item.createdAt} < ${end}::timestamptz`;
}

export function sortKeyOf(row: Pick<ItemRow, "ratingAvg" | "createdAt" | "id">): SortKey {
  return { rating: row.ratingAvg ?? 0, createdAt: row.createdAt, id: row.id };
}

/** Opaque to callers: the sort it belongs to and the last item's key. */
export function encodeFilterCursor(sort: GallerySort, key: SortKey): string {
  const parts: (string | number)[] = [sort, key.createdAt.getTime(), key.id];
  if (sort === "rating") parts.push(key.rating);
  return encodeKeys(parts);
}

/** The key in `cursor`; a cursor of another sort or not one at all is refused (`invalidCursor`). */
export function decodeFilterCursor(cursor: string, sort: GallerySort): SortKey {
  const [kind, ms, id, ratingText] = decodeKeys(cursor, sort === "rating" ? 4 : 3);
  if (kind !== sort || !/^\d{1,15}$/.test(ms ?? "") || !isUuid(id)) throw studioErrors.invalidCursor();
  const value = sort === "rating" ? Number(ratingText) : 0;
  if (!Number.isFinite(value) || value < 0 || value > 5) throw studioErrors.invalidCursor();
  return { rating: value, createdAt: new Date(Number(ms)), id: id.toLowerCase() };
}

/** Below this many matches a search is read through its GIN index and sorted (see `searchIsRare`). */
export const RARE_SEARCH_MATCHES = 500;

/**
 * Whether the search in `filter` matches few live items. The planner guesses a search's matches
 * from word statistics, and for words that are common alone but seldom together (or a rare word)
 * it may walk the newest-first index testing every row, reading the whole table to fill a page.
 * Counting up to `RARE_SEARCH_MATCHES` matches costs a millisecond and settles it: few matches are
 * found by the GIN index and sorted; many are dense enough that the index walk fills a page early.
 */
export async function searchIsRare(db: StudioDatabase, filter: GalleryFilter): Promise<boolean> {
  if (filter.q === undefined) return false;
  const rows = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${item} where ${item.search} @@ websearch_to_tsquery('english', ${filter.q}) and ${item.deletedAt} is null limit ${RARE_SEARCH_MATCHES}) s`,
  )) as unknown as { rows: { n: number }[] };
  return (rows.rows[0]?.n ?? 0) < RARE_SEARCH_MATCHES;
}

export interface FilteredPage {
  rows: ItemRow[];
  nextCursor: string | null;
}

/** One page of the filtered view. */
export async function filteredItems(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: FilterViewer,
  page: { cursor: SortKey | null; limit: number; at?: string | undefined },
): Promise<FilteredPage> {
  const sort = filter.sort ?? "newest";
  const where = withSeedStacks(filter, filterConditions(filter, viewer));
  if (page.at !== undefined) {
    if (sort === "rating") throw studioErrors.jumpNeedsDateOrder();
    where.push(jumpCondition(sort, page.at));
  }
  if (page.cursor !== null) where.push(afterKey(sort, page.cursor));
  const byMatch = await searchIsRare(db, filter);
  const rows = await db
    .select(itemColumns)
    .from(item)
    .where(and(...where))
    .orderBy(...sortOrder(sort, "after", byMatch))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > page.limit && last ? encodeFilterCursor(sort, sortKeyOf(last)) : null,
  };
}

/** The ids of the items just before and after `itemId` in the filtered order; null at either end. */
export async function neighborIds(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: FilterViewer,
  itemId: string,
): Promise<{ previousId: string | null; nextId: string | null } | null> {
  const [row] = await db
    .select({ id: item.id, ratingAvg: item.ratingAvg, createdAt: item.createdAt })
    .from(item)
    .where(eq(item.id, itemId));
  if (!row) return null;
  const sort = filter.sort ?? "newest";
  const key = sortKeyOf(row);
  const byMatch = await searchIsRare(db, filter);
  const one = (direction: "after" | "before") =>
    db
      .select({ id: item.id })
      .from(item)
      .where(and(...withSeedStacks(filter, filterConditions(filter, viewer)), afterKey(sort, key, direction)))
      .orderBy(...sortOrder(sort, direction, byMatch))
      .limit(1);
  const [before, after] = await Promise.all([one("before"), one("after")]);
  return { previousId: before[0]?.id ?? null, nextId: after[0]?.id ?? null };
}
