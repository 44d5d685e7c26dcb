import "server-only";
import { and, count, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemMonth } from "@/lib/server/db/schema";
import { stacksSeeds } from "@/lib/server/seed-stacks/cover-condition";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";
import type { GalleryTotals } from "@/lib/studio/items/gallery-item";
import { type FilterViewer, filterConditions, isWholeGallery } from "./filter-query";

/**
 * How many live items the filtered view holds, and the whole gallery: the page's "N of M", and the
 * stacks they fold into when seeds are stacked ("12 results in 5 stacks"). The
 * whole gallery's count is the sum of its months' kept counts (`item_month`: a few rows, whatever
 * the gallery's size). A filtered view's is counted with the page's own conditions, so the
 * `item_live_*` partial index the page itself uses answers it (an index-only scan).
 */
export async function galleryTotals(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: FilterViewer,
): Promise<GalleryTotals> {
  const where = filterConditions(filter, viewer);
  const liveOnly = isWholeGallery(filter, where);
  // Each stack is one card, shown by its best member the view admits: so the view's cards are its
  // matching items without a seed key, plus one per seed key among the rest.
  const stacked = stacksSeeds(filter);
  const [matching, all, stacks] = await Promise.all([
    liveOnly
      ? Promise.resolve(null)
      : db
          .select({ n: count() })
          .from(item)
          .where(and(...where)),
    db.select({ n: sql<number>`coalesce(sum(${itemMonth.live}), 0)::int` }).from(itemMonth),
    stacked
      ? db
          .select({
            n: sql<number>`(count(*) filter (where ${item.seedKey} is null) + count(distinct ${item.seedKey}))::int`,
          })
          .from(item)
          .where(and(...where))
      : Promise.resolve(null),
  ]);
  const whole = Number(all[0]?.n ?? 0);
  return {
    matching: matching === null ? whole : Number(matching[0]?.n ?? 0),
    all: whole,
    stacks: stacks === null ? null : Number(stacks[0]?.n ?? 0),
  };
}
