import "server-only";
import { eq } from "drizzle-orm";
import { type Gate, requireUser } from "@/lib/server/auth/guard";
import type { StudioDatabase } from "@/lib/server/db";
import { item, upload } from "@/lib/server/db/schema";
import { mediaResponse } from "@/lib/server/http/media-response";
import { assertMediaKey, MediaKeyError, type MediaStorage } from "@/lib/server/storage";
import { can, type Role } from "@/lib/studio/roles";

const noSuchMedia = () =>
  Response.json(
    { errors: [{ code: "notFound", message: "No such media.", parameter: "key" }] },
    { status: 404 },
  );

/**
 * `GET /api/media/<key>`: a stored object, to a signed-in member who may read it (ranges for
 * video). A key the member may not read answers as one that does not exist.
 */
export async function studioMediaResponse(
  deps: { gate: Gate; db: StudioDatabase; storage: MediaStorage },
  request: Request,
  keyParts: readonly string[],
): Promise<Response> {
  const user = await requireUser(deps.gate, request, "view");
  if (user instanceof Response) return user;
  let key: string;
  try {
    key = assertMediaKey(keyParts.join("/"));
  } catch (err) {
    if (!(err instanceof MediaKeyError)) throw err;
    return Response.json(
      { errors: [{ code: "invalidMediaKey", message: err.message, parameter: "key" }] },
      { status: 400 },
    );
  }
  if (!(await mayReadMedia(deps.db, key, user.role))) return noSuchMedia();
  return mediaResponse(deps.storage, key, request.headers.get("range"));
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
