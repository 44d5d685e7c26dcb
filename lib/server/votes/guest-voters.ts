import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { logger } from "@/lib/platform/logger";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { guestVote, guestVoter, user, type VoteRoundRow, voteRank } from "@/lib/server/db/schema";
import type { OrganizeDeps } from "@/lib/server/items/live";
import type { RateLimits } from "@/lib/server/rate-limits";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GuestVoters } from "@/lib/studio/api/guest-votes";
import { voterOf } from "./next-pairs";

/**
 * Who voted as a guest, as the vote's owner sees them: a browser is a voter, so new ballots are
 * what a script makes without end. Each new ballot is counted against its link's budget and its
 * address's budget on that link (budgets in the database, so every studio counts them together);
 * its address is kept only as a keyed hash, enough to say that guests came from one place.
 */

export type GuestVoteDeps = OrganizeDeps & { limits: RateLimits };

/** Past this many, the panel lists the first guests to vote (the counts stay whole). */
export const MAX_LISTED_GUESTS = 500;

/** The keyed hash an address is kept as (an HMAC under the studio's secret, never the address). */
export const addressHashOf = (limits: RateLimits, address: string): string =>
  limits.keyed(`guest-voter:${address}`);

/**
 * Lets a ballot vote on a vote: a ballot seen before goes on (unless the owner discarded it); a
 * new one takes one from the link's and the address's budgets of new voters, or is refused 429.
 * Two first picks of one new ballot at once may both count: the budget errs on the strict side.
 */
export async function admitGuestVoter(
  deps: GuestVoteDeps,
  at: { roundId: string; linkId: string; ballot: string; address: string },
): Promise<void> {
  const [known] = await deps.db
    .select({ discardedAt: guestVoter.discardedAt })
    .from(guestVoter)
    .where(and(eq(guestVoter.roundId, at.roundId), eq(guestVoter.ballot, at.ballot)));
  if (known?.discardedAt) throw studioErrors.guestBallotDiscarded();
  if (known) return;
  const addressHash = addressHashOf(deps.limits, at.address);
  const byAddress = await deps.limits.take("guestVotersByAddress", `${at.linkId}:${addressHash}`);
  if (byAddress > 0) throw studioErrors.guestVotersLimited("address", byAddress);
  const byLink = await deps.limits.take("guestVotersByLink", at.linkId);
  if (byLink > 0) throw studioErrors.guestVotersLimited("link", byLink);
  await deps.db
    .insert(guestVoter)
    .values({ roundId: at.roundId, ballot: at.ballot, shareLinkId: at.linkId, addressHash })
    .onConflictDoNothing();
}

/** Inside a pick's transaction: a ballot discarded meanwhile stores nothing (its row is locked). */
export async function checkNotDiscarded(
  tx: Pick<StudioDatabase, "select">,
  roundId: string,
  ballot: string,
): Promise<void> {
  const [voter] = await tx
    .select({ discardedAt: guestVoter.discardedAt })
    .from(guestVoter)
    .where(and(eq(guestVoter.roundId, roundId), eq(guestVoter.ballot, ballot)))
    .for("share");
  if (voter?.discardedAt) throw studioErrors.guestBallotDiscarded();
}

/** A vote's guest voters for its owner: how many, from how many places, each with their votes. */
export async function guestVotersOf(db: StudioDatabase, round: VoteRoundRow): Promise<GuestVoters> {
  const rows = await db
    .select({
      ballot: guestVoter.ballot,
      addressHash: guestVoter.addressHash,
      createdAt: guestVoter.createdAt,
      discardedAt: guestVoter.discardedAt,
      discardedByName: user.name,
      votes: sql<number>`(select count(*)::int from ${guestVote} g where g.round_id = ${outerColumn(guestVoter.roundId)} and g.ballot = ${outerColumn(guestVoter.ballot)})`,
    })
    .from(guestVoter)
    .leftJoin(user, eq(user.id, guestVoter.discardedBy))
    .where(eq(guestVoter.roundId, round.id))
    .orderBy(asc(guestVoter.createdAt), asc(guestVoter.ballot));
  // A ballot let in whose pick was then refused (no such pair) gave no vote: not a voter.
  const voted = rows.filter((r) => r.votes > 0 || r.discardedAt !== null);
  const places = new Map<string, string>();
  for (const r of voted)
    if (r.addressHash && !places.has(r.addressHash)) places.set(r.addressHash, placeName(places.size));
  const counting = voted.filter((r) => r.discardedAt === null);
  return {
    voters: counting.length,
    votes: counting.reduce((n, r) => n + r.votes, 0),
    addresses: new Set(counting.map((r) => r.addressHash).filter(Boolean)).size,
    discarded: voted.length - counting.length,
    guests: voted.slice(0, MAX_LISTED_GUESTS).map((r, i) => ({
      id: r.ballot,
      name: `Guest ${i + 1}`,
      place: places.get(r.addressHash) ?? null,
      votes: r.votes,
      firstVoteAt: r.createdAt.toISOString(),
      discardedAt: r.discardedAt?.toISOString() ?? null,
      discardedByName: r.discardedAt ? (r.discardedByName ?? "Former member") : null,
    })),
  };
}

/** "Address A", ..., "Address Z", "Address AA": a name per place, in the order they first voted. */
function placeName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return `Address ${name}`;
}

/**
 * Discards one guest's votes: their picks are deleted (every ranking is read from the picks, so
 * it no longer counts them), their ballot takes no more, and the row keeps who did it and when.
 * Discarding a discarded guest again changes nothing.
 */
export async function discardGuestVoter(
  db: StudioDatabase,
  round: VoteRoundRow,
  ballot: string,
  memberId: string,
  now = new Date(),
): Promise<{ votes: number }> {
  const out = await db.transaction(async (tx) => {
    // The row first: a pick storing at the same moment waits for it, then finds it discarded.
    const marked = await tx
      .update(guestVoter)
      .set({ discardedAt: now, discardedBy: memberId })
      .where(
        and(eq(guestVoter.roundId, round.id), eq(guestVoter.ballot, ballot), isNull(guestVoter.discardedAt)),
      )
      .returning({ ballot: guestVoter.ballot });
    if (marked.length === 0) {
      const [row] = await tx
        .select({ ballot: guestVoter.ballot })
        .from(guestVoter)
        .where(and(eq(guestVoter.roundId, round.id), eq(guestVoter.ballot, ballot)));
      if (!row) throw studioErrors.guestNotFound();
      return { votes: 0 };
    }
    const removed = await tx
      .delete(guestVote)
      .where(and(eq(guestVote.roundId, round.id), eq(guestVote.ballot, ballot)))
      .returning({ pairId: guestVote.pairId });
    await tx.delete(voteRank).where(and(eq(voteRank.roundId, round.id), eq(voteRank.voter, voterOf(ballot))));
    return { votes: removed.length };
  });
  logger().info(
    { roundId: round.id, guest: ballot.slice(0, 12), by: memberId, votes: out.votes },
    "guest voter discarded",
  );
  return out;
}
