import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeKeys, encodeKeys } from "@/lib/server/db/cursor";
import { reviewEvent } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { HistoryEntry } from "@/lib/studio/api/items";
import type { ReviewEventKind } from "@/lib/studio/review/review";
import { type Actor, findItem, type Tx } from "./access";

/** Appends one entry; the table refuses every UPDATE and DELETE (migration 0002). */
export async function appendEvent(
  db: Tx,
  event: {
    itemId: string;
    /** A member, or a guest of a share link (no id). */
    actor: { id: Actor["id"] | null; name: string };
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

/** A cursor holds the last entry's id: ids only grow, so "older than" is `id <`. */
function decodeHistoryCursor(cursor: string | null | undefined): number | null {
  if (!cursor) return null;
  const [text] = decodeKeys(cursor, 1);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1 || String(n) !== text) throw studioErrors.invalidCursor();
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
    nextCursor: rows.length > limit && last ? encodeKeys([last.id]) : null,
  };
}
