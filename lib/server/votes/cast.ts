import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import {
  type VoteFourRow,
  type VotePick,
  type VoteRoundRow,
  voteFour,
  votePair,
  voteRank,
  voteRound,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { criterionCount } from "@/lib/studio/votes/criteria";
import type { BallotPick, PickInput, RankInput } from "@/lib/studio/votes/input";
import { placesOf, type SetAnswer, setOutcomes } from "@/lib/studio/votes/set-answer";
import { members, type Voters } from "./ballot";
import { ballotMediaId } from "./ballot-media";
import { isFlipped } from "./blind-order";

/** An answer names one of the vote's own criteria (0 when it asks one overall question). */
function checkCriterion(round: VoteRoundRow, criterion: number): void {
  if (criterion >= criterionCount(round.criteria))
    throw studioErrors.notAsked(
      round.criteria.length === 0
        ? "This vote asks one question: criterion is 0."
        : `This vote asks ${round.criteria.length} criteria: criterion is 0 to ${round.criteria.length - 1}.`,
      "criterion",
    );
}

/**
 * Stores answers inside one transaction that holds the vote's row: a close at the same moment
 * waits for them, or they see the vote closed and are refused. Two sends of one answer at once
 * run one after the other, the second changing nothing: each answer is one row per voter, pair
 * and criterion.
 */
async function storeLocked(
  db: StudioDatabase,
  round: VoteRoundRow,
  write: (tx: Parameters<Parameters<StudioDatabase["transaction"]>[0]>[0]) => Promise<void>,
): Promise<void> {
  const stored = await db.transaction(async (tx) => {
    const [now] = await tx
      .select({ status: voteRound.status })
      .from(voteRound)
      .where(eq(voteRound.id, round.id))
      .for("update");
    if (now?.status !== "open") return false;
    await write(tx);
    return true;
  });
  if (!stored) throw studioErrors.voteClosed();
}

/** Records (or changes) a voter's pick on a pair of an open vote, for one criterion. */
export async function castVote(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  input: PickInput,
  voters: Voters = members,
): Promise<{ pairId: string; pick: BallotPick }> {
  if (round.status !== "open") throw studioErrors.voteClosed();
  if (round.format === "fours")
    throw studioErrors.notAsked("This vote ranks four at once: send the four in order.", "pairId");
  const criterion = input.criterion ?? 0;
  checkCriterion(round, criterion);
  const [pair] = await db
    .select({ id: votePair.id })
    .from(votePair)
    .where(and(eq(votePair.id, input.pairId), eq(votePair.roundId, round.id)));
  if (!pair) throw studioErrors.pairNotFound();
  const flipped = isFlipped(round.seed, voterId, pair.id);
  const pick: VotePick =
    input.pick === "tie" || input.pick === "bad"
      ? input.pick
      : (input.pick === "left") !== flipped
        ? "a"
        : "b";
  await storeLocked(db, round, (tx) =>
    voters.store(tx, { pairId: pair.id, voterId, roundId: round.id, criterion, pick }),
  );
  return { pairId: pair.id, pick: input.pick };
}

/**
 * Records (or changes) a voter's answer on one set of an open vote that ranks at once, for one
 * criterion: an order (some maybe level) or "none of these is good", kept as given, and as the
 * pairwise outcomes it implies (lib/studio/votes/set-answer.ts). The set must be one the vote
 * shows, and the order its pictures, each once (the ids its ballot gave them).
 */
export async function castRank(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  input: RankInput,
  voters: Voters = members,
): Promise<{ fourId: string }> {
  if (round.status !== "open") throw studioErrors.voteClosed();
  if (round.format !== "fours")
    throw studioErrors.notAsked("This vote asks one pair at a time: send a pick.", "fourId");
  const criterion = input.criterion ?? 0;
  checkCriterion(round, criterion);
  const [four] = await db
    .select()
    .from(voteFour)
    .where(and(eq(voteFour.id, input.fourId), eq(voteFour.roundId, round.id)));
  if (!four) throw studioErrors.fourNotFound();
  const answer = answerOf(round, four, input);
  const pairs = await db
    .select({ id: votePair.id, a: votePair.variantA, b: votePair.variantB })
    .from(votePair)
    .where(and(eq(votePair.roundId, round.id), inArray(votePair.id, four.pairIds)));
  const outcomes = setOutcomes(four, new Map(pairs.map((p) => [p.id, p])), answer);
  if (!outcomes)
    throw studioErrors.notAsked("order lists each picture of the set once, best first.", "order");
  const stored = answer.rejected
    ? { ranking: [], places: null, rejected: true }
    : {
        ranking: [...answer.order],
        places: answer.places.some((p, k) => p !== k) ? [...answer.places] : null,
        rejected: false,
      };
  await storeLocked(db, round, async (tx) => {
    for (const o of outcomes)
      await voters.store(tx, { pairId: o.pairId, voterId, roundId: round.id, criterion, pick: o.pick });
    await tx
      .insert(voteRank)
      .values({ fourId: four.id, voter: voterId, roundId: round.id, criterion, ...stored })
      .onConflictDoUpdate({
        target: [voteRank.fourId, voteRank.voter, voteRank.criterion],
        set: { ...stored, updatedAt: sql`now()` },
      });
  });
  return { fourId: four.id };
}

/** The answer in variant indexes, or refused naming what names a picture the set does not show. */
function answerOf(round: VoteRoundRow, four: VoteFourRow, input: RankInput): SetAnswer {
  if (input.rejected) {
    if ((input.order?.length ?? 0) > 0 || (input.ties?.length ?? 0) > 0)
      throw studioErrors.notAsked("A set rejected as a whole is sent with no order and no ties.", "rejected");
    return { rejected: true };
  }
  const order = input.order ?? [];
  const variantOf = new Map(four.items.map((itemId, k) => [ballotMediaId(round, itemId), four.variants[k]]));
  const ranking = order.map((id) => variantOf.get(id));
  if (ranking.some((v) => v === undefined))
    throw studioErrors.notAsked("order names a picture this four does not show.", "order");
  if ((input.ties ?? []).some((group) => group.some((id) => !variantOf.has(id))))
    throw studioErrors.notAsked("ties names a picture this set does not show.", "ties");
  const places = placesOf(order, input.ties ?? []);
  if ("error" in places) throw studioErrors.notAsked(places.error, "ties");
  return { rejected: false, order: ranking as number[], places: places.places };
}
