import "server-only";
import { eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { type VoteRoundRow, vote, votePair } from "@/lib/server/db/schema";
import type { VoteResults } from "@/lib/studio/api/votes";
import { rankVariants, type Vote } from "@/lib/studio/votes/bradley-terry";
import { roundSettled, roundVotes } from "./next-pairs";
import { axisNameOf } from "./records";

/**
 * A vote's results. Open: the counts only, for everyone (its creator included), so no early
 * ranking sways the votes still to come, and whether its order is settled (not who leads). Closed: the Bradley-Terry ranking with a 95% interval per
 * variant ("can't tell" counting half a win to each side) and the agreement between voters, taken
 * on the pairs two or more of them judged.
 */
export async function voteResults(
  db: StudioDatabase,
  round: VoteRoundRow,
  /** A member asking who may still vote: settled only if their votes could not change it either. */
  askerId: string | null = null,
): Promise<VoteResults> {
  const [counts] = await db
    .select({
      pairs: sql<number>`(select count(*)::int from vote_pair p where p.round_id = ${round.id})`,
      votes: sql<number>`count(*)::int`,
      voters: sql<number>`count(distinct ${vote.userId})::int`,
    })
    .from(vote)
    .where(eq(vote.roundId, round.id));
  const base = {
    id: round.id,
    experimentId: round.experimentId,
    evalSetId: round.evalSetId,
    name: round.name,
    status: round.status,
    axisName: await axisNameOf(db, round),
    pairs: counts?.pairs ?? 0,
    votes: counts?.votes ?? 0,
    voters: counts?.voters ?? 0,
    closedAt: round.closedAt?.toISOString() ?? null,
  };
  if (round.status !== "closed")
    return {
      ...base,
      settled: roundSettled(round, await roundVotes(db, round), askerId ? [askerId] : []),
      ranking: null,
    };
  const rows = await db
    .select({
      pairId: vote.pairId,
      voter: vote.userId,
      pick: vote.pick,
      a: votePair.variantA,
      b: votePair.variantB,
    })
    .from(vote)
    .innerJoin(votePair, eq(votePair.id, vote.pairId))
    .where(eq(vote.roundId, round.id));
  const ids = round.variants.map((_, i) => String(i));
  const votes: Vote[] = rows.map((r) => {
    const [winner, loser] = r.pick === "b" ? [r.b, r.a] : [r.a, r.b];
    return {
      winner: String(winner),
      loser: String(loser),
      voter: r.voter,
      pair: r.pairId,
      tie: r.pick === "tie",
    };
  });
  const ranking = rankVariants(ids, votes);
  return {
    ...base,
    settled: null,
    ranking: {
      variants: ranking.variants.map((v) => {
        const i = Number(v.id);
        return {
          value: round.variants[i] ?? i,
          runId: round.runIds?.[i] ?? null,
          label: round.labels[i] ?? `${i + 1}`,
          score: v.score,
          low: v.low,
          high: v.high,
          winChance: v.winChance,
          wins: v.wins,
          losses: v.losses,
          ties: v.ties,
        };
      }),
      agreement: ranking.agreement,
      ties: rows.filter((r) => r.pick === "tie").length,
    },
  };
}
