import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StudioDatabase } from "@/lib/server/db";
import { item, type VotePick, type VoteRoundRow, vote, voteBallot, votePair } from "@/lib/server/db/schema";
import type { Ballot } from "@/lib/studio/api/votes";
import { criterionCount } from "@/lib/studio/votes/criteria";
import type { BallotPick } from "@/lib/studio/votes/input";
import { fourBallot } from "./ballot-fours";
import { ballotMediaUrl, media } from "./ballot-media";
import { isFlipped } from "./blind-order";
import type { Voters } from "./voters";

export type { Voters };

import { electorateOf, nextPairs, type RoundVotes, roundSettled, roundVotes } from "./next-pairs";

const itemA = alias(item, "item_a");
const itemB = alias(item, "item_b");

const SEEN: Record<VotePick, (flipped: boolean) => BallotPick> = {
  a: (flipped) => (flipped ? "right" : "left"),
  b: (flipped) => (flipped ? "left" : "right"),
  tie: () => "tie",
  bad: () => "bad",
};

/** A member's ballot, opened: recorded once, the first time. */
export async function openBallot(db: Pick<StudioDatabase, "insert">, roundId: string, userId: string) {
  await db.insert(voteBallot).values({ roundId, userId }).onConflictDoNothing();
}

export const members: Voters = {
  async store(tx, { pairId, voterId, roundId, criterion, pick }) {
    await openBallot(tx, roundId, voterId);
    await tx
      .insert(vote)
      .values({ pairId, userId: voterId, roundId, criterion, pick })
      .onConflictDoUpdate({
        target: [vote.pairId, vote.userId, vote.criterion],
        set: { pick, updatedAt: sql`now()` },
      });
  },
  mediaUrl: (round, itemId) => ballotMediaUrl(round, itemId),
  opened: (db, round, voterId) => openBallot(db, round.id, voterId),
};

/**
 * A vote as one voter sees it: opaque ids and media only (no label, prompt, setting, author or
 * item id; media under the vote's own ids), with their own sides and their answers so far, per
 * criterion. The pairs (or fours) they answered on every criterion come first, in the order they
 * began them, then the rest in the order the adaptive pairing serves them: the first is where the
 * ranking is least certain now on any criterion. Reading an open vote's ballot opens it.
 */
export async function ballotOf(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  voters: Voters = members,
): Promise<Ballot> {
  const open = round.status === "open";
  if (open) await voters.opened(db, round, voterId);
  const [state, electorate] = await Promise.all([
    roundVotes(db, round),
    open ? electorateOf(db, round) : null,
  ]);
  const base = {
    id: round.id,
    experimentId: round.experimentId,
    evalSetId: round.evalSetId,
    name: round.name,
    status: round.status,
    criteria: round.criteria,
    format: round.format,
    settled: electorate ? roundSettled(round, state, electorate, voterId).all : null,
  };
  if (round.format === "fours")
    return { ...base, pairs: [], ...(await fourBallot(db, round, voterId, state, voters)) };
  return { ...base, fours: [], ...(await pairBallot(db, round, voterId, state, voters)) };
}

/** Each pair's answers by one voter, per criterion, and the pairs answered on every criterion in the order begun. */
export function answersOf(state: RoundVotes, voterId: string, criteria: number) {
  const picks = new Map<string, (VotePick | null)[]>();
  for (const v of state.votes) {
    if (v.voter !== voterId) continue;
    const row = picks.get(v.pairId) ?? new Array<VotePick | null>(criteria).fill(null);
    const c = v.criterion ?? 0;
    if (c < criteria) row[c] = v.pick;
    picks.set(v.pairId, row);
  }
  // Votes are oldest first: a Map keeps the order each pair was first answered in.
  const answered = [...picks.entries()].filter(([, row]) => row.every((p) => p !== null)).map(([id]) => id);
  return { picks, answered };
}

async function pairBallot(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  state: RoundVotes,
  voters: Voters,
): Promise<Pick<Ballot, "pairs" | "done" | "questions" | "next">> {
  const rows = await db
    .select({
      id: votePair.id,
      a: { id: itemA.id, kind: itemA.kind, width: itemA.width, height: itemA.height },
      b: { id: itemB.id, kind: itemB.kind, width: itemB.width, height: itemB.height },
    })
    .from(votePair)
    .innerJoin(itemA, eq(itemA.id, votePair.itemA))
    .innerJoin(itemB, eq(itemB.id, votePair.itemB))
    .where(eq(votePair.roundId, round.id));
  const count = criterionCount(round.criteria);
  const { picks, answered } = answersOf(state, voterId, count);
  const pairing = nextPairs({ ...round, pairs: state.pairs }, state.votes, {
    id: voterId,
    picked: new Set(answered),
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = (r: { id: string; kind: "image" | "video"; width: number; height: number }) =>
    media(voters.mediaUrl(round, r.id), r);
  const pairs = [...answered, ...pairing.order].flatMap((id) => {
    const pair = byId.get(id);
    if (!pair) return [];
    const flipped = isFlipped(round.seed, voterId, pair.id);
    const mine = (picks.get(pair.id) ?? new Array<VotePick | null>(count).fill(null)).map((p) =>
      p ? SEEN[p](flipped) : null,
    );
    return [
      {
        id: pair.id,
        left: seen(flipped ? pair.b : pair.a),
        right: seen(flipped ? pair.a : pair.b),
        pick: mine[0] ?? null,
        picks: mine,
      },
    ];
  });
  return {
    pairs,
    done: answered.length,
    questions: rows.length,
    next: round.status === "open" ? pairing.next : null,
  };
}
