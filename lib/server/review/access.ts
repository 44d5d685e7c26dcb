import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item } from "@/lib/server/db/schema";
import type { Audience } from "@/lib/server/stream/event-log";
import { ApiError, type ErrorAnswer, studioErrors } from "@/lib/studio/api/errors";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { isUuid } from "@/lib/studio/params";
import { can, type Permission, type Role, roleFor } from "@/lib/studio/roles";

/** Who acts on the review: the signed-in member. */
export interface Actor {
  id: string;
  name: string;
  role: Role;
}

/** Where review changes go live (the relay's event log; a recorder in tests). */
export interface GalleryPublisher {
  publishGallery(change: GalleryChange, audience?: Audience): void;
}

export interface ReviewDeps {
  db: StudioDatabase;
  log: GalleryPublisher;
}

/** A database handle or a transaction on it: both read and write the same way. */
export type Tx = Pick<StudioDatabase, "select" | "insert" | "update" | "delete" | "execute">;

export function fail(error: ApiError | ErrorAnswer): never {
  throw error instanceof ApiError ? error : new ApiError(error.status, error.error);
}

/**
 * The role check again, below the Route Handler's: every review mutation goes through here,
 * whoever calls it.
 */
export function assertCan(actor: Actor, permission: Permission): void {
  if (!can(actor.role, permission)) fail(studioErrors.forbiddenRole(roleFor(permission)));
}

/** An item id as a path names it: anything but a UUID names no item. */
export function itemIdOf(value: string, parameter = "id"): string {
  if (!isUuid(value)) fail(studioErrors.notFound("item", parameter));
  return value.toLowerCase();
}

/** The item's review columns, or 404. Items in the trash are found; `live` refuses them (409). */
export async function findItem(db: Tx, id: string, options: { live?: boolean } = {}) {
  const itemId = itemIdOf(id);
  const [row] = await db
    .select({
      id: item.id,
      reviewState: item.reviewState,
      assigneeId: item.assigneeId,
      ratingAvg: item.ratingAvg,
      ratingCount: item.ratingCount,
      deletedAt: item.deletedAt,
    })
    .from(item)
    .where(eq(item.id, itemId));
  if (!row) fail(studioErrors.notFound("item", "id"));
  if (options.live && row.deletedAt !== null) {
    throw new ApiError(409, {
      code: "conflictItemInTrash",
      message: "This item is in the trash: restore it before reviewing it.",
      parameter: "id",
    });
  }
  return row;
}
