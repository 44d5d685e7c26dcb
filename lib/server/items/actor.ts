import "server-only";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import type { TimeKey } from "@/lib/server/db/cursor";
import { item, reviewEvent } from "@/lib/server/db/schema";
import { ApiError, type ErrorAnswer, studioErrors } from "@/lib/studio/api/errors";
import type { ReviewEventKind } from "@/lib/studio/review/review";
import { can, type Permission, type Role, roleFor } from "@/lib/studio/roles";

/** Who acts on the gallery: a member, or the studio itself (the trash sweep). */
export interface Actor {
  id: string | null;
  name: string;
  role: Role;
}

/** The studio's own hand in the audit trail (the 30-day sweep). */
export const STUDIO_ACTOR: Actor = { id: null, name: "Studio", role: "owner" };

export interface AuditEntry {
  itemId: string;
  kind: ReviewEventKind;
  from?: unknown;
  to?: unknown;
}

/** Appends one row per entry to the append-only audit trail. */
export async function appendEvents(db: StudioDatabase, actor: Actor, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(reviewEvent).values(
    entries.map((e) => ({
      itemId: e.itemId,
      actorId: actor.id,
      actorName: actor.name,
      kind: e.kind,
      fromValue: e.from ?? null,
      toValue: e.to ?? null,
    })),
  );
}

export function fail(error: ApiError | ErrorAnswer): never {
  throw error instanceof ApiError ? error : new ApiError(error.status, error.error);
}

/** Refuses (403, naming `parameter`) when the actor's role lacks the permission. */
export function requirePermission(actor: Actor, permission: Permission, parameter?: string): void {
  if (can(actor.role, permission)) return;
  const e = studioErrors.forbiddenRole(roleFor(permission));
  fail(parameter ? { ...e, error: { ...e.error, parameter } } : e);
}

/**
 * The live (not trashed) items among `ids`; refuses with a 404 naming `itemIds` when one is
 * missing or in the trash, so a bulk action applies to all of them or to none.
 */
export async function liveItems(db: StudioDatabase, ids: readonly string[], parameter = "itemIds") {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: item.id, reviewState: item.reviewState, storageKey: item.storageKey })
    .from(item)
    .where(and(inArray(item.id, unique), isNull(item.deletedAt)));
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    fail(studioErrors.notFound(`item ${missing.slice(0, 3).join(", ")} in the gallery`, parameter));
  }
  return rows;
}

/** `(col_at, col_id) < (cursor)` for newest-first pages. */
export function before(at: unknown, idCol: unknown, cursor: TimeKey) {
  return sql`(${at}, ${idCol}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/** `(col_at, col_id) > (cursor)` for oldest-first pages. */
export function after(at: unknown, idCol: unknown, cursor: TimeKey) {
  return sql`(${at}, ${idCol}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

export { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";

/** The actor of a signed-in member. */
export function actorOf(user: { id: string; name: string; role: Role }): Actor {
  return { id: user.id, name: user.name, role: user.role };
}
