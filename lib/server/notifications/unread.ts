import "server-only";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { notification } from "@/lib/server/db/schema";
import type { Tx } from "./types";

/** A member's inbox notifications not read yet (partial index `notification_unread_idx`). */
export async function unreadCount(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.userId, userId), sql`${notification.inInbox}`, isNull(notification.readAt)));
  return Number(row?.n ?? 0);
}
