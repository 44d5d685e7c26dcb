import { rankPicks } from "@/lib/studio/votes/pick-ranking";

/**
 * A run measured against a baseline, case by case. The pairwise preference of a case is the
 * Bradley-Terry fit of the blind votes cast on its two results, read as every vote's ranking
 * reads its picks (lib/studio/votes/pick-ranking.ts); with two variants their centred scores are
 * s and -s, so the run's log-odds of beating the baseline is 2s and its 95% interval is twice the
 * run's.
 * Browser-safe: the view sorts and words rows the server built.
 */

export type PairPick = "run" | "baseline" | "tie";

export const VERDICTS = ["worse", "notEnough", "same", "better"] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_WORDS: Record<Verdict, string> = {
  better: "Better",
  worse: "Worse",
  same: "Same",
  notEnough: "Not enough votes",
};

export interface Preference {
  votes: number;
  runWins: number;
  baselineWins: number;
  ties: number;
  /** Chance the run's result beats the baseline's, and its 95% interval (null: too few votes). */
  chance: number;
  low: number | null;
  high: number | null;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** What a ranking of the two (the run's row of it) says of the run against the baseline. */
export function preferenceFrom(run: {
  score: number;
  low: number | null;
  high: number | null;
  wins: number;
  losses: number;
  ties: number;
}): Preference {
  const votes = run.wins + run.losses + run.ties;
  const known = votes > 0 && run.low !== null && run.high !== null;
  return {
    votes,
    runWins: run.wins,
    baselineWins: run.losses,
    ties: run.ties,
    chance: logistic(2 * run.score),
    low: known && run.low !== null ? logistic(2 * run.low) : null,
    high: known && run.high !== null ? logistic(2 * run.high) : null,
  };
}

/** The fit of one case's votes: the run's chance of beating the baseline, with its interval. */
export function preferenceOf(picks: readonly { pick: PairPick; voter: string }[]): Preference {
  // The run is variant 1, the baseline 0, on one pair: as the server reads a case's stored picks.
  const ranked = picks.map((p) => ({
    pairId: "case",
    voter: p.voter,
    pick: p.pick === "run" ? ("a" as const) : p.pick === "baseline" ? ("b" as const) : ("tie" as const),
    a: 1,
    b: 0,
  }));
  const run = rankPicks(2, ranked).variants.find((v) => v.id === "1");
  return preferenceFrom(run ?? { score: 0, low: null, high: null, wins: 0, losses: 0, ties: 0 });
}

let decisive: number | null = null;

/**
 * The fewest votes that could ever move a case off "no change": the smallest count some split of
 * which (wins either way and "can't tell") has an interval that leaves out an even chance. Fewer
 * votes, however they fell, cannot tell; with this many or more an interval that still holds an
 * even chance says "Same". Read from the fit itself, so a change to its prior moves this with it.
 */
export function decisiveVotes(): number {
  if (decisive !== null) return decisive;
  const voters = (n: number, pick: PairPick, from: number) =>
    Array.from({ length: n }, (_, i) => ({ pick, voter: `v${from + i}` }));
  for (let n = 1; n < 200; n++) {
    for (let wins = n; wins >= 0; wins--) {
      for (let losses = 0; wins + losses <= n && losses < wins; losses++) {
        const ties = n - wins - losses;
        const p = preferenceOf([
          ...voters(wins, "run", 0),
          ...voters(losses, "baseline", wins),
          ...voters(ties, "tie", wins + losses),
        ]);
        if (p.low !== null && p.low > 0.5) {
          decisive = n;
          return n;
        }
      }
    }
  }
  decisive = 200;
  return decisive;
}

/** Better or worse only when the interval leaves out an even chance; otherwise same, or too few votes. */
export function verdictOf(p: Preference | null): Verdict {
  if (!p || p.votes === 0 || p.low === null || p.high === null) return "notEnough";
  if (p.low > 0.5) return "better";
  if (p.high < 0.5) return "worse";
  return p.votes >= decisiveVotes() ? "same" : "notEnough";
}

export const SORTS = ["worst", "best", "case"] as const;
export type RegressionSort = (typeof SORTS)[number];

export const SORT_WORDS: Record<RegressionSort, string> = {
  worst: "Worst first",
  best: "Best first",
  case: "Case order",
};

/** What a row is sorted by: its verdict, then the preference, then the rating change. */
export interface Ranked {
  index: number;
  verdict: Verdict;
  preference: Preference | null;
  ratingChange: number | null;
}

const RANK: Record<Verdict, number> = { worse: 0, same: 1, notEnough: 1, better: 2 };

/**
 * Rows by change: worst first puts what got worse on top, then cases the votes cannot tell apart,
 * then what got better, each group by how far the run's chance or rating moved; case order as set.
 */
export function sortRows<R extends Ranked>(rows: readonly R[], order: RegressionSort): R[] {
  if (order === "case") return [...rows].sort((a, b) => a.index - b.index);
  const sign = order === "worst" ? 1 : -1;
  const key = (r: R) => [
    RANK[r.verdict],
    r.preference?.votes ? r.preference.chance - 0.5 : 0,
    r.ratingChange ?? 0,
  ];
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const d = (ka[i] as number) - (kb[i] as number);
      if (d !== 0) return sign * d;
    }
    return a.index - b.index;
  });
}

/** "7 better, 2 worse, 11 unchanged of 20 cases", with the cases too few votes could tell apart. */
export function summaryWords(verdicts: readonly Verdict[]): string {
  const count = (v: Verdict) => verdicts.filter((x) => x === v).length;
  const parts = [`${count("better")} better`, `${count("worse")} worse`, `${count("same")} unchanged`];
  const unknown = count("notEnough");
  if (unknown > 0) parts.push(`${unknown} without enough votes`);
  return `${parts.join(", ")} of ${verdicts.length} ${verdicts.length === 1 ? "case" : "cases"}`;
}
