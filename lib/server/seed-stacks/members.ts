import "server-only";
import { and, count, desc, eq, inArray, isNull, ne, not, or, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { type ItemRow, item, itemColumns } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/studio/api/endpoint";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** A seed stack's members: live, each the card of its own version stack. */
const memberConditions = (key: string) => [
  eq(item.seedKey, key),
  isNull(item.deletedAt),
  not(item.superseded),
];

/** The cover's order: best rated, then newest (the order `seedCoverCondition` ranks by). */
const coverOrder = [desc(sql`coalesce(${item.ratingAvg}, 0)`), desc(item.createdAt), desc(item.id)];

/** How many members each of `keys` holds, in one grouped read of the seed index. */
export async function seedCounts(db: StudioDatabase, keys: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ key: item.seedKey, n: count() })
    .from(item)
    .where(and(inArray(item.seedKey, unique), isNull(item.deletedAt), not(item.superseded)))
    .groupBy(item.seedKey);
  return new Map(rows.map((r) => [r.key ?? "", r.n]));
}

/**
 * How many members the stack `key` holds besides the results of `taskUUID`: what a task's results
 * add to, counted once per task rather than once per result.
 */
export async function seedCountBesides(db: StudioDatabase, key: string, taskUUID: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(item)
    .where(and(...memberConditions(key), ne(item.taskUUID, taskUUID)));
  return row?.n ?? 0;
}

/** A page's cards, each one standing for a stack of several seeds marked with the stack's size. */
export async function withSeedCounts(db: StudioDatabase, cards: GalleryItem[]): Promise<GalleryItem[]> {
  const counts = await seedCounts(
    db,
    cards.flatMap((c) => (c.seedKey ? [c.seedKey] : [])),
  );
  return cards.map((card) => {
    const n = card.seedKey ? (counts.get(card.seedKey) ?? 1) : 1;
    return n > 1 ? { ...card, seedCount: n } : card;
  });
}

/**
 * The members of an item's seed stack, cover first (best rated, then newest): the live ones, and
 * the asked item even when it is not (the viewer may have opened it from the trash). Rows: the
 * caller makes them views as every list does.
 */
export async function seedStackRows(
  db: StudioDatabase,
  id: string,
): Promise<{ cover: string; rows: ItemRow[] }> {
  if (!isUuid(id)) throw studioErrors.itemNotFound();
  const [found] = await db
    .select({ id: item.id, seedKey: item.seedKey })
    .from(item)
    .where(eq(item.id, id.toLowerCase()));
  if (!found) throw studioErrors.itemNotFound();
  const rows = await db
    .select(itemColumns)
    .from(item)
    .where(
      found.seedKey === null
        ? eq(item.id, found.id)
        : or(and(...memberConditions(found.seedKey)), eq(item.id, found.id)),
    )
    .orderBy(...coverOrder);
  const live = rows.find((r) => r.deletedAt === null && !r.superseded);
  return { cover: live?.id ?? found.id, rows };
}
