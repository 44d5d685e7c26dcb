import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import { withSeedCounts } from "@/lib/server/seed-stacks/members";
import type { GalleryFilter } from "@/lib/studio/gallery/filter";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { itemViews } from "../items/item-view";
import { decodeFilterCursor, filteredItems } from "./filter-query";

export interface GalleryPage {
  items: GalleryItem[];
  nextCursor: string | null;
}

/** A page of the gallery's filtered view, each item with its review and the viewer's star. */
export async function filteredGalleryPage(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: { id: string },
  query: { cursor?: string | null | undefined; limit: number; at?: string | undefined },
): Promise<GalleryPage> {
  // A cursor of another sort, or none this list gave, is refused naming `cursor`.
  const cursor = query.cursor ? decodeFilterCursor(query.cursor, filter.sort ?? "newest") : null;
  const page = await filteredItems(db, filter, viewer, { cursor, limit: query.limit, at: query.at });
  const items = await withSeedCounts(db, await itemViews(db, page.rows, { viewerId: viewer.id }));
  return { items, nextCursor: page.nextCursor };
}
