import "server-only";
import { and, desc, eq, or } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { savedSearch, user } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { SavedSearchView } from "@/lib/studio/api/saved-searches";
import { type Actor, before } from "../items/actor";
import { type OrganizeDeps, publish } from "../items/live";

type Row = typeof savedSearch.$inferSelect & { ownerName: string | null };

function view(row: Row, actor: Actor): SavedSearchView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    shared: row.shared,
    mine: row.ownerId === actor.id,
    ownerName: row.ownerName ?? "Former member",
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's own saved views and those shared with the team, newest first. */
export async function listSavedSearches(
  deps: OrganizeDeps,
  actor: Actor,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<{ searches: SavedSearchView[]; nextCursor: string | null }> {
  const limit = query.limit ?? 100;
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select({ search: savedSearch, ownerName: user.name })
    .from(savedSearch)
    .leftJoin(user, eq(user.id, savedSearch.ownerId))
    .where(
      and(
        or(eq(savedSearch.ownerId, actor.id ?? ""), eq(savedSearch.shared, true)),
        after ? before(savedSearch.createdAt, savedSearch.id, after) : undefined,
      ),
    )
    .orderBy(desc(savedSearch.createdAt), desc(savedSearch.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    searches: page.map((r) => view({ ...r.search, ownerName: r.ownerName }, actor)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.search.createdAt, last.search.id) : null,
  };
}

export async function createSavedSearch(
  deps: OrganizeDeps,
  actor: Actor,
  input: { name: string; query: string; shared: boolean },
): Promise<SavedSearchView> {
  const [row] = await deps.db
    .insert(savedSearch)
    .values({
      ownerId: actor.id as string,
      name: input.name,
      query: input.query.replace(/^\?/, ""),
      shared: input.shared,
    })
    .returning();
  const created = row as typeof savedSearch.$inferSelect;
  if (created.shared) publish(deps, { kind: "savedSearch", id: created.id });
  return view({ ...created, ownerName: actor.name }, actor);
}

/** Only its owner changes a saved view; another member's answers 404 (unshared) or 403 (shared). */
async function ownSearch(deps: OrganizeDeps, actor: Actor, id: string) {
  const [row] = await deps.db.select().from(savedSearch).where(eq(savedSearch.id, id));
  if (!row || (!row.shared && row.ownerId !== actor.id)) throw studioErrors.savedSearchNotFound();
  if (row.ownerId !== actor.id) throw studioErrors.savedSearchNotYours();
  return row;
}

export async function updateSavedSearch(
  deps: OrganizeDeps,
  actor: Actor,
  id: string,
  patch: { name?: string | undefined; query?: string | undefined; shared?: boolean | undefined },
): Promise<SavedSearchView> {
  const before = await ownSearch(deps, actor, id);
  const [row] = await deps.db
    .update(savedSearch)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.query !== undefined ? { query: patch.query } : {}),
      ...(patch.shared !== undefined ? { shared: patch.shared } : {}),
      updatedAt: new Date(),
    })
    .where(eq(savedSearch.id, id))
    .returning();
  const updated = row as typeof savedSearch.$inferSelect;
  if (before.shared || updated.shared) publish(deps, { kind: "savedSearch", id });
  return view({ ...updated, ownerName: actor.name }, actor);
}

export async function deleteSavedSearch(deps: OrganizeDeps, actor: Actor, id: string): Promise<void> {
  const row = await ownSearch(deps, actor, id);
  await deps.db.delete(savedSearch).where(eq(savedSearch.id, id));
  if (row.shared) publish(deps, { kind: "savedSearch", id });
}
