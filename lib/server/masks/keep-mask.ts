import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { itemFacts } from "@/lib/server/db/item-facts";
import { item, itemColumns, itemSource, itemTag, task, upload } from "@/lib/server/db/schema";
import { itemViews } from "@/lib/server/items/item-view";
import { itemMediaKey, type MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import { MASK_TAG } from "@/lib/studio/api/masks";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { isUuid } from "@/lib/studio/params";

/** What a kept mask's task is called: it was painted, not generated, and never goes to the service. */
export const MASK_TASK_TYPE = "canvasMask";

/** How the mask's item names the picture it was painted over among its sources. */
export const MASK_SOURCE_ROLE = "maskOf";

/** The gallery item whose media is `imageId` (a media id) or that is `imageId`, if any. */
async function sourceItemId(db: StudioDatabase, imageId: string | undefined): Promise<string | null> {
  if (!imageId) return null;
  const [found] = await db
    .select({ id: item.id })
    .from(item)
    .where(
      isUuid(imageId) ? or(eq(item.mediaUUID, imageId), eq(item.id, imageId)) : eq(item.mediaUUID, imageId),
    )
    .limit(1);
  return found?.id ?? null;
}

/**
 * Keeps a member's uploaded mask as a gallery item: a finished task of its own (the item's task
 * says who made it and when), the upload's bytes copied under the item's own key, the `mask` tag,
 * and a `maskOf` link to the picture it was painted over when that is a gallery image. The upload's
 * id is the item's media id, unique, so keeping it twice (two clicks, two tabs) answers one item.
 */
export async function keepMask(
  db: StudioDatabase,
  storage: MediaStorage,
  member: { id: string },
  body: { uploadId: string; sourceImageId?: string },
): Promise<{ item: GalleryItem; created: boolean }> {
  const [kept] = await db
    .select()
    .from(upload)
    .where(and(eq(upload.id, body.uploadId), eq(upload.ownerId, member.id)));
  if (!kept) throw studioErrors.notFound("upload of yours with this id", "uploadId");
  const view = async (rowId: string) => {
    const [row] = await db.select(itemColumns).from(item).where(eq(item.id, rowId));
    if (!row) throw studioErrors.itemNotFound("uploadId");
    const [shown] = await itemViews(db, [row], { viewerId: member.id });
    if (!shown) throw studioErrors.itemNotFound("uploadId");
    return shown;
  };
  const already = async () => {
    const [row] = await db.select({ id: item.id }).from(item).where(eq(item.mediaUUID, kept.id));
    return row ? view(row.id) : null;
  };
  const earlier = await already();
  if (earlier) return { item: earlier, created: false };

  const source = await sourceItemId(db, body.sourceImageId);
  const bytes = await storage.get(kept.storageKey);
  if (!bytes) throw studioErrors.notFound("upload of yours with this id", "uploadId");
  const itemId = randomUUID();
  const key = itemMediaKey(itemId, kept.mime);
  await storage.put(key, bytes.stream, { mime: kept.mime });

  const taskUUID = randomUUID();
  const params = { maskImage: kept.id, ...(source ? { maskOf: source } : {}) };
  const lost = new Error("kept by another request");
  const made = await db
    .transaction(async (tx) => {
      const now = new Date();
      await tx.insert(task).values({
        taskUUID,
        taskType: MASK_TASK_TYPE,
        authorId: member.id,
        params,
        status: "success",
        itemCount: 1,
        progress: 100,
        sentAt: now,
        completedAt: now,
      });
      const rows = await tx
        .insert(item)
        .values({
          id: itemId,
          taskUUID,
          authorId: member.id,
          index: 0,
          mediaUUID: kept.id,
          kind: "image",
          mime: kept.mime,
          width: kept.width,
          height: kept.height,
          seed: "0",
          storageKey: key,
          bytes: kept.bytes,
          ...itemFacts({ taskType: MASK_TASK_TYPE, params }),
        })
        .onConflictDoNothing()
        .returning({ id: item.id });
      // Kept by a request at the same moment: this one's task goes with it.
      if (rows.length === 0) throw lost;
      await tx.insert(itemTag).values({ itemId, tag: MASK_TAG, addedBy: member.id });
      if (source)
        await tx.insert(itemSource).values({ itemId, sourceItemId: source, role: MASK_SOURCE_ROLE });
      return true;
    })
    .catch(async (error: unknown) => {
      await storage.delete(key);
      const other = error === lost ? await already() : null;
      if (other) return other;
      throw error;
    });
  if (made === true) return { item: await view(itemId), created: true };
  if (made === false) throw lost;
  return { item: made, created: false };
}
