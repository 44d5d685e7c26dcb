import "server-only";
import { count, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { boardItem, comment, item, itemTag } from "@/lib/server/db/schema";
import type { ItemReview } from "@/lib/studio/items/gallery-item";

type ReviewColumns = {
  id: string;
  reviewState: ItemReview["state"];
  assigneeId: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  deletedAt: Date | null;
};

/**
 * The team's review of each item, read in four queries whatever the number of items: the item's
 * own columns, then its tags, boards and comment count grouped by item. Items not found are absent.
 */
export async function itemReviews(
  db: StudioDatabase,
  itemIds: readonly string[],
  known?: readonly ReviewColumns[],
): Promise<Map<string, ItemReview>> {
  const ids = [...new Set(itemIds)];
  const reviews = new Map<string, ItemReview>();
  if (ids.length === 0) return reviews;
  const [rows, tags, boards, comments] = await Promise.all([
    known ??
      db
        .select({
          id: item.id,
          reviewState: item.reviewState,
          assigneeId: item.assigneeId,
          ratingAvg: item.ratingAvg,
          ratingCount: item.ratingCount,
          deletedAt: item.deletedAt,
        })
        .from(item)
        .where(inArray(item.id, ids)),
    db
      .select({
        itemId: itemTag.itemId,
        tags: sql<string[]>`array_agg(${itemTag.tag} order by ${itemTag.tag})`,
      })
      .from(itemTag)
      .where(inArray(itemTag.itemId, ids))
      .groupBy(itemTag.itemId),
    db
      .select({ itemId: boardItem.itemId, boards: sql<string[]>`array_agg(${boardItem.boardId}::text)` })
      .from(boardItem)
      .where(inArray(boardItem.itemId, ids))
      .groupBy(boardItem.itemId),
    db
      .select({ itemId: comment.itemId, n: count() })
      .from(comment)
      .where(inArray(comment.itemId, ids))
      .groupBy(comment.itemId),
  ]);
  const tagsOf = new Map(tags.map((t) => [t.itemId, t.tags]));
  const boardsOf = new Map(boards.map((b) => [b.itemId, b.boards]));
  const commentsOf = new Map(comments.map((c) => [c.itemId, Number(c.n)]));
  for (const row of rows) {
    if (!ids.includes(row.id)) continue;
    reviews.set(
      row.id,
      reviewOf(row, {
        tags: tagsOf.get(row.id),
        boardIds: boardsOf.get(row.id),
        commentCount: commentsOf.get(row.id),
      }),
    );
  }
  return reviews;
}

/** An item's review from its own columns and what is grouped by item (none given: none there). */
export function reviewOf(
  row: ReviewColumns,
  grouped: {
    tags?: string[] | undefined;
    boardIds?: string[] | undefined;
    commentCount?: number | undefined;
  } = {},
): ItemReview {
  return {
    state: row.reviewState,
    assigneeId: row.assigneeId,
    ratingAvg: row.ratingAvg,
    ratingCount: row.ratingCount,
    tags: grouped.tags ?? [],
    boardIds: grouped.boardIds ?? [],
    commentCount: grouped.commentCount ?? 0,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}
