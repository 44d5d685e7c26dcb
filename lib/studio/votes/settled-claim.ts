import { type RoundPair, type RoundVote, stableHash } from "./adaptive-pairing";
import { seededRandom } from "./seeded-random";
import { fitTally } from "./tally-fit";

/**
 * Whether an open vote is settled, as a statement with a confidence: the votes still to come, from
 * everyone who may still vote, are played out many times over, and the claim is made only when the
 * top (or the whole order) stays where it is in at least 95 of 100 of those endings.
 *
 * How a remaining vote is played out. Voters differ (one likes A, the next B), so the votes of one
 * voter say little about another's:
 * - a voter who has voted keeps to their own record on that two variants: a Beta(1 + wins, 1 +
 *   losses) chance, so a voter who never compared the two could go either way;
 * - a voter who has not voted yet is, as in a Chinese-restaurant process with one seat of novelty,
 *   like one of the V voters so far (each with chance 1/(V + 1)) or someone new with any leaning at
 *   all (chance 1/(V + 1), a uniform chance on each two variants).
 * Every vote played out is decisive: a "can't tell" would only pull the two together, so leaving
 * ties out makes the endings more spread, never less.
 * The top of an ending is that of the studio's own ranking (Bradley-Terry with one virtual draw per
 * variant, lib/studio/votes/bradley-terry.ts), fitted here by Newton's method on the tallies. A top
 * shared by two in an ending counts as changed.
 *
 * Checked by a simulation over random electorates (settled-claim.test.ts): claims made this way are
 * overturned by the votes that follow in under 5% of runs, where the old rule (the worst case over
 * the voters so far) was overturned far more often.
 */

/** The confidence a claim is made at, in percent. */
export const SETTLED_CONFIDENCE = 95;
/** Endings played out per claim. */
export const SETTLED_ENDINGS = 200;

export type SettledScope = "top" | "order";

export interface SettledClaim {
  scope: SettledScope;
  /** In how many of 100 endings the top (or the order) held: SETTLED_CONFIDENCE or more. */
  held: number;
  /** Votes still to come, counted: one per pair a voter who may still vote has not picked. */
  remaining: number;
}

export interface ClaimInput {
  variantCount: number;
  pairs: readonly RoundPair[];
  votes: readonly RoundVote[];
  /** Everyone who may still vote: those who have voted and may go on, and those who have not yet. */
  electorate: Iterable<string>;
  /** Seeds the endings: the same votes and electorate give the same answer. */
  seed: string;
  endings?: number;
}

const EPSILON = 1e-9;

/** Variant indexes best first, or null when two places are level (no order to claim). */
export function orderOf(theta: Float64Array): number[] {
  return Array.from(theta.keys()).sort((x, y) => (theta[y] as number) - (theta[x] as number) || x - y);
}

const level = (theta: Float64Array, order: readonly number[], k: number) =>
  (theta[order[k] as number] as number) - (theta[order[k + 1] as number] as number) < EPSILON;

/** The tally of the votes cast: decisive ones a win, a tie half to each side, "both bad" nothing. */
export function tallyOf(n: number, pairs: ReadonlyMap<string, RoundPair>, votes: readonly RoundVote[]) {
  const wins = new Float64Array(n * n);
  for (const v of votes) {
    const p = pairs.get(v.pairId);
    if (!p || v.pick === "bad") continue;
    if (v.pick === "tie") {
      wins[p.a * n + p.b] = (wins[p.a * n + p.b] as number) + 0.5;
      wins[p.b * n + p.a] = (wins[p.b * n + p.a] as number) + 0.5;
    } else {
      const [w, l] = v.pick === "a" ? [p.a, p.b] : [p.b, p.a];
      wins[w * n + l] = (wins[w * n + l] as number) + 1;
    }
  }
  return wins;
}

/** Marsaglia and Tsang's gamma sampler (shape > 0, scale 1). */
function gamma(random: () => number, shape: number): number {
  if (shape < 1) return gamma(random, shape + 1) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      const u1 = Math.max(random(), Number.MIN_VALUE);
      x = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * random());
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(random: () => number, a: number, b: number): number {
  const x = gamma(random, a);
  return x / (x + gamma(random, b));
}

interface Remaining {
  voter: string;
  /** Per two variants (i < j, key i * n + j): how many of this voter's pairs on them are left. */
  left: Map<number, number>;
}

/**
 * The claim, or null: no votes yet, two leaders level, or the top (and so the order) changes in more
 * than 5 of 100 endings.
 */
export function settledClaim(input: ClaimInput): SettledClaim | null {
  const n = input.variantCount;
  if (input.votes.length === 0 || n < 2) return null;
  const byId = new Map(input.pairs.map((p) => [p.id, p]));
  const tally = tallyOf(n, byId, input.votes);
  const theta = fitTally(n, tally);
  const order = orderOf(theta);
  if (level(theta, order, 0)) return null;
  const orderLevel = order.slice(0, -1).some((_, k) => level(theta, order, k));

  // Each voter's record per two variants (i < j): wins of i over j and of j over i.
  const record = new Map<string, Map<number, [number, number]>>();
  for (const v of input.votes) {
    const p = byId.get(v.pairId);
    if (!p || v.pick === "tie" || v.pick === "bad") continue;
    const [i, j] = p.a < p.b ? [p.a, p.b] : [p.b, p.a];
    const lowWon = (v.pick === "a") === (p.a === i);
    const mine = record.get(v.voter) ?? new Map<number, [number, number]>();
    const r = mine.get(i * n + j) ?? [0, 0];
    r[lowWon ? 0 : 1] += 1;
    mine.set(i * n + j, r);
    record.set(v.voter, mine);
  }
  const voted = [...new Set(input.votes.map((v) => v.voter))];
  const cast = new Set(input.votes.map((v) => `${v.voter}\u0000${v.pairId}`));
  const still: Remaining[] = [];
  let remaining = 0;
  for (const voter of new Set(input.electorate)) {
    const left = new Map<number, number>();
    for (const p of input.pairs) {
      if (cast.has(`${voter}\u0000${p.id}`)) continue;
      const key = Math.min(p.a, p.b) * n + Math.max(p.a, p.b);
      left.set(key, (left.get(key) ?? 0) + 1);
      remaining += 1;
    }
    if (left.size > 0) still.push({ voter, left });
  }
  const scope: SettledScope = orderLevel ? "top" : "order";
  if (remaining === 0) return { scope, held: 100, remaining };

  const endings = input.endings ?? SETTLED_ENDINGS;
  const allowed = Math.floor((endings * (100 - SETTLED_CONFIDENCE)) / 100);
  const random = seededRandom(stableHash(`${input.seed}\u0000${input.votes.length}\u0000${remaining}`));
  const wins = new Float64Array(n * n);
  let topChanged = 0;
  let orderChanged = 0;
  for (let e = 0; e < endings; e++) {
    wins.set(tally);
    for (const { voter, left } of still) {
      // Whose leanings this voter votes with: their own, or, new, one of those so far or anyone's.
      let like = record.has(voter) ? voter : null;
      if (like === null && voted.length > 0) {
        const k = Math.floor(random() * (voted.length + 1));
        like = voted[k] ?? null;
      }
      const own = like === null ? undefined : record.get(like);
      for (const [key, count] of left) {
        const [w, l] = own?.get(key) ?? [0, 0];
        const chance = beta(random, 1 + w, 1 + l);
        let lowWins = 0;
        for (let c = 0; c < count; c++) if (random() < chance) lowWins += 1;
        const i = Math.floor(key / n);
        const j = key % n;
        wins[i * n + j] = (wins[i * n + j] as number) + lowWins;
        wins[j * n + i] = (wins[j * n + i] as number) + count - lowWins;
      }
    }
    const ending = fitTally(n, wins, theta);
    const endOrder = orderOf(ending);
    const topHeld = endOrder[0] === order[0] && !level(ending, endOrder, 0);
    if (!topHeld) topChanged += 1;
    if (
      !topHeld ||
      endOrder.some((v, k) => v !== order[k]) ||
      endOrder.slice(0, -1).some((_, k) => level(ending, endOrder, k))
    )
      orderChanged += 1;
    if (topChanged > allowed) return null;
  }
  const orderHeld = !orderLevel && orderChanged <= allowed;
  const held = Math.floor((100 * (endings - (orderHeld ? orderChanged : topChanged))) / endings);
  return { scope: orderHeld ? "order" : "top", held, remaining };
}
