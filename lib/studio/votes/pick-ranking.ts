import { type Ranking, rankVariants, type Vote } from "./bradley-terry";

/** One stored pick on a pair of variants (indexes), as every ranking of stored votes reads it. */
export interface RankedPick {
  pairId: string;
  voter: string;
  pick: "a" | "b" | "tie" | "bad";
  a: number;
  b: number;
}

/**
 * The Bradley-Terry ranking of variants `0 … count - 1` (ids their indexes as text) from picks of
 * one criterion: a tie is half a win to each side, "both bad" moves no score (it is counted apart,
 * as a rejected rate, by whoever shows it). A vote's ranking and an evaluation set's case verdict
 * both read their picks here.
 */
export function rankPicks(count: number, picks: readonly RankedPick[]): Ranking {
  const votes: Vote[] = picks.flatMap((r) => {
    if (r.pick === "bad") return [];
    const [winner, loser] = r.pick === "b" ? [r.b, r.a] : [r.a, r.b];
    return [
      { winner: String(winner), loser: String(loser), voter: r.voter, pair: r.pairId, tie: r.pick === "tie" },
    ];
  });
  return rankVariants(
    Array.from({ length: count }, (_, i) => String(i)),
    votes,
  );
}
