import "server-only";
import { asc, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { guestVote, type VoteRoundRow, vote, votePair } from "@/lib/server/db/schema";
import {
  type Pairing,
  type RoundPair,
  type RoundVote,
  remainingVotes,
  type SettledReason,
  servePairs,
  settledReason,
} from "@/lib/studio/votes/adaptive-pairing";

/** A round's pairs (by variant) and every pick on them so far, oldest first. */
export interface RoundVotes {
  pairs: RoundPair[];
  votes: (RoundVote & { at: Date })[];
}

/** A guest ballot's voter id: prefixed, so it never meets a member's id. */
export const voterOf = (ballot: string): string => `guest:${ballot}`;
export const ballotOfVoter = (voterId: string): string => voterId.slice("guest:".length);

/**
 * A round's pairs and every pick on them, the team's and the guests' (a guest ballot is a voter):
 * both tell where the ranking is still uncertain.
 */
export async function roundVotes(db: StudioDatabase, round: Pick<VoteRoundRow, "id">): Promise<RoundVotes> {
  const [pairs, team, guests] = await Promise.all([
    db
      .select({ id: votePair.id, a: votePair.variantA, b: votePair.variantB })
      .from(votePair)
      .where(eq(votePair.roundId, round.id))
      .orderBy(asc(votePair.position)),
    db
      .select({ pairId: vote.pairId, voter: vote.userId, pick: vote.pick, at: vote.createdAt })
      .from(vote)
      .where(eq(vote.roundId, round.id))
      .orderBy(asc(vote.createdAt), asc(vote.pairId)),
    db
      .select({
        pairId: guestVote.pairId,
        ballot: guestVote.ballot,
        pick: guestVote.pick,
        at: guestVote.createdAt,
      })
      .from(guestVote)
      .where(eq(guestVote.roundId, round.id)),
  ]);
  const votes = [...team, ...guests.map(({ ballot, ...v }) => ({ ...v, voter: voterOf(ballot) }))].sort(
    (x, y) => x.at.getTime() - y.at.getTime() || (x.pairId < y.pairId ? -1 : x.pairId > y.pairId ? 1 : 0),
  );
  return { pairs, votes };
}

/**
 * The pairs to ask one voter next, least certain first, and whether the round is settled: from the
 * round (its seed, variants and pairs), every vote so far, and the pairs this voter has picked.
 * A member's ballot and a guest's both serve from here; `voter.id` seeds the ties, so the same
 * votes give the same order.
 */
export function nextPairs(
  round: Pick<VoteRoundRow, "seed" | "variants"> & { pairs: readonly RoundPair[] },
  votes: readonly RoundVote[],
  voter: { id: string; picked: ReadonlySet<string> },
): Pairing {
  return servePairs({
    variantCount: round.variants.length,
    pairs: round.pairs,
    votes,
    voterId: voter.id,
    picked: voter.picked,
    tieBreak: `${round.seed}\u0000${voter.id}`,
  });
}

/**
 * Whether an open round's order is settled, counting the votes its voters so far, and `voters`
 * (a member who may vote and asks), could still give.
 */
export function roundSettled(
  round: Pick<VoteRoundRow, "variants">,
  state: RoundVotes,
  voters: readonly string[] = [],
): SettledReason | null {
  const remaining = remainingVotes(state.pairs, state.votes, voters);
  return settledReason(round.variants.length, state.pairs, state.votes, remaining);
}
