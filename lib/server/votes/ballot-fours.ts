import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, type VoteRoundRow, voteFour, voteRank } from "@/lib/server/db/schema";
import type { Ballot } from "@/lib/studio/api/votes";
import { fitCriteria } from "@/lib/studio/votes/adaptive-pairing";
import { criterionCount } from "@/lib/studio/votes/criteria";
import { chooseFours } from "@/lib/studio/votes/four-pairing";
import { tiesOf } from "@/lib/studio/votes/set-answer";
import { ballotMediaId, media } from "./ballot-media";
import { slotOrder } from "./blind-order";
import type { RoundVotes } from "./next-pairs";
import type { Voters } from "./voters";

/**
 * A ballot of fours: each four's pictures in the voter's own shuffle, each named by the vote's own
 * id for its media (what a ranking is sent with), and the voter's order so far per criterion.
 */
export async function fourBallot(
  db: StudioDatabase,
  round: VoteRoundRow,
  voterId: string,
  state: RoundVotes,
  voters: Voters,
): Promise<Pick<Ballot, "fours" | "done" | "questions" | "next">> {
  const [fours, ranks] = await Promise.all([
    db.select().from(voteFour).where(eq(voteFour.roundId, round.id)).orderBy(asc(voteFour.position)),
    db
      .select({
        fourId: voteRank.fourId,
        voter: voteRank.voter,
        criterion: voteRank.criterion,
        ranking: voteRank.ranking,
        places: voteRank.places,
        rejected: voteRank.rejected,
      })
      .from(voteRank)
      .where(eq(voteRank.roundId, round.id))
      .orderBy(asc(voteRank.createdAt), asc(voteRank.fourId)),
  ]);
  const itemIds = [...new Set(fours.flatMap((f) => f.items))];
  const items =
    itemIds.length === 0
      ? []
      : await db
          .select({ id: item.id, kind: item.kind, width: item.width, height: item.height })
          .from(item)
          .where(inArray(item.id, itemIds));
  const itemById = new Map(items.map((i) => [i.id, i]));
  const count = criterionCount(round.criteria);
  type Mine = { ranking: number[]; places: number[] | null; rejected: boolean } | null;
  const mine = new Map<string, Mine[]>();
  const rankedBy = new Map<string, number>();
  for (const r of ranks) {
    if (r.criterion === 0) rankedBy.set(r.fourId, (rankedBy.get(r.fourId) ?? 0) + 1);
    if (r.voter !== voterId || r.criterion >= count) continue;
    const row = mine.get(r.fourId) ?? new Array<Mine>(count).fill(null);
    row[r.criterion] = r;
    mine.set(r.fourId, row);
  }
  const answered = [...mine.entries()].filter(([, row]) => row.every((x) => x !== null)).map(([id]) => id);
  const fits = fitCriteria(round.variants.length, count, state.pairs, state.votes);
  const rest = chooseFours(fits, fours, new Set(answered), rankedBy, `${round.seed}\u0000${voterId}`);
  const byId = new Map(fours.map((f) => [f.id, f]));
  const out = [...answered, ...rest].flatMap((id) => {
    const four = byId.get(id);
    if (!four) return [];
    const slotOf = new Map(four.variants.map((v, k) => [v, ballotMediaId(round, four.items[k] as string)]));
    const slots = four.items.flatMap((itemId) => {
      const found = itemById.get(itemId);
      return found
        ? [{ id: ballotMediaId(round, itemId), media: media(voters.mediaUrl(round, itemId), found) }]
        : [];
    });
    slots.sort(
      (x, y) => slotOrder(round.seed, voterId, four.id, x.id) - slotOrder(round.seed, voterId, four.id, y.id),
    );
    const answers = mine.get(four.id) ?? new Array<Mine>(count).fill(null);
    const seen = (vs: readonly number[]) => vs.map((v) => slotOf.get(v) ?? "");
    return [
      {
        id: four.id,
        slots,
        ranks: answers.map((r) => (r ? seen(r.ranking) : null)),
        ties: answers.map((r) => (r ? tiesOf(seen(r.ranking), r.places) : [])),
        rejected: answers.map((r) => r?.rejected ?? false),
      },
    ];
  });
  return {
    fours: out,
    done: answered.length,
    questions: fours.length,
    next: round.status === "open" ? (rest[0] ?? null) : null,
  };
}
