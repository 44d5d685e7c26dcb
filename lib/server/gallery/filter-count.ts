import "server-only";
import { and, count, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemMonth } from "@/lib/server/db/schema";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";
import type { GalleryTotals } from "@/lib/studio/items/gallery-item";
import { type FilterViewer, filterConditions, isWholeGallery } from "./filter-query";

/**
 * How many live items the filtered view holds, and the whole gallery: the page's "N of M". The
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
  const [matching, all] = await Promise.all([
    liveOnly
      ? Promise.resolve(null)
      : db
          .select({ n: count() })
          .from(item)
          .where(and(...where)),
    db.select({ n: sql<number>`coalesce(sum(${itemMonth.live}), 0)::int` }).from(itemMonth),
  ]);
  const whole = Number(all[0]?.n ?? 0);
  return { matching: matching === null ? whole : Number(matching[0]?.n ?? 0), all: whole };
}
