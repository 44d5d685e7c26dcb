import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { listItems, type StudioDatabase } from "@/lib/server/db";
import { type ItemRow, itemStar, task, user } from "@/lib/server/db/schema";
import { decodeFilterCursor, filteredItems } from "@/lib/server/gallery/filter-query";
import { itemReviews } from "@/lib/server/gallery/item-review";
import type { GalleryFilter } from "@/lib/studio/gallery-filter";
import type { GalleryItem } from "@/lib/studio/stream-events";
import { toGalleryItem } from "./gallery-item";

export interface GalleryPage {
  items: GalleryItem[];
  nextCursor: string | null;
}

/** A page of the team's results, newest first, with their tasks' prompts and authors' names. */
export async function galleryPage(
  db: StudioDatabase,
  query: { cursor?: string | null; limit?: number; authorId?: string; boardId?: string },
): Promise<GalleryPage> {
  const page = await listItems(db, query);
  return { items: await galleryItems(db, page.items), nextCursor: page.nextCursor };
}

/** A page of the gallery's filtered view, each item with its review and the viewer's star. */
export async function filteredGalleryPage(
  db: StudioDatabase,
  filter: GalleryFilter,
  viewer: { id: string },
  query: { cursor: string | null; limit: number },
): Promise<GalleryPage | "invalidCursor"> {
  const cursor = query.cursor ? decodeFilterCursor(query.cursor, filter.sort ?? "newest") : null;
  if (query.cursor && cursor === null) return "invalidCursor";
  const page = await filteredItems(db, filter, viewer, { cursor, limit: query.limit });
  return { items: await galleryItems(db, page.rows, viewer.id), nextCursor: page.nextCursor };
}

/** Stored items as the gallery shows them: prompt and author's name, review, and (for `viewerId`) star. */
export async function galleryItems(
  db: StudioDatabase,
  rows: readonly ItemRow[],
  viewerId?: string,
): Promise<GalleryItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((i) => i.id);
  const taskIds = [...new Set(rows.map((i) => i.taskUUID))];
  const authorIds = [...new Set(rows.map((i) => i.authorId))];
  const [tasks, authors, reviews, stars] = await Promise.all([
    db
      .select({ taskUUID: task.taskUUID, taskType: task.taskType, params: task.params })
      .from(task)
      .where(inArray(task.taskUUID, taskIds)),
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, authorIds)),
    itemReviews(db, ids, rows),
    viewerId === undefined
      ? Promise.resolve([])
      : db
          .select({ itemId: itemStar.itemId })
          .from(itemStar)
          .where(and(eq(itemStar.userId, viewerId), inArray(itemStar.itemId, ids))),
  ]);
  const taskById = new Map(tasks.map((t) => [t.taskUUID, t]));
  const nameById = new Map(authors.map((a) => [a.id, a.name]));
  const starred = new Set(stars.map((s) => s.itemId));
  return rows.map((row) => ({
    ...toGalleryItem(
      row,
      taskById.get(row.taskUUID) ?? { taskType: "unknown", params: {} },
      nameById.get(row.authorId) ?? "Former member",
    ),
    ...(reviews.has(row.id) ? { review: reviews.get(row.id) } : {}),
    ...(viewerId === undefined ? {} : { starred: starred.has(row.id) }),
  }));
}
