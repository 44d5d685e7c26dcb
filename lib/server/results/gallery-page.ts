import "server-only";
import { inArray } from "drizzle-orm";
import { listItems, type StudioDatabase } from "@/lib/server/db";
import { task, user } from "@/lib/server/db/schema";
import { itemReviews } from "@/lib/server/gallery/item-review";
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
  if (page.items.length === 0) return { items: [], nextCursor: page.nextCursor };
  const taskIds = [...new Set(page.items.map((i) => i.taskUUID))];
  const authorIds = [...new Set(page.items.map((i) => i.authorId))];
  const [tasks, authors, reviews] = await Promise.all([
    db
      .select({ taskUUID: task.taskUUID, taskType: task.taskType, params: task.params })
      .from(task)
      .where(inArray(task.taskUUID, taskIds)),
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, authorIds)),
    itemReviews(
      db,
      page.items.map((i) => i.id),
      page.items,
    ),
  ]);
  const taskById = new Map(tasks.map((t) => [t.taskUUID, t]));
  const nameById = new Map(authors.map((a) => [a.id, a.name]));
  return {
    items: page.items.map((row) => ({
      ...toGalleryItem(
        row,
        taskById.get(row.taskUUID) ?? { taskType: "unknown", params: {} },
        nameById.get(row.authorId) ?? "Former member",
      ),
      ...(reviews.has(row.id) ? { review: reviews.get(row.id) } : {}),
    })),
    nextCursor: page.nextCursor,
  };
}
