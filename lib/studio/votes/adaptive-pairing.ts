import { rankVariants, type Vote } from "./bradley-terry";

/**
 * Adaptive pairing for a blind vote, as arena leaderboards do it: the next pair a voter is asked
 * about is the one where the current ranking is least certain, and the round says when more votes
 * would no longer change its order. Pure and deterministic given the votes (ties broken by a hash
 * of the round's seed and the voter), so the server, a guest's ballot and the simulation
 * (pairing-simulation.ts) all serve the same pairs.
 */

/** One pair of a round: variant `a`'s result beside variant `b`'s for one combination of the other axes. */
export interface RoundPair {
  id: string;
  a: number;
  b: number;
}

/** A pick as stored: variant `a`, variant `b`, or "can't tell". */
export interface RoundVote {
  pairId: string;
  voter: string;
  pick: "a" | "b" | "tie";
}

/**
 * Why the order is settled: every variant's 95% interval is apart from the next one's
 * (`intervals`), or no vote still open to the round's voters can change which variant is on top
 * (`top`).
 */
export const SETTLED_REASONS = ["intervals", "top"] as const;
export type SettledReason = (typeof SETTLED_REASONS)[number];

export interface RoundFit {
  /** Variant indexes, best first. */
  order: number[];
  score: number[];
  /** Standard error of each score; Infinity while a variant has too few votes to tell. */
  se: number[];
  low: (number | null)[];
  high: (number | null)[];
  /** Votes each variant took part in. */
  games: number[];
  /** Votes on each two variants, keyed `i,j` with i < j. */
  direct: Map<string, number>;
}

// Looser than the ranking's own fit: these fits run after every vote, and the order and intervals
// they give do not move at this precision.
const FIT = { maxIterations: 2_000, tolerance: 1e-8 };
const EPSILON = 1e-9;

const keyOf = (i: number, j: number) => (i < j ? `${i},${j}` : `${j},${i}`);

function asVotes(pairs: ReadonlyMap<string, RoundPair>, votes: readonly RoundVote[]): Vote[] {
  const out: Vote[] = [];
  for (const v of votes) {
    const pair = pairs.get(v.pairId);
    if (!pair) continue;
    const [winner, loser] = v.pick === "b" ? [pair.b, pair.a] : [pair.a, pair.b];
    out.push({ winner: String(winner), loser: String(loser), voter: v.voter, tie: v.pick === "tie" });
  }
  return out;
}

function fitVotes(variantCount: number, votes: readonly Vote[]): RoundFit {
  const ids = Array.from({ length: variantCount }, (_, i) => String(i));
  const ranking = rankVariants(ids, votes, FIT);
  const score = new Array<number>(variantCount).fill(0);
  const se = new Array<number>(variantCount).fill(Number.POSITIVE_INFINITY);
  const low = new Array<number | null>(variantCount).fill(null);
  const high = new Array<number | null>(variantCount).fill(null);
  const games = new Array<number>(variantCount).fill(0);
  for (const v of ranking.variants) {
    const i = Number(v.id);
    score[i] = v.score;
    low[i] = v.low;
    high[i] = v.high;
    games[i] = v.wins + v.losses + v.ties;
    if (v.low !== null && v.high !== null) se[i] = (v.high - v.low) / (2 * 1.96);
  }
  const direct = new Map<string, number>();
  for (const v of votes) {
    const key = keyOf(Number(v.winner), Number(v.loser));
    direct.set(key, (direct.get(key) ?? 0) + 1);
  }
  return { order: ranking.variants.map((v) => Number(v.id)), score, se, low, high, games, direct };
}

/** The round's current fit of all votes so far. */
export function fitRound(
  variantCount: number,
  pairs: readonly RoundPair[],
  votes: readonly RoundVote[],
): RoundFit {
  return fitVotes(variantCount, asVotes(new Map(pairs.map((p) => [p.id, p])), votes));
}

/** Whether the 95% intervals of two variants are apart: more votes on them are not needed. */
export function decided(fit: RoundFit, i: number, j: number): boolean {
  const [li, hi, lj, hj] = [fit.low[i], fit.high[i], fit.low[j], fit.high[j]];
  if (li == null || hi == null || lj == null || hj == null) return false;
  return li > hj || lj > hi;
}

/**
 * The votes still open: each voter's pairs they have not picked. `voters` are the round's voters
 * so far plus anyone else known to be voting (the member asking for a ballot).
 */
export function remainingVotes(
  pairs: readonly RoundPair[],
  votes: readonly RoundVote[],
  voters: Iterable<string> = [],
): RoundPair[] {
  const who = new Set([...votes.map((v) => v.voter), ...voters]);
  const cast = new Set(votes.map((v) => `${v.voter}\u0000${v.pairId}`));
  const out: RoundPair[] = [];
  for (const voter of who) for (const p of pairs) if (!cast.has(`${voter}\u0000${p.id}`)) out.push(p);
  return out;
}

/**
 * Whether the order is settled. `intervals`: every two neighbours in the ranking have 95% intervals
 * apart. `top`: for each challenger, even if every remaining vote the leader takes part in went
 * against it and every remaining vote the challenger takes part in went its way, the leader stays
 * ahead (remaining votes between two other variants are left out: they move the two only through
 * their opponents). Null with no votes, or when neither holds.
 */
export function settledReason(
  variantCount: number,
  pairs: readonly RoundPair[],
  votes: readonly RoundVote[],
  remaining: readonly RoundPair[],
  fit: RoundFit = fitRound(variantCount, pairs, votes),
): SettledReason | null {
  if (votes.length === 0 || variantCount < 2) return null;
  const { order } = fit;
  if (order.every((v, k) => k === 0 || decided(fit, order[k - 1] as number, v))) return "intervals";
  const top = order[0] as number;
  const second = order[1] as number;
  if ((fit.score[top] as number) - (fit.score[second] as number) < EPSILON) return null;
  const cast = asVotes(new Map(pairs.map((p) => [p.id, p])), votes);
  // The nearest challengers first: they are the likeliest to overturn the top.
  for (const challenger of order.slice(1)) {
    const worst = [...cast];
    for (const p of remaining) {
      const other = p.a === top ? p.b : p.b === top ? p.a : null;
      if (other !== null) worst.push({ winner: String(other), loser: String(top), voter: "" });
      else if (p.a === challenger || p.b === challenger) {
        const loser = p.a === challenger ? p.b : p.a;
        worst.push({ winner: String(challenger), loser: String(loser), voter: "" });
      }
    }
    const after = fitVotes(variantCount, worst);
    if ((after.score[challenger] as number) >= (after.score[top] as number) - EPSILON) return null;
  }
  return "top";
}

/** FNV-1a: a stable 32-bit hash, to break ties the same way on every call. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface PairChoice {
  /** The voter's pairs not picked yet, the one to ask next first. */
  order: string[];
  /** Whether any of them is on two variants whose order is not known yet. */
  useful: boolean;
}

/**
 * The order to ask a voter their remaining pairs in. Two variants are chosen first: those with a
 * variant no vote has judged yet, then the least certain (the smallest gap between their scores
 * in standard errors, then the fewest votes on the two), and last those whose intervals are
 * already apart; then, of that two's pairs, the one the fewest voters judged. A gap with the
 * current leader counts half: the top is what a vote asks about, and until the leader's pairs are
 * voted the settled rule must count each of them against it (the simulation settles sooner and
 * still reaches the true order before random pairs, pairing-simulation.test.ts). Further pairs
 * follow round-robin over the same order of variant pairs: the order a voter would get if no vote
 * changed anything.
 */
export function choosePairs(
  fit: RoundFit,
  pairs: readonly RoundPair[],
  picked: ReadonlySet<string>,
  votes: readonly RoundVote[],
  tieBreak: string,
): PairChoice {
  const judged = new Map<string, number>();
  for (const v of votes) judged.set(v.pairId, (judged.get(v.pairId) ?? 0) + 1);
  const groups = new Map<string, RoundPair[]>();
  for (const p of pairs) {
    if (picked.has(p.id)) continue;
    const key = keyOf(p.a, p.b);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const leader = fit.order[0];
  const ranked = [...groups.entries()].map(([key, members]) => {
    const { a: i, b: j } = members[0] as RoundPair;
    const unseen = fit.games[i] === 0 || fit.games[j] === 0;
    const spread = Math.hypot(fit.se[i] as number, fit.se[j] as number);
    const gap = Math.abs((fit.score[i] as number) - (fit.score[j] as number));
    return {
      members: members
        .map((p) => ({ p, n: judged.get(p.id) ?? 0, h: stableHash(`${tieBreak}\u0000${p.id}`) }))
        .sort((x, y) => x.n - y.n || x.h - y.h)
        .map((x) => x.p.id),
      rank: decided(fit, i, j) ? 2 : unseen ? 0 : 1,
      z: (Number.isFinite(spread) && spread > 0 ? gap / spread : 0) / (i === leader || j === leader ? 2 : 1),
      direct: fit.direct.get(key) ?? 0,
      h: stableHash(`${tieBreak}\u0000${key}`),
    };
  });
  ranked.sort((x, y) => x.rank - y.rank || x.z - y.z || x.direct - y.direct || x.h - y.h);
  const order: string[] = [];
  const longest = Math.max(0, ...ranked.map((g) => g.members.length));
  for (let k = 0; k < longest; k++)
    for (const g of ranked) {
      const id = g.members[k];
      if (id) order.push(id);
    }
  return { order, useful: ranked.some((g) => g.rank < 2) };
}

export interface Pairing {
  /** The voter's pairs not picked yet, the one to ask next first. */
  order: string[];
  next: string | null;
  settled: SettledReason | null;
  /** Whether a vote from this voter could still tell the round something. */
  useful: boolean;
}

/**
 * What to ask a voter next, and whether the round is settled: from the round's pairs, every vote
 * so far (any voter's) and the pairs this voter has picked. `tieBreak` seeds the ties (the round's
 * seed and the voter's id), so the same votes always give the same order.
 */
export function servePairs(input: {
  variantCount: number;
  pairs: readonly RoundPair[];
  votes: readonly RoundVote[];
  voterId: string;
  picked: ReadonlySet<string>;
  tieBreak: string;
}): Pairing {
  const fit = fitRound(input.variantCount, input.pairs, input.votes);
  const remaining = remainingVotes(input.pairs, input.votes, [input.voterId]);
  const settled = settledReason(input.variantCount, input.pairs, input.votes, remaining, fit);
  const choice = choosePairs(fit, input.pairs, input.picked, input.votes, input.tieBreak);
  return {
    order: choice.order,
    next: choice.order[0] ?? null,
    settled,
    useful: settled === null && choice.useful,
  };
}
