import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { studioErrors } from "@/lib/server/auth/studio-errors";
import type { StudioDatabase } from "@/lib/server/db";
import { reviewEvent } from "@/lib/server/db/schema";
import type { ReviewEventKind } from "@/lib/studio/review";
import { type Actor, fail, findItem, type Tx } from "./review-access";

/** One entry of an item's audit trail as the viewer's history tab shows it. */
export interface HistoryEntry {
  id: number;
  actorId: string | null;
  actorName: string;
  kind: ReviewEventKind;
  from: unknown;
  to: unknown;
  createdAt: string;
}

/** Appends one entry; the table refuses every UPDATE and DELETE (migration 0002). */
export async function appendEvent(
  db: Tx,
  event: {
    itemId: string;
    actor: Pick<Actor, "id" | "name">;
    kind: ReviewEventKind;
    from: unknown;
    to: unknown;
  },
): Promise<void> {
  await db.insert(reviewEvent).values({
    itemId: event.itemId,
    actorId: event.actor.id,
    actorName: event.actor.name,
    kind: event.kind,
    fromValue: event.from ?? null,
    toValue: event.to ?? null,
  });
}

/** Cursors are the last entry's id: ids only grow, so "older than" is `id <`. */
function decodeHistoryCursor(cursor: string | null | undefined): number | null {
  if (cursor === null || cursor === undefined || cursor === "") return null;
  const n = Number(cursor);
  if (!Number.isSafeInteger(n) || n < 1 || String(n) !== cursor) {
    fail(studioErrors.invalidBody("Invalid page cursor; start again without one.", "cursor"));
  }
  return n;
}

/** An item's audit trail, newest first, a page at a time (index `review_event_item_idx`). */
export async function historyPage(
  db: StudioDatabase,
  itemId: string,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const found = await findItem(db, itemId);
  const limit = query.limit ?? 50;
  const before = decodeHistoryCursor(query.cursor);
  const rows = await db
    .select()
    .from(reviewEvent)
    .where(and(eq(reviewEvent.itemId, found.id), before === null ? undefined : lt(reviewEvent.id, before)))
    .orderBy(desc(reviewEvent.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorName: r.actorName,
      kind: r.kind as ReviewEventKind,
      from: r.fromValue,
      to: r.toValue,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? String(last.id) : null,
  };
}
