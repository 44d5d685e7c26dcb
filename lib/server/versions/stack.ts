import "server-only";
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { commentViews } from "@/lib/server/comments/comments";
import type { StudioDatabase } from "@/lib/server/db";
import { comment, item, itemColumns, versionStack } from "@/lib/server/db/schema";
import { itemViews } from "@/lib/server/items/item-view";
import { fail, itemIdOf } from "@/lib/server/review/access";
import { studioErrors } from "@/lib/studio/api/errors";
import type { CarriedThread, ItemVersions } from "@/lib/studio/api/versions";

async function stackOf(db: StudioDatabase, id: string) {
  const [row] = await db
    .select({ id: item.id, stackId: item.stackId, version: item.version })
    .from(item)
    .where(eq(item.id, itemIdOf(id)));
  if (!row) fail(studioErrors.itemNotFound());
  return row;
}

/**
 * The versions of an item's stack, oldest first, as every screen shows items: the live ones, and
 * the asked one even in the trash (the viewer can open a trashed version and must find it there).
 */
export async function itemVersions(db: StudioDatabase, id: string, viewerId: string): Promise<ItemVersions> {
  const found = await stackOf(db, id);
  const rows = await db
    .select(itemColumns)
    .from(item)
    .where(
      found.stackId === null
        ? eq(item.id, found.id)
        : and(eq(item.stackId, found.stackId), or(isNull(item.deletedAt), eq(item.id, found.id))),
    )
    .orderBy(asc(item.version));
  const [counted] =
    found.stackId === null
      ? []
      : await db
          .select({ last: versionStack.lastVersion })
          .from(versionStack)
          .where(eq(versionStack.id, found.stackId));
  return {
    stackId: found.stackId,
    versions: await itemViews(db, rows, { viewerId }),
    // A first version is v1, so an item without versions makes v2.
    nextVersion: (counted?.last ?? 1) + 1,
  };
}

/**
 * The open threads of the versions before this one (live ones), oldest version first: they stay
 * where they were written (one row each, whatever version shows them), so a reply or a resolve
 * acts on the thread itself.
 */
export async function carriedThreads(db: StudioDatabase, id: string): Promise<CarriedThread[]> {
  const found = await stackOf(db, id);
  if (found.stackId === null || found.version === null) return [];
  const earlier = await db
    .select({ id: item.id, version: item.version })
    .from(item)
    .where(and(eq(item.stackId, found.stackId), lt(item.version, found.version), isNull(item.deletedAt)));
  if (earlier.length === 0) return [];
  const versionOf = new Map(earlier.map((e) => [e.id, e.version ?? 0]));
  const tops = await db
    .select()
    .from(comment)
    .where(
      and(
        inArray(
          comment.itemId,
          earlier.map((e) => e.id),
        ),
        isNull(comment.parentId),
        isNull(comment.resolvedAt),
      ),
    )
    .orderBy(asc(comment.createdAt), asc(comment.id));
  if (tops.length === 0) return [];
  const replies = await db
    .select()
    .from(comment)
    .where(
      inArray(
        comment.parentId,
        tops.map((t) => t.id),
      ),
    )
    .orderBy(asc(comment.createdAt), asc(comment.id));
  const all = await commentViews(db, [...tops, ...replies]);
  return all
    .filter((v) => v.parentId === null)
    .map((top) => ({
      ...top,
      version: versionOf.get(top.itemId) ?? 0,
      replies: all.filter((v) => v.parentId === top.id),
    }))
    .sort((a, b) => a.version - b.version);
}
