import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StudioDatabase } from "@/lib/server/db";
import {
  item,
  type VotePick,
  type VoteRoundRow,
  vote,
  voteBallot,
  votePair,
  voteRound,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { Ballot, BallotMedia } from "@/lib/studio/api/votes";
import type { BallotPick, PickInput } from "@/lib/studio/votes/input";
import { ballotMediaUrl } from "./ballot-media";
import { isFlipped } from "./blind-order";
import { electorateOf, nextPairs, roundSettled, roundVotes } from "./next-pairs";

const itemA = alias(item, "item_a");
const itemB = alias(item, "item_b");

const media = (
  url: string,
  r: { id: string; kind: "image" | "video"; width: number; height: number },
): BallotMedia => ({
  url,
  kind: r.kind,
  width: r.width,
  height: r.height,
});

const SEEN: Record<VotePick, (flipped: boolean) => BallotPick> = {
  a: (flipped) => (flipped ? "right" : "left"),
  b: (flipped) => (flipped ? "left" : "right"),
  tie: () => "tie",
};

/**
 * Whose picks a ballot reads and writes, and where its media is served: the team's in `vote`
 * under `/api/votes/...`; guests' are their own (lib/server/votes/guest-ballot.ts).
 */
export interface Voters {
  /** Inside the transaction that holds the vote's row. */
  store(
    tx: Pick<StudioDatabase, "insert" | "select">,
    row: { pairId: string; voterId: string; roundId: string; pick: VotePick },
  ): Promise<void>;
  mediaUrl(round: VoteRoundRow, itemId: string): string;
  /** The voter has their ballot in front of them (a member's labels hide from then on). */
  opened(db: StudioDatabase, round: VoteRoundRow, voterId: string): Promise<void>;
}

/** A member's ballot, opened: recorded once, the first time. */
async function openBallot(db: Pick<StudioDatabase, "insert">, roundId: string, userId: string) {
  await db.insert(voteBallot).values({ roundId, userId }).onConflictDoNothing();
}

const members: Voters = {
  async store(tx, { pairId, voterId, roundId, pick }) {
    await openBallot(tx, roundId, voterId);
    await tx
      .insert(vote)
      .values({ pairId, userId: voterId, roundId, pick })
      .onConflictDoUpdate({ target: [vote.pairId, vote.userId], set: { pick, updatedAt: sql`now()` } });
  },
  mediaUrl: (round, itemId) => ballotMediaUrl(round, itemId),
  opened: (db, round, voterId) => openBallot(db, round.id, voterId),
};

/**
 * A vote as one voter sees it: opaque pair ids and media only (no label, prompt, setting, author
 * or item id; media under the vote's own ids), with their own sides and their picks so far. The
 * pairs they picked come first, in the order they picked them, then the rest in the order
 * `nextPairs` serves them: the first is where the ranking is least certain now. Reading an open
 * vote's ballot opens it (`Voters.opened`).
 */
export async function ballotOf(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  voters: Voters = members,
): Promise<Ballot> {
  const open = round.status === "open";
  if (open) await voters.opened(db, round, voterId);
  const [rows, state, electorate] = await Promise.all([
    db
      .select({
        id: votePair.id,
        a: { id: itemA.id, kind: itemA.kind, width: itemA.width, height: itemA.height },
        b: { id: itemB.id, kind: itemB.kind, width: itemB.width, height: itemB.height },
      })
      .from(votePair)
      .innerJoin(itemA, eq(itemA.id, votePair.itemA))
      .innerJoin(itemB, eq(itemB.id, votePair.itemB))
      .where(eq(votePair.roundId, round.id)),
    roundVotes(db, round),
    open ? electorateOf(db, round) : null,
  ]);
  const mine = state.votes.filter((v) => v.voter === voterId);
  const pickOf = new Map(mine.map((v) => [v.pairId, v.pick]));
  const pairing = nextPairs({ ...round, pairs: state.pairs }, state.votes, {
    id: voterId,
    picked: new Set(pickOf.keys()),
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = (r: { id: string; kind: "image" | "video"; width: number; height: number }) =>
    media(voters.mediaUrl(round, r.id), r);
  // `mine` is oldest first: the order the voter picked them in.
  const order = [...mine.map((v) => v.pairId), ...pairing.order];
  const pairs = order.flatMap((id) => {
    const pair = byId.get(id);
    if (!pair) return [];
    const flipped = isFlipped(round.seed, voterId, pair.id);
    const pick = pickOf.get(pair.id);
    return [
      {
        id: pair.id,
        left: seen(flipped ? pair.b : pair.a),
        right: seen(flipped ? pair.a : pair.b),
        pick: pick ? SEEN[pick](flipped) : null,
      },
    ];
  });
  return {
    id: round.id,
    experimentId: round.experimentId,
    evalSetId: round.evalSetId,
    name: round.name,
    status: round.status,
    pairs,
    done: mine.length,
    next: open ? pairing.next : null,
    settled: electorate ? roundSettled(round, state, electorate, voterId) : null,
  };
}

/** Records (or changes) a voter's pick on a pair of an open vote. */
export async function castVote(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  input: PickInput,
  voters: Voters = members,
): Promise<{ pairId: string; pick: BallotPick }> {
  if (round.status !== "open") throw studioErrors.voteClosed();
  const [pair] = await db
    .select({ id: votePair.id })
    .from(votePair)
    .where(and(eq(votePair.id, input.pairId), eq(votePair.roundId, round.id)));
  if (!pair) throw studioErrors.pairNotFound();
  const flipped = isFlipped(round.seed, voterId, pair.id);
  const pick: VotePick = input.pick === "tie" ? "tie" : (input.pick === "left") !== flipped ? "a" : "b";
  // The vote's row is locked while the pick goes in: a close at the same moment waits for it, or
  // it sees the vote closed and the pick is refused.
  const stored = await db.transaction(async (tx) => {
    const [now] = await tx
      .select({ status: voteRound.status })
      .from(voteRound)
      .where(eq(voteRound.id, round.id))
      .for("update");
    if (now?.status !== "open") return false;
    await voters.store(tx, { pairId: pair.id, voterId, roundId: round.id, pick });
    return true;
  });
  if (!stored) throw studioErrors.voteClosed();
  return { pairId: pair.id, pick: input.pick };
}
