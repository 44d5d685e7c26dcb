import "server-only";
import { and, count, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item } from "@/lib/server/db/schema";
import type { GalleryFilter } from "@/lib/studio/gallery-filter";
import type { GalleryTotals } from "@/lib/studio/gallery-item";
import { type FilterViewer, filterConditions } from "./filter-query";

/**
 * How many live items the filtered view holds, and the whole gallery: the page's "N of M". The
 * same conditions as the page, so each count is answered by the `item_live_*` partial index the
 * page itself uses (an index-only scan); without a filter, one count answers both.
 */
export async function galleryTotals(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: FilterViewer,
): Promise<GalleryTotals> {
  const where = filterConditions(filter, viewer);
  const liveOnly = where.length === 1;
  const [matching, all] = await Promise.all([
    db
      .select({ n: count() })
      .from(item)
      .where(and(...where)),
    liveOnly ? Promise.resolve(null) : db.select({ n: count() }).from(item).where(isNull(item.deletedAt)),
  ]);
  const matched = Number(matching[0]?.n ?? 0);
  return { matching: matched, all: all === null ? matched : Number(all[0]?.n ?? 0) };
}
