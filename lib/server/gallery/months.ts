import "server-only";
import { and, desc, gt, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemMonth } from "@/lib/server/db/schema";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";
import type { GalleryMonth } from "@/lib/studio/gallery/months";
import { type FilterViewer, filterConditions, isWholeGallery } from "./filter-query";

/**
 * The months that hold live items under `filter`, newest first, with their counts. Months are UTC
 * calendar months, the clock of the filter's days. The whole gallery's are kept counted
 * (`item_month`), a few rows whatever the gallery's size; a filtered view's are one grouped query
 * over the page's own conditions, so the index the page uses serves it too.
 */
export async function galleryMonths(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: FilterViewer,
): Promise<GalleryMonth[]> {
  const where = filterConditions(filter, viewer);
  if (isWholeGallery(filter, where)) {
    const rows = await db
      .select({ month: itemMonth.month, count: itemMonth.live })
      .from(itemMonth)
      .where(gt(itemMonth.live, 0))
      .orderBy(desc(itemMonth.month));
    return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
  }
  // Truncated before formatting, so the text is made once per month rather than once per row.
  const bucket = sql`date_trunc('month', ${item.createdAt} at time zone 'UTC')`;
  const grouped = db
    .select({ m: sql`${bucket}`.as("m"), n: sql<number>`count(*)::int`.as("n") })
    .from(item)
    .where(and(...where))
    .groupBy(bucket)
    .as("grouped");
  const rows = await db
    .select({ month: sql<string>`to_char(${grouped.m}, 'YYYY-MM')`, count: grouped.n })
    .from(grouped)
    .orderBy(sql`${grouped.m} desc`);
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}
