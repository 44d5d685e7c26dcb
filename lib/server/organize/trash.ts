import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { item, task, user } from "@/lib/server/db/schema";
import type { MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import type { TrashedItem } from "@/lib/studio/organize/organize";
import { TRASH_DAYS } from "@/lib/studio/review/review";
import {
  type Actor,
  appendEvents,
  before,
  fail,
  liveItems,
  requirePermission,
  STUDIO_ACTOR,
} from "../items/actor";
import { mediaUrl } from "../items/gallery-item";
import { type OrganizeDeps, publish } from "../items/live";
import { deleteThumbs } from "../items/thumbnails";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves live items to the trash, in the caller's transaction (editor and up). */
export async function trashItems(
  db: StudioDatabase,
  actor: Actor,
  itemIds: readonly string[],
  now = new Date(),
) {
  requirePermission(actor, "organize", "action");
  const ids = (await liveItems(db, itemIds)).map((i) => i.id);
  await db
    .update(item)
    .set({ deletedAt: now, deletedBy: actor.id })
    .where(and(inArray(item.id, ids), isNull(item.deletedAt)));
  await appendEvents(
    db,
    actor,
    ids.map((itemId) => ({ itemId, kind: "trash", from: null, to: { deletedAt: now.toISOString() } })),
  );
  return ids;
}

/** Items in the trash, the most recently trashed first (owner). */
export async function listTrash(
  db: StudioDatabase,
  actor: Actor,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<{ items: TrashedItem[]; nextCursor: string | null }> {
  requirePermission(actor, "manage");
  const limit = query.limit ?? 50;
  const key = decodeCursor(query.cursor);
  const author = alias(user, "author");
  const deleter = alias(user, "deleter");
  const rows = await db
    .select({
      id: item.id,
      kind: item.kind,
      storageKey: item.storageKey,
      prompt: item.prompt,
      params: task.params,
      authorName: author.name,
      deletedAt: item.deletedAt,
      deletedByName: deleter.name,
    })
    .from(item)
    .innerJoin(task, eq(task.taskUUID, item.taskUUID))
    .leftJoin(author, eq(author.id, item.authorId))
    .leftJoin(deleter, eq(deleter.id, item.deletedBy))
    .where(and(isNotNull(item.deletedAt), key ? before(item.deletedAt, item.id, key) : undefined))
    .orderBy(desc(item.deletedAt), desc(item.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => {
      const deletedAt = r.deletedAt as Date;
      const prompt =
        r.prompt ?? (typeof r.params.positivePrompt === "string" ? r.params.positivePrompt : null);
      return {
        id: r.id,
        kind: r.kind,
        url: mediaUrl(r),
        prompt,
        authorName: r.authorName ?? "Former member",
        deletedAt: deletedAt.toISOString(),
        deletedByName: r.deletedByName ?? "Former member",
        purgeAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
      };
    }),
    nextCursor: rows.length > limit && last?.deletedAt ? encodeCursor(last.deletedAt, last.id) : null,
  };
}

async function trashedItems(db: StudioDatabase, itemIds: readonly string[]) {
  const unique = [...new Set(itemIds)];
  const rows = await db
    .select({ id: item.id, storageKey: item.storageKey, deletedAt: item.deletedAt })
    .from(item)
    .where(and(inArray(item.id, unique), isNotNull(item.deletedAt)));
  if (rows.length !== unique.length) fail(studioErrors.notFound("item in the trash", "itemIds"));
  return rows;
}

/** Brings items back from the trash (owner). */
export async function restoreItems(deps: OrganizeDeps, actor: Actor, itemIds: readonly string[]) {
  requirePermission(actor, "manage");
  const ids = await deps.db.transaction(async (tx) => {
    const rows = await trashedItems(tx, itemIds);
    const ids = rows.map((r) => r.id);
    await tx.update(item).set({ deletedAt: null, deletedBy: null }).where(inArray(item.id, ids));
    await appendEvents(
      tx,
      actor,
      rows.map((r) => ({
        itemId: r.id,
        kind: "restore",
        from: { deletedAt: r.deletedAt?.toISOString() },
        to: null,
      })),
    );
    return ids;
  });
  publish(deps, { kind: "restore", itemIds: ids });
  return ids;
}

/**
 * Deletes trashed items for good (owner): their rows (boards, tags, comments and ratings go with
 * them; the audit trail stays) and then their media. The media goes after the rows commit, so a
 * failure leaves at worst an orphan file, never a row without its file.
 */
export async function purgeItems(
  deps: OrganizeDeps & { storage: Pick<MediaStorage, "delete"> },
  actor: Actor,
  itemIds: readonly string[],
) {
  requirePermission(actor, "manage");
  const rows = await deps.db.transaction(async (tx) => {
    const rows = await trashedItems(tx, itemIds);
    await appendEvents(
      tx,
      actor,
      rows.map((r) => ({
        itemId: r.id,
        kind: "purge",
        from: { deletedAt: r.deletedAt?.toISOString() },
        to: null,
      })),
    );
    await tx.delete(item).where(
      inArray(
        item.id,
        rows.map((r) => r.id),
      ),
    );
    return rows;
  });
  for (const row of rows) {
    await deps.storage.delete(row.storageKey).catch((err: unknown) => {
      console.error(`Deleting the media of purged item ${row.id} failed:`, err);
    });
    await deleteThumbs(deps.storage, row.storageKey);
  }
  const ids = rows.map((r) => r.id);
  publish(deps, { kind: "purge", itemIds: ids });
  return ids;
}

/** Deletes for good what has been in the trash longer than TRASH_DAYS; answers how many. */
export async function sweepTrash(
  deps: OrganizeDeps & { storage: Pick<MediaStorage, "delete"> },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const expired = await deps.db
      .select({ id: item.id })
      .from(item)
      .where(and(isNotNull(item.deletedAt), lt(item.deletedAt, cutoff)))
      .limit(200);
    if (expired.length === 0) return total;
    total += (
      await purgeItems(
        deps,
        STUDIO_ACTOR,
        expired.map((e) => e.id),
      )
    ).length;
  }
}

/** Sweeps once now and then every `everyMs` (hourly); answers the stop function. */
export function startTrashSweep(
  deps: OrganizeDeps & { storage: Pick<MediaStorage, "delete"> },
  everyMs = 60 * 60 * 1000,
): () => void {
  const run = () =>
    void sweepTrash(deps).catch((err: unknown) => console.error("The trash sweep failed:", err));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
