import "server-only";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { comment, item, mention, user } from "@/lib/server/db/schema";
import type { InboxPage, markReadSchema } from "@/lib/studio/api/inbox";
import { thumbUrl } from "@/lib/studio/gallery-urls";
import { mediaUrl } from "./gallery-item";
import { before as beforeKey } from "./organize-common";
import type { Actor, GalleryPublisher } from "./review-access";

/** Mentions of a member not read yet (partial index `mention_unread_idx`). */
export async function unreadCount(db: StudioDatabase, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mention)
    .where(and(eq(mention.userId, userId), isNull(mention.readAt)));
  return Number(row?.n ?? 0);
}

/** The member's mentions, newest first, a page at a time (index `mention_user_created_idx`). */
export async function inboxPage(
  db: StudioDatabase,
  userId: string,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<InboxPage> {
  const limit = query.limit ?? 30;
  const before = decodeCursor(query.cursor);
  const rows = await db
    .select({
      commentId: mention.commentId,
      itemId: mention.itemId,
      createdAt: mention.createdAt,
      readAt: mention.readAt,
      body: comment.body,
      parentId: comment.parentId,
      authorId: comment.authorId,
      guestName: comment.guestName,
      kind: item.kind,
      prompt: item.prompt,
      storageKey: item.storageKey,
      deletedAt: item.deletedAt,
    })
    .from(mention)
    .innerJoin(comment, eq(comment.id, mention.commentId))
    .innerJoin(item, eq(item.id, mention.itemId))
    .where(
      and(
        eq(mention.userId, userId),
        before ? beforeKey(mention.createdAt, mention.commentId, before) : undefined,
      ),
    )
    .orderBy(desc(mention.createdAt), desc(mention.commentId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const authorIds = [...new Set(page.map((r) => r.authorId).filter((a): a is string => a !== null))];
  const [authors, unread] = await Promise.all([
    authorIds.length > 0
      ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, authorIds))
      : Promise.resolve([]),
    unreadCount(db, userId),
  ]);
  const nameOf = new Map(authors.map((a) => [a.id, a.name]));
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      commentId: r.commentId,
      itemId: r.itemId,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
      comment: {
        body: r.body,
        parentId: r.parentId,
        authorName: r.authorId ? (nameOf.get(r.authorId) ?? "Former member") : (r.guestName ?? "Guest"),
      },
      item: {
        kind: r.kind,
        prompt: r.prompt,
        thumbUrl: thumbUrl(r.itemId, 320),
        url: mediaUrl(r),
        inTrash: r.deletedAt !== null,
      },
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.commentId) : null,
    unread,
  };
}

/** Marks mentions of the actor read (some comments, or all); the member's other tabs follow. */
export async function markRead(
  deps: { db: StudioDatabase; log: GalleryPublisher },
  actor: Actor,
  input: z.output<typeof markReadSchema>,
): Promise<{ unread: number }> {
  const ids = "all" in input ? null : input.commentIds.map((id) => id.toLowerCase());
  await deps.db
    .update(mention)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(mention.userId, actor.id),
        isNull(mention.readAt),
        ids === null ? undefined : inArray(mention.commentId, ids),
      ),
    );
  const unread = await unreadCount(deps.db, actor.id);
  deps.log.publishGallery({ kind: "inbox", unread }, { userId: actor.id });
  return { unread };
}
