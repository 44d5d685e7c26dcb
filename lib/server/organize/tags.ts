import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { itemTag } from "@/lib/server/db/schema";
import { type Actor, appendEvents, liveItems, requirePermission } from "../items/actor";
import { type OrganizeDeps, publishReviews } from "../items/live";

/** Replaces an item's tags (already normalized); one audit row when they changed. */
export async function setItemTags(
  deps: OrganizeDeps,
  actor: Actor,
  itemId: string,
  tags: readonly string[],
): Promise<string[]> {
  requirePermission(actor, "organize");
  const wanted = [...new Set(tags)].sort();
  const changed = await deps.db.transaction(async (tx) => {
    await liveItems(tx, [itemId], "id");
    const current = (await tx.select({ tag: itemTag.tag }).from(itemTag).where(eq(itemTag.itemId, itemId)))
      .map((t) => t.tag)
      .sort();
    if (current.join("\n") === wanted.join("\n")) return false;
    const removed = current.filter((t) => !wanted.includes(t));
    const added = wanted.filter((t) => !current.includes(t));
    if (removed.length > 0)
      await tx.delete(itemTag).where(and(eq(itemTag.itemId, itemId), inArray(itemTag.tag, removed)));
    if (added.length > 0)
      await tx.insert(itemTag).values(added.map((tag) => ({ itemId, tag, addedBy: actor.id })));
    await appendEvents(tx, actor, [{ itemId, kind: "tag", from: current, to: wanted }]);
    return true;
  });
  if (changed) await publishReviews(deps, [itemId]);
  return wanted;
}

/** Adds or removes one tag on live items, in the caller's transaction; answers the items changed. */
export async function setTagOn(
  db: StudioDatabase,
  actor: Actor,
  itemIds: readonly string[],
  tag: string,
  on: boolean,
): Promise<string[]> {
  requirePermission(actor, "organize", "action");
  const ids = (await liveItems(db, itemIds)).map((i) => i.id);
  const changed = on
    ? await db
        .insert(itemTag)
        .values(ids.map((itemId) => ({ itemId, tag, addedBy: actor.id })))
        .onConflictDoNothing()
        .returning({ id: itemTag.itemId })
    : await db
        .delete(itemTag)
        .where(and(eq(itemTag.tag, tag), inArray(itemTag.itemId, ids)))
        .returning({ id: itemTag.itemId });
  await appendEvents(
    db,
    actor,
    changed.map((c) => ({ itemId: c.id, kind: "tag", from: on ? null : tag, to: on ? tag : null })),
  );
  return changed.map((c) => c.id);
}
