import "server-only";
import { and, type SQL, sql } from "drizzle-orm";
import { item } from "@/lib/server/db/schema";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";

/**
 * A seed stack shows as one card: its cover, the member that ranks first (best rated, then
 * newest, then by id) among the members the view's own conditions admit. So a filter or a search
 * that matches one member shows the stack by that member, and paging walks covers only: each
 * stack is one row of the sort, on one page.
 *
 * The cover test is one range of `item_live_seed_idx` per card: "no member of this card's stack,
 * admitted by the same conditions, ranks above it". The conditions are written against `item`, so
 * the card's values are first taken into `seed_card` (a FROM-less select, which reads the outer
 * row), and the inner `item` is then the member.
 */
export function seedCoverCondition(where: readonly SQL[]): SQL {
  const rating = sql`coalesce(${item.ratingAvg}, 0)`;
  const card = sql`select ${item.seedKey} as k, ${rating} as r, ${item.createdAt} as c, ${item.id} as i`;
  const above = sql`(${rating}, ${item.createdAt}, ${item.id}) > (seed_card.r, seed_card.c, seed_card.i)`;
  return sql`(${item.seedKey} is null or not exists (select 1 from (${card}) as seed_card where exists (select 1 from ${item} where ${item.seedKey} = seed_card.k and ${above} and ${and(...where)})))`;
}

/** Whether the view folds seed stacks: unless asked to show each seed apart. */
export function stacksSeeds(filter: GalleryFilter): boolean {
  return filter.seeds !== "apart";
}

/** The view's conditions, with seed stacks folded to their covers when the view stacks them. */
export function withSeedStacks(filter: GalleryFilter, where: SQL[]): SQL[] {
  return stacksSeeds(filter) ? [...where, seedCoverCondition(where)] : where;
}
