import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, upload } from "@/lib/server/db/schema";
import { mediaResponse } from "@/lib/server/http/media-response";
import { assertMediaKey, MediaKeyError, type MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, type Role } from "@/lib/studio/roles";

/**
 * A stored object by its key, to a signed-in member with `role` who may read it (`range`: the
 * request's Range header, for video). A key the member may not read answers as one that does not
 * exist; a key that is no key at all is a 400 naming `key`.
 */
export async function studioMediaResponse(
  deps: { db: StudioDatabase; storage: MediaStorage },
  rawKey: string,
  role: Role,
  range: string | null,
): Promise<Response> {
  let key: string;
  try {
    key = assertMediaKey(rawKey);
  } catch (err) {
    if (!(err instanceof MediaKeyError)) throw err;
    throw studioErrors.invalidMediaKey(err.message);
  }
  if (!(await mayReadMedia(deps.db, key, role))) throw studioErrors.mediaNotFound();
  return mediaResponse(deps.storage, key, range);
}

/**
 * Whether a signed-in member with `role` may read the stored object `key` through the studio's
 * media route. Knowing a key is never enough: a result is served while its item lives (in the
 * trash only to those who may restore it, the owner), never once it was deleted for good; an
 * upload while its record stands; a task's inline input (named by its SHA-256, so by content
 * nobody guesses) to any member. Thumbnails and anything else have routes of their own.
 */
export async function mayReadMedia(db: StudioDatabase, key: string, role: Role): Promise<boolean> {
  if (key.startsWith("items/")) {
    const [row] = await db.select({ deletedAt: item.deletedAt }).from(item).where(eq(item.storageKey, key));
    return row !== undefined && mayReadItem(row, role);
  }
  if (key.startsWith("uploads/")) {
    const [row] = await db.select({ id: upload.id }).from(upload).where(eq(upload.storageKey, key));
    return row !== undefined;
  }
  return key.startsWith("inputs/");
}

/** A live item's media is the team's; a trashed one's only its restorer's (the owner). */
export function mayReadItem(row: { deletedAt: Date | null }, role: Role): boolean {
  return row.deletedAt === null || can(role, "manage");
}
