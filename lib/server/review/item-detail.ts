import "server-only";
import { asc, eq, inArray, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { redactTaskParams } from "@/lib/server/db/redact-params";
import { item, itemColumns, itemRating, itemSource, task, user } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import { itemViewsById } from "../items/item-view";
import { fail, itemIdOf } from "./access";

/**
 * One item for the viewer: the item, its task's parameters, lineage, ratings and the team, and
 * the prompt's words the service said it did not draw when its result named any.
 */
export async function itemDetail(db: StudioDatabase, id: string, viewerId: string): Promise<ItemDetail> {
  const itemId = itemIdOf(id);
  const [row] = await db.select(itemColumns).from(item).where(eq(item.id, itemId));
  if (!row) fail(studioErrors.notFound("item", "id"));
  const [[owner], sources, derived, ratings, members] = await Promise.all([
    db.select({ params: task.params }).from(task).where(eq(task.taskUUID, row.taskUUID)),
    db
      .select({ id: itemSource.sourceItemId, role: itemSource.role })
      .from(itemSource)
      .where(eq(itemSource.itemId, itemId)),
    // Index item_source_source_idx; a popular source may have many: the newest 48 are enough here.
    db
      .select({ id: itemSource.itemId, role: itemSource.role })
      .from(itemSource)
      .where(eq(itemSource.sourceItemId, itemId))
      .limit(48),
    db
      .select({ userId: itemRating.userId, name: user.name, value: itemRating.value })
      .from(itemRating)
      .innerJoin(user, eq(user.id, itemRating.userId))
      .where(eq(itemRating.itemId, itemId))
      .orderBy(asc(itemRating.createdAt)),
    db
      .select({ id: user.id, name: user.name, role: user.role })
      .from(user)
      .where(isNull(user.deactivatedAt))
      .orderBy(asc(user.name)),
  ]);
  const relatedIds = [...new Set([...sources, ...derived].map((s) => s.id))];
  const relatedRows =
    relatedIds.length > 0 ? await db.select(itemColumns).from(item).where(inArray(item.id, relatedIds)) : [];
  // Items in the trash are not shown as lineage: the viewer would link to something hidden.
  const shown = await itemViewsById(db, [row, ...relatedRows.filter((r) => r.deletedAt === null)], {
    viewerId,
  });
  const self = shown.get(itemId);
  if (!self) fail(studioErrors.notFound("item", "id"));
  const link = (list: { id: string; role: string }[]) =>
    list.flatMap((s) => {
      const related = shown.get(s.id);
      return related && s.id !== itemId ? [{ item: related, role: s.role }] : [];
    });
  const notDrawn = row.notDrawn ?? [];
  return {
    item: self,
    params: redactTaskParams(owner?.params ?? {}),
    ...(notDrawn.length > 0 ? { notDrawn } : {}),
    lineage: { sources: link(sources), derived: link(derived) },
    myRating: ratings.find((r) => r.userId === viewerId)?.value ?? null,
    ratings,
    members,
  };
}
