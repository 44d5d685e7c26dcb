import type { Vote } from "./bradley-terry";
import { fitTally, tallyErrors } from "./tally-fit";

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

/**
 * A pick as stored: variant `a`, variant `b`, "tie", or "both bad" (`bad`: no pairwise outcome,
 * only each one's rejected rate). `criterion`: which of the vote's questions (0 by default).
 */
export interface RoundVote {
  pairId: string;
  voter: string;
  pick: "a" | "b" | "tie" | "bad";
  criterion?: number;
}

/** The picks on one criterion (a vote without criteria has only criterion 0). */
export const votesOn = <V extends { criterion?: number }>(votes: readonly V[], criterion: number): V[] =>
  votes.filter((v) => (v.criterion ?? 0) === criterion);

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

const keyOf = (i: number, j: number) => (i < j ? `${i},${j}` : `${j},${i}`);

export function asVotes(pairs: ReadonlyMap<string, RoundPair>, votes: readonly RoundVote[]): Vote[] {
  const out: Vote[] = [];
  for (const v of votes) {
    const pair = pairs.get(v.pairId);
    // "Both bad" says nothing about which of the two is better.
    if (!pair || v.pick === "bad") continue;
    const [winner, loser] = v.pick === "b" ? [pair.b, pair.a] : [pair.a, pair.b];
    out.push({ winner: String(winner), loser: String(loser), voter: v.voter, tie: v.pick === "tie" });
  }
  return out;
}

export function fitVotes(variantCount: number, votes: readonly Vote[]): RoundFit {
  const n = variantCount;
  const wins = new Float64Array(n * n);
  const games = new Array<number>(n).fill(0);
  const direct = new Map<string, number>();
  for (const v of votes) {
    const w = Number(v.winner);
    const l = Number(v.loser);
    if (w === l || !(w >= 0 && w < n && l >= 0 && l < n)) continue;
    if (v.tie) {
      wins[w * n + l] = (wins[w * n + l] as number) + 0.5;
      wins[l * n + w] = (wins[l * n + w] as number) + 0.5;
    } else wins[w * n + l] = (wins[w * n + l] as number) + 1;
    games[w] = (games[w] as number) + 1;
    games[l] = (games[l] as number) + 1;
    const key = keyOf(w, l);
    direct.set(key, (direct.get(key) ?? 0) + 1);
  }
  const theta = fitTally(n, wins);
  const errors = tallyErrors(n, wins, theta);
  const mean = theta.reduce((a, t) => a + t, 0) / Math.max(1, n);
  const score = Array.from(theta, (t) => t - mean);
  const se = score.map((_, i) =>
    (games[i] as number) > 0 && Number.isFinite(errors[i]) ? (errors[i] as number) : Number.POSITIVE_INFINITY,
  );
  const low = score.map((s, i) => (Number.isFinite(se[i]) ? s - 1.96 * (se[i] as number) : null));
  const high = score.map((s, i) => (Number.isFinite(se[i]) ? s + 1.96 * (se[i] as number) : null));
  // As the ranking orders them: by score, then by id as text.
  const order = score
    .map((_, i) => i)
    .sort((x, y) => (score[y] as number) - (score[x] as number) || String(x).localeCompare(String(y)));
  return { order, score, se, low, high, games, direct };
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
 * current leader counts half: the top is what a vote asks about first (the simulation still
 * reaches the true order before random pairs, pairing-simulation.test.ts). Further pairs
 * follow round-robin over the same order of variant pairs: the order a voter would get if no vote
 * changed anything.
 */
export function choosePairs(
  fits: RoundFit | readonly RoundFit[],
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
  const all = Array.isArray(fits) ? (fits as readonly RoundFit[]) : [fits as RoundFit];
  const ranked = [...groups.entries()].map(([key, members]) => {
    const { a: i, b: j } = members[0] as RoundPair;
    return {
      members: members
        .map((p) => ({ p, n: judged.get(p.id) ?? 0, h: stableHash(`${tieBreak}\u0000${p.id}`) }))
        .sort((x, y) => x.n - y.n || x.h - y.h)
        .map((x) => x.p.id),
      ...uncertainty(all, i, j),
      h: stableHash(`${tieBreak}\u0000${key}`),
    };
  });
  ranked.sort((x, y) => lessCertain(x, y) || x.h - y.h);
  const order: string[] = [];
  const longest = Math.max(0, ...ranked.map((g) => g.members.length));
  for (let k = 0; k < longest; k++)
    for (const g of ranked) {
      const id = g.members[k];
      if (id) order.push(id);
    }
  return { order, useful: ranked.some((g) => g.rank < 2) };
}

interface Uncertainty {
  /** 0: a variant not judged yet; 1: intervals overlapping; 2: apart. */
  rank: number;
  /** The gap in standard errors (a gap with the leader counting half). */
  z: number;
  /** Votes on the two so far. */
  direct: number;
}

const lessCertain = (x: Uncertainty, y: Uncertainty) => x.rank - y.rank || x.z - y.z || x.direct - y.direct;

/**
 * How uncertain the order of variants `i` and `j` is, over every criterion's fit: that of the
 * criterion where it is least certain, so a pair settled on looks but open on prompt-following is
 * still asked.
 */
export function uncertainty(fits: readonly RoundFit[], i: number, j: number): Uncertainty {
  let least: Uncertainty | null = null;
  for (const fit of fits) {
    const leader = fit.order[0];
    const unseen = fit.games[i] === 0 || fit.games[j] === 0;
    const spread = Math.hypot(fit.se[i] as number, fit.se[j] as number);
    const gap = Math.abs((fit.score[i] as number) - (fit.score[j] as number));
    const u = {
      rank: decided(fit, i, j) ? 2 : unseen ? 0 : 1,
      z: (Number.isFinite(spread) && spread > 0 ? gap / spread : 0) / (i === leader || j === leader ? 2 : 1),
      direct: fit.direct.get(keyOf(i, j)) ?? 0,
    };
    if (!least || lessCertain(u, least) < 0) least = u;
  }
  return least ?? { rank: 0, z: 0, direct: 0 };
}

/** Each criterion's fit of its own picks. */
export function fitCriteria(
  variantCount: number,
  criteria: number,
  pairs: readonly RoundPair[],
  votes: readonly RoundVote[],
): RoundFit[] {
  return Array.from({ length: Math.max(1, criteria) }, (_, c) =>
    fitRound(variantCount, pairs, votesOn(votes, c)),
  );
}

export interface Pairing {
  /** The voter's pairs not picked yet, the one to ask next first. */
  order: string[];
  next: string | null;
}

/**
 * What to ask a voter next: from the round's pairs, every vote so far (any voter's) and the pairs
 * this voter has picked. `tieBreak` seeds the ties (the round's seed and the voter's id), so the
 * same votes always give the same order. Whether the round is settled is a claim of its own
 * (settled-claim.ts): it counts everyone who may still vote, which the votes alone do not tell.
 */
export function servePairs(input: {
  variantCount: number;
  /** How many criteria the vote asks (1 when it asks one overall question). */
  criteria?: number;
  pairs: readonly RoundPair[];
  votes: readonly RoundVote[];
  voterId: string;
  /** Pairs this voter answered on every criterion. */
  picked: ReadonlySet<string>;
  tieBreak: string;
}): Pairing {
  const fits = fitCriteria(input.variantCount, input.criteria ?? 1, input.pairs, input.votes);
  const choice = choosePairs(fits, input.pairs, input.picked, votesOn(input.votes, 0), input.tieBreak);
  return { order: choice.order, next: choice.order[0] ?? null };
}
