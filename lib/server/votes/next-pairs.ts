import "server-only";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import {
  guestVote,
  guestVoteLink,
  shareLink,
  user,
  type VoteRoundRow,
  vote,
  votePair,
} from "@/lib/server/db/schema";
import type { SettledClaimView, VotingNow } from "@/lib/studio/api/votes";
import { can, ROLES } from "@/lib/studio/roles";
import {
  type Pairing,
  type RoundPair,
  type RoundVote,
  servePairs,
  votesOn,
} from "@/lib/studio/votes/adaptive-pairing";
import { criterionCount } from "@/lib/studio/votes/criteria";
import { SETTLED_CONFIDENCE, type SettledClaim, settledClaim } from "@/lib/studio/votes/settled-claim";

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
      .select({
        pairId: vote.pairId,
        voter: vote.userId,
        criterion: vote.criterion,
        pick: vote.pick,
        at: vote.createdAt,
      })
      .from(vote)
      .where(eq(vote.roundId, round.id))
      .orderBy(asc(vote.createdAt), asc(vote.pairId)),
    db
      .select({
        pairId: guestVote.pairId,
        ballot: guestVote.ballot,
        criterion: guestVote.criterion,
        pick: guestVote.pick,
        at: guestVote.createdAt,
      })
      .from(guestVote)
      .where(eq(guestVote.roundId, round.id)),
  ]);
  const votes = [...team, ...guests.map(({ ballot, ...v }) => ({ ...v, voter: voterOf(ballot) }))].sort(
    (x, y) =>
      x.at.getTime() - y.at.getTime() ||
      (x.pairId < y.pairId ? -1 : x.pairId > y.pairId ? 1 : 0) ||
      x.criterion - y.criterion,
  );
  return { pairs, votes };
}

/**
 * The pairs to ask one voter next, least certain first: from the
 * round (its seed, variants and pairs), every vote so far, and the pairs this voter has picked.
 * A member's ballot and a guest's both serve from here; `voter.id` seeds the ties, so the same
 * votes give the same order.
 */
export function nextPairs(
  round: Pick<VoteRoundRow, "seed" | "variants" | "criteria"> & { pairs: readonly RoundPair[] },
  votes: readonly RoundVote[],
  voter: { id: string; picked: ReadonlySet<string> },
): Pairing {
  return servePairs({
    variantCount: round.variants.length,
    criteria: criterionCount(round.criteria),
    pairs: round.pairs,
    votes,
    voterId: voter.id,
    picked: voter.picked,
    tieBreak: `${round.seed}\u0000${voter.id}`,
  });
}

/**
 * Who may still vote in an open round: every active member whose role lets them vote, and, while a
 * link that takes guests' votes is live, the guest ballots that have begun (how many more guests
 * will come is not known: `guestsOpen` says the claim leaves them out).
 */
export interface Electorate {
  members: { id: string; name: string }[];
  guestsOpen: boolean;
}

export async function electorateOf(db: StudioDatabase, round: Pick<VoteRoundRow, "id">): Promise<Electorate> {
  const voting = ROLES.filter((r) => can(r, "review"));
  const [members, links] = await Promise.all([
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(and(inArray(user.role, voting), isNull(user.deactivatedAt)))
      .orderBy(asc(user.name), asc(user.id)),
    db
      .select({ id: shareLink.id })
      .from(guestVoteLink)
      .innerJoin(shareLink, eq(shareLink.id, guestVoteLink.shareLinkId))
      .where(
        and(
          eq(guestVoteLink.roundId, round.id),
          isNull(shareLink.revokedAt),
          or(isNull(shareLink.expiresAt), gt(shareLink.expiresAt, sql`now()`)),
        ),
      )
      .limit(1),
  ]);
  return { members, guestsOpen: links.length > 0 };
}

/**
 * Whether an open round is settled, per criterion and as a whole, as a claim at 95% over everyone
 * who may still vote (see lib/studio/votes/settled-claim.ts), with what it rests on: how many
 * teammates and guests still have answers to give, how many of those teammates have not voted at
 * all, and whether new guests may come. The round is settled when every criterion is: its claim is
 * the weakest of theirs. `asker`: the voter reading their ballot counts too.
 */
export function roundSettled(
  round: Pick<VoteRoundRow, "variants" | "seed" | "criteria">,
  state: RoundVotes,
  electorate: Electorate,
  asker: string | null = null,
): { all: SettledClaimView | null; each: (SettledClaimView | null)[] } {
  const guests = electorate.guestsOpen
    ? [...new Set([...state.votes.map((v) => v.voter), ...(asker ? [asker] : [])])].filter((v) =>
        v.startsWith("guest:"),
      )
    : [];
  // Whoever reads their own ballot may vote in it.
  const voters = [...electorate.members.map((m) => m.id), ...guests, ...(asker ? [asker] : [])];
  const count = criterionCount(round.criteria);
  const claims = Array.from({ length: count }, (_, c) =>
    settledClaim({
      variantCount: round.variants.length,
      pairs: state.pairs,
      votes: votesOn(state.votes, c),
      electorate: voters,
      seed: c === 0 ? round.seed : `${round.seed}\u0000${c}`,
    }),
  );
  const cast = new Map<string, number>();
  for (const v of state.votes) cast.set(v.voter, (cast.get(v.voter) ?? 0) + 1);
  const left = (id: string) => state.pairs.length * count - (cast.get(id) ?? 0);
  const still = electorate.members.filter((m) => left(m.id) > 0);
  const view = (claim: SettledClaim): SettledClaimView => ({
    scope: claim.scope,
    held: claim.held,
    confidence: SETTLED_CONFIDENCE,
    remaining: claim.remaining,
    members: still.length,
    notStarted: still.filter((m) => !cast.has(m.id)).length,
    guests: guests.filter((g) => left(g) > 0).length,
    guestsOpen: electorate.guestsOpen,
  });
  const each = claims.map((c) => (c ? view(c) : null));
  const all = claims.every((c) => c !== null)
    ? view({
        scope: claims.every((c) => c?.scope === "order") ? "order" : "top",
        held: Math.min(...claims.map((c) => c?.held ?? 0)),
        remaining: claims.reduce((a, c) => a + (c?.remaining ?? 0), 0),
      })
    : null;
  return { all, each };
}

/**
 * Who is voting in an open round now: the members partway through (by name, with their pairs
 * left: those who opened their ballot or voted and have not finished), how many members who may
 * vote have not begun, and how many guest ballots are partway.
 */
export function stillVoting(
  round: Pick<VoteRoundRow, "criteria">,
  state: RoundVotes,
  electorate: Electorate,
  opened: ReadonlySet<string>,
): VotingNow {
  const cast = new Map<string, number>();
  for (const v of state.votes) cast.set(v.voter, (cast.get(v.voter) ?? 0) + 1);
  const total = state.pairs.length * criterionCount(round.criteria);
  const members = electorate.members
    .filter((m) => (cast.has(m.id) || opened.has(m.id)) && (cast.get(m.id) ?? 0) < total)
    .map((m) => ({ name: m.name, left: total - (cast.get(m.id) ?? 0) }));
  const notStarted = electorate.members.filter((m) => !cast.has(m.id) && !opened.has(m.id)).length;
  const guests = [...cast.entries()].filter(([v, n]) => v.startsWith("guest:") && n < total).length;
  return { members, notStarted, guests };
}
