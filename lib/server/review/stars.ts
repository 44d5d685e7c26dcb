import "server-only";
import { and, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemStar } from "@/lib/server/db/schema";

/**
 * A member's star on an item: a private bookmark (nobody else sees or counts it), so setting it
 * twice or clearing it twice is not an error. False when there is no such item.
 */
export async function setStar(
  db: StudioDatabase,
  userId: string,
  itemId: string,
  on: boolean,
): Promise<boolean> {
  const [found] = await db.select({ id: item.id }).from(item).where(eq(item.id, itemId));
  if (!found) return false;
  if (on) await db.insert(itemStar).values({ userId, itemId }).onConflictDoNothing();
  else await db.delete(itemStar).where(and(eq(itemStar.userId, userId), eq(itemStar.itemId, itemId)));
  return true;
}
