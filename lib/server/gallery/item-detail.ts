import "server-only";
import { asc, eq, inArray, isNull } from "drizzle-orm";
import { undrawnWords } from "@/lib/engine/render/image/undrawn";
import type { StudioDatabase } from "@/lib/server/db";
import { redactTaskParams } from "@/lib/server/db/redact-params";
import { item, itemColumns, itemRating, itemSource, task, user } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ItemDetail } from "@/lib/studio/item-detail";
import { itemViewsById } from "./item-view";
import { fail, itemIdOf } from "./review-access";

/**
 * The prompt's words the built-in engine made no drawing for. Its renderer is a pure function of
 * the request, so reading the prompt again tells exactly what it left out.
 */
export function notDrawnOf(params: Record<string, unknown>): string[] {
  const prompt = params.positivePrompt;
  if (typeof prompt !== "string") return [];
  const negative = typeof params.negativePrompt === "string" ? params.negativePrompt : undefined;
  const weighting =
    params.promptWeighting === "compel" || params.promptWeighting === "sdEmbeds"
      ? params.promptWeighting
      : undefined;
  return undrawnWords(prompt, negative, weighting);
}

/**
 * One item for the viewer: the item, its task's parameters, lineage, ratings and the team.
 * `embedded`: the studio runs on its built-in engine, whose results name the words not drawn.
 */
export async function itemDetail(
  db: StudioDatabase,
  id: string,
  viewerId: string,
  embedded = false,
): Promise<ItemDetail> {
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
  const notDrawn = embedded ? notDrawnOf(owner?.params ?? {}) : [];
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
