import "server-only";
import { createHmac } from "node:crypto";
import { eq, or } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, type VoteRoundRow, votePair } from "@/lib/server/db/schema";
import { mayReadItem } from "@/lib/server/items/media-access";
import { api } from "@/lib/studio/api";
import { urlOf } from "@/lib/studio/api/url";
import type { BallotMedia } from "@/lib/studio/api/votes";
import type { Role } from "@/lib/studio/roles";

/** A picture (or video) as a ballot shows it: under its URL, with nothing that names it. */
export const media = (
  url: string,
  r: { id: string; kind: "image" | "video"; width: number; height: number },
): BallotMedia => ({
  url,
  kind: r.kind,
  width: r.width,
  height: r.height,
});

/**
 * A ballot's pictures under ids that mean nothing outside their vote: an HMAC of the item under
 * the vote's own secret seed (never shown), so a voter cannot match a side to the gallery's or
 * the experiment's media (which stand beside their prompts), nor one vote's media to another's.
 */
export function ballotMediaId(round: Pick<VoteRoundRow, "seed">, itemId: string): string {
  return createHmac("sha256", round.seed)
    .update(`ballot-media\u0000${itemId}`)
    .digest("base64url")
    .slice(0, 32);
}

export function ballotMediaUrl(round: Pick<VoteRoundRow, "id" | "seed">, itemId: string): string {
  return urlOf(api.votes.media, { params: { id: round.id, mediaId: ballotMediaId(round, itemId) } });
}

const MEDIA_ID_RE = /^[A-Za-z0-9_-]{32}$/;

/**
 * The stored media a ballot's id names in `vote`, or null when the vote shows no such media, or
 * shows it no more to `role` (its item in the trash, as in the gallery).
 */
export async function ballotMediaKey(
  db: StudioDatabase,
  round: Pick<VoteRoundRow, "id" | "seed">,
  mediaId: string,
  role: Role,
): Promise<string | null> {
  if (!MEDIA_ID_RE.test(mediaId)) return null;
  // A vote holds at most a few hundred pairs: each of its items is checked.
  const rows = await db
    .selectDistinct({ id: item.id, storageKey: item.storageKey, deletedAt: item.deletedAt })
    .from(votePair)
    .innerJoin(item, or(eq(item.id, votePair.itemA), eq(item.id, votePair.itemB)))
    .where(eq(votePair.roundId, round.id));
  const row = rows.find((r) => ballotMediaId(round, r.id) === mediaId);
  return row && mayReadItem(row, role) ? row.storageKey : null;
}
