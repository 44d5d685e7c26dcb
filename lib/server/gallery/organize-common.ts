import "server-only";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, reviewEvent } from "@/lib/server/db/schema";
import { ApiError, type ErrorAnswer, studioErrors } from "@/lib/studio/api/errors";
import type { ReviewEventKind } from "@/lib/studio/review";
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

/** A page cursor over a (timestamp, uuid) index: opaque to callers. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}:${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | null | undefined): { at: string; id: string } | null {
  if (cursor === null || cursor === undefined || cursor === "") return null;
  const match =
    cursor.length <= 200
      ? /^(\d{1,15}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
          Buffer.from(cursor, "base64url").toString(),
        )
      : null;
  if (!match?.[1] || !match[2])
    fail(studioErrors.invalidBody("Invalid page cursor; start again without one.", "cursor"));
  return { at: new Date(Number(match[1])).toISOString(), id: match[2] };
}

/** `limit` from a query string: 1 to `max`, `fallback` when absent. */
export function pageLimit(value: string | null, fallback = 50, max = 200): number {
  if (value === null || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    fail(studioErrors.invalidBody(`limit is a whole number from 1 to ${max}.`, "limit"));
  return n;
}

/** `(col_at, col_id) < (cursor)` for newest-first pages. */
export function before(at: unknown, idCol: unknown, cursor: { at: string; id: string }) {
  return sql`(${at}, ${idCol}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The actor of a signed-in member. */
export function actorOf(user: { id: string; name: string; role: Role }): Actor {
  return { id: user.id, name: user.name, role: user.role };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path or query parameter that must be one of the studio's UUIDs, else a 400 naming it. */
export function uuidParam(value: string | null | undefined, parameter: string): string | Response {
  if (typeof value === "string" && UUID_RE.test(value)) return value.toLowerCase();
  return Response.json(
    {
      errors: [
        {
          code: "invalidId",
          message: `Invalid '${parameter}': expected an id (a UUID).`,
          parameter,
          type: "string",
        },
      ],
    },
    { status: 400 },
  );
}

/** A share token as made by the studio (base64url), else a 404 like any dead link. */
export function tokenParam(value: string): string | Response {
  if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  return Response.json(
    { errors: [{ code: "notFound", message: "This link has expired or was revoked.", parameter: "token" }] },
    { status: 404 },
  );
}
