import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { comment, item, notification, user } from "@/lib/server/db/schema";
import { thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import type { InboxEntry, InboxPage, markReadSchema } from "@/lib/studio/api/inbox";
import {
  describeNotification,
  type NotificationDetail,
  type NotificationKind,
} from "@/lib/studio/notifications/notifications";
import type { InboxPublisher } from "./types";
import { unreadCount } from "./unread";

export { unreadCount } from "./unread";

/** What a notification row joins to: its item, its comment and its actor's name. */
export const notificationFacts = {
  id: notification.id,
  kind: notification.kind,
  createdAt: notification.createdAt,
  readAt: notification.readAt,
  detail: notification.detail,
  actorId: notification.actorId,
  actorName: user.name,
  itemId: notification.itemId,
  commentId: notification.commentId,
  body: comment.body,
  parentId: comment.parentId,
  itemKind: item.kind,
  prompt: item.prompt,
  storageKey: item.storageKey,
  deletedAt: item.deletedAt,
};

/** A notification row with what it joins to (`notificationFacts`). */
export interface FactsRow {
  id: string;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  detail: NotificationDetail;
  actorId: string | null;
  actorName: string | null;
  itemId: string | null;
  commentId: string | null;
  body: string | null;
  parentId: string | null;
  itemKind: "image" | "video" | null;
  prompt: string | null;
  storageKey: string | null;
  deletedAt: Date | null;
}

/** A stored notification as the inbox (and the email) shows it. */
export function entryOf(r: FactsRow): InboxEntry {
  const itemFacts = r.itemId && r.itemKind ? { kind: r.itemKind, prompt: r.prompt } : null;
  const text = describeNotification({
    kind: r.kind,
    detail: r.detail,
    item: itemFacts,
    comment: r.commentId ? { parentId: r.parentId } : null,
  });
  const href = r.itemId
    ? `${viewerUrl(r.itemId)}${r.commentId ? `#comment-${r.commentId}` : ""}`
    : (r.detail.href ?? "/");
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
    actorName: r.actorId
      ? (r.actorName ?? "Former member")
      : r.kind === "experiment" || r.detail.approval === "digest"
        ? null
        : "Former member",
    text,
    href,
    commentId: r.commentId,
    // A digest's requests, one a line, read like a quoted comment in the inbox and the email.
    excerpt: r.body ?? (r.detail.lines?.length ? r.detail.lines.join("\n") : null),
    item:
      r.itemId && r.itemKind && r.storageKey
        ? {
            id: r.itemId,
            kind: r.itemKind,
            prompt: r.prompt,
            thumbUrl: thumbUrl(r.itemId, 320),
            // As the gallery spells it (lib/server/items/gallery-item.ts).
            url: `/api/media/${r.storageKey}`,
            inTrash: r.deletedAt !== null,
          }
        : null,
  };
}

/**
 * The member's notifications, newest first, a page at a time (index `notification_inbox_idx`, or
 * `notification_kind_idx` for one kind); `unread` keeps only those not read yet.
 */
export async function inboxPage(
  db: StudioDatabase,
  userId: string,
  query: {
    cursor?: string | null;
    limit?: number;
    kind?: NotificationKind | undefined;
    unread?: boolean;
  } = {},
): Promise<InboxPage> {
  const limit = query.limit ?? 30;
  const before = decodeCursor(query.cursor);
  const rows = await db
    .select(notificationFacts)
    .from(notification)
    .leftJoin(user, eq(user.id, notification.actorId))
    .leftJoin(comment, eq(comment.id, notification.commentId))
    .leftJoin(item, eq(item.id, notification.itemId))
    .where(
      and(
        eq(notification.userId, userId),
        sql`${notification.inInbox}`,
        query.kind ? eq(notification.kind, query.kind) : undefined,
        query.unread ? isNull(notification.readAt) : undefined,
        before
          ? sql`(${notification.createdAt}, ${notification.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(entryOf),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unread: await unreadCount(db, userId),
  };
}

/** Marks the actor's notifications read (some, or all); the member's other tabs follow. */
export async function markRead(
  deps: { db: StudioDatabase; log: InboxPublisher },
  actor: { id: string },
  input: z.output<typeof markReadSchema>,
): Promise<{ unread: number }> {
  const ids = "all" in input ? null : input.ids.map((id) => id.toLowerCase());
  await deps.db
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notification.userId, actor.id),
        isNull(notification.readAt),
        ids === null ? undefined : inArray(notification.id, ids),
      ),
    );
  const unread = await unreadCount(deps.db, actor.id);
  deps.log.publishGallery({ kind: "inbox", unread }, { userId: actor.id });
  return { unread };
}
