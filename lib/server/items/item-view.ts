import "server-only";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { type ItemRow, item, itemStar, type TaskRow, task, user } from "@/lib/server/db/schema";
import type { GalleryItem, ItemStack } from "@/lib/studio/items/gallery-item";
import { toGalleryItem } from "./gallery-item";
import { itemReviews, reviewOf } from "./item-review";

/**
 * Whose star an item view carries: the asking member's (`{ viewerId }`), none known (`"unknown"`:
 * the field is left out), or `"new"` for items just made, which nobody can have starred yet (the
 * relay's card for the whole team).
 */
export type StarsOf = { viewerId: string } | "unknown" | "new";

/**
 * Stored items as every screen shows them, in `rows`' order: the task's facts (prompt, model,
 * workflow), the author's name, the team's review and the star. The one place an item view is
 * built, for a gallery page, a live card, a task's results, the viewer and compare, so they all
 * read alike. Four queries whatever the number of rows (the review's own batch among them).
 */
export async function itemViews(
  db: StudioDatabase,
  rows: readonly ItemRow[],
  stars: StarsOf,
): Promise<GalleryItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((i) => i.id);
  const taskIds = [...new Set(rows.map((i) => i.taskUUID))];
  const authorIds = [...new Set(rows.map((i) => i.authorId))];
  const stackIds = [...new Set(rows.flatMap((i) => (i.stackId === null ? [] : [i.stackId])))];
  const [tasks, authors, reviews, starred, stackCounts] = await Promise.all([
    db
      .select({ taskUUID: task.taskUUID, taskType: task.taskType, params: task.params })
      .from(task)
      .where(inArray(task.taskUUID, taskIds)),
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, authorIds)),
    itemReviews(db, ids, rows),
    typeof stars === "object"
      ? db
          .select({ itemId: itemStar.itemId })
          .from(itemStar)
          .where(and(eq(itemStar.userId, stars.viewerId), inArray(itemStar.itemId, ids)))
          .then((found) => new Set(found.map((s) => s.itemId)))
      : Promise.resolve(new Set<string>()),
    stackIds.length === 0
      ? Promise.resolve(new Map<string, number>())
      : db
          .select({ stackId: item.stackId, n: count() })
          .from(item)
          .where(and(inArray(item.stackId, stackIds), isNull(item.deletedAt)))
          .groupBy(item.stackId)
          .then((found) => new Map(found.map((s) => [s.stackId ?? "", s.n]))),
  ]);
  const taskById = new Map(tasks.map((t) => [t.taskUUID, t]));
  const nameById = new Map(authors.map((a) => [a.id, a.name]));
  return rows.map((row) => {
    const review = reviews.get(row.id);
    return {
      ...toGalleryItem(
        row,
        taskById.get(row.taskUUID) ?? { taskType: "unknown", params: {} },
        nameById.get(row.authorId) ?? "Former member",
      ),
      ...(review ? { review } : {}),
      ...(stars === "unknown" ? {} : { starred: starred.has(row.id) }),
      ...stackOf(row, (id) => stackCounts.get(id) ?? 0),
    };
  });
}

/**
 * The view of an item just recorded, from what recording it read (its task and its author's
 * name), with no query: nobody can have tagged, boarded, commented on or starred an item that did
 * not exist a moment ago. The same card `itemViews(db, [row], "new")` reads (a test holds them
 * equal); the keeper announces each result with it.
 */
export function freshItemView(
  row: ItemRow,
  owner: Pick<TaskRow, "taskType" | "params"> & { authorName: string | null; stack?: ItemStack },
): GalleryItem {
  return {
    ...toGalleryItem(row, owner, owner.authorName ?? "Former member"),
    review: reviewOf(row),
    starred: false,
    ...stackOf(row, () => owner.stack?.count ?? 1),
  };
}

/** The `stack` of an item view: absent on an item that has no versions. */
function stackOf(row: ItemRow, liveCount: (stackId: string) => number): { stack?: ItemStack } {
  if (row.stackId === null || row.version === null) return {};
  return { stack: { id: row.stackId, version: row.version, count: liveCount(row.stackId) } };
}

/** `itemViews` by id, for callers that look items up (the viewer's lineage). */
export async function itemViewsById(
  db: StudioDatabase,
  rows: readonly ItemRow[],
  stars: StarsOf,
): Promise<Map<string, GalleryItem>> {
  const views = await itemViews(db, rows, stars);
  return new Map(views.map((v) => [v.id, v]));
}
