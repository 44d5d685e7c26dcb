import {
  asVotes,
  choosePairs,
  decided,
  fitRound,
  fitVotes,
  type RoundFit,
  type RoundPair,
  type RoundVote,
  remainingVotes,
} from "./adaptive-pairing";
import { simulatedPairs } from "./pairing-simulation";
import { gaussian, seededRandom } from "./seeded-random";
import { orderOf, type SettledScope, settledClaim, tallyOf } from "./settled-claim";
import { fitTally } from "./tally-fit";

/**
 * Random electorates voting to the end, to measure how often a "settled" claim is overturned by
 * the votes that follow. Each run draws how many variants and voters there are, how far the
 * variants truly differ, how far the voters disagree with each other (from not at all to voters
 * who prefer the opposite), which voters come late (some only after the others have finished) and
 * how often they cannot tell. Voters are served their pairs as the studio serves them (adaptive
 * pairing). After every vote each rule is asked; at the end the final ranking says whether what it
 * claimed held. Seeded: a run is the same on every machine.
 */

const EPSILON = 1e-9;

/**
 * The rule ballots used before: settled when the 95% intervals of every two neighbours are apart
 * (`order`), or when even the worst case of the votes still open to the voters so far (and the
 * voter asking) leaves the leader ahead (`top`). It counts no one who has not voted yet. Kept to
 * measure the claim against.
 */
export function formerRule(
  variantCount: number,
  pairs: readonly RoundPair[],
  votes: readonly RoundVote[],
  remaining: readonly RoundPair[],
  fit: RoundFit = fitRound(variantCount, pairs, votes),
): SettledScope | null {
  if (votes.length === 0 || variantCount < 2) return null;
  const { order } = fit;
  if (order.every((v, k) => k === 0 || decided(fit, order[k - 1] as number, v))) return "order";
  const top = order[0] as number;
  const second = order[1] as number;
  if ((fit.score[top] as number) - (fit.score[second] as number) < EPSILON) return null;
  const cast = asVotes(new Map(pairs.map((p) => [p.id, p])), votes);
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

export type SettledRule = "former" | "claim";

export interface ElectorateRun {
  variants: number;
  voters: number;
  capacity: number;
  /** Per rule: whether it ever claimed settled, and whether any of its claims was overturned. */
  claimed: Record<SettledRule, boolean>;
  overturned: Record<SettledRule, boolean>;
  /** Per rule: votes given when it first claimed (null if never). */
  firstAt: Record<SettledRule, number | null>;
}

interface Claim {
  scope: SettledScope;
  order: number[];
}

function held(claim: Claim, final: Float64Array): boolean {
  const order = orderOf(final);
  const levelAt = (k: number) =>
    (final[order[k] as number] as number) - (final[order[k + 1] as number] as number) < EPSILON;
  if (order[0] !== claim.order[0] || levelAt(0)) return false;
  if (claim.scope === "top") return true;
  return order.every((v, k) => v === claim.order[k]) && order.slice(0, -1).every((_, k) => !levelAt(k));
}

/** One random electorate voting every pair to the end, both rules asked after every vote. */
export function simulateElectorate(seed: number): ElectorateRun {
  const random = seededRandom(seed);
  const n = 2 + Math.floor(random() * 4);
  const instances = 1 + Math.floor(random() * 3);
  const voterCount = 1 + Math.floor(random() * 6);
  const spread = random() * 1.5;
  const disagreement = random() * 2;
  const cannotTell = random() * 0.3;
  const truth = Array.from({ length: n }, () => spread * gaussian(random));
  const pairs = simulatedPairs(n, instances);
  const earlyVotes = pairs.length * voterCount;
  const voters = Array.from({ length: voterCount }, (_, k) => ({
    id: `voter${k}`,
    view: truth.map((t) => t + disagreement * gaussian(random)),
    picked: new Set<string>(),
    // The first voter starts at once; each other one at once, partway, or after everyone else.
    arrives: k === 0 || random() < 0.4 ? 0 : Math.floor(random() * earlyVotes * 1.2),
  }));
  const everyone = voters.map((v) => v.id);
  const byId = new Map(pairs.map((p) => [p.id, p]));
  const votes: RoundVote[] = [];
  const claims: Record<SettledRule, Claim[]> = { former: [], claim: [] };
  const firstAt: Record<SettledRule, number | null> = { former: null, claim: null };
  const capacity = pairs.length * voterCount;
  while (votes.length < capacity) {
    let ready = voters.filter((v) => v.arrives <= votes.length && v.picked.size < pairs.length);
    // Nobody here with pairs left: the next to arrive comes now.
    if (ready.length === 0) {
      const next = Math.min(...voters.filter((v) => v.picked.size < pairs.length).map((v) => v.arrives));
      ready = voters.filter((v) => v.arrives === next && v.picked.size < pairs.length);
    }
    const voter = ready[Math.floor(random() * ready.length)] as (typeof voters)[number];
    const fit = fitRound(n, pairs, votes);
    const pairId = choosePairs(fit, pairs, voter.picked, votes, `${seed}\u0000${voter.id}`)
      .order[0] as string;
    const pair = byId.get(pairId) as RoundPair;
    const edge = (voter.view[pair.a] as number) - (voter.view[pair.b] as number);
    const pick =
      random() < cannotTell * Math.exp(-Math.abs(edge))
        ? "tie"
        : random() < 1 / (1 + Math.exp(-edge))
          ? "a"
          : "b";
    votes.push({ pairId, voter: voter.id, pick });
    voter.picked.add(pairId);

    const current = orderOf(fitTally(n, tallyOf(n, byId, votes)));
    // As a ballot told the voter who had just voted.
    const former = formerRule(n, pairs, votes, remainingVotes(pairs, votes, [voter.id]));
    if (former) claims.former.push({ scope: former, order: current });
    const claim = settledClaim({
      variantCount: n,
      pairs,
      votes,
      electorate: everyone,
      seed: String(seed),
    });
    if (claim) claims.claim.push({ scope: claim.scope, order: current });
    for (const rule of ["former", "claim"] as const)
      if (firstAt[rule] === null && claims[rule].length > 0) firstAt[rule] = votes.length;
  }
  const final = fitTally(n, tallyOf(n, byId, votes));
  return {
    variants: n,
    voters: voterCount,
    capacity,
    claimed: { former: claims.former.length > 0, claim: claims.claim.length > 0 },
    overturned: {
      former: claims.former.some((c) => !held(c, final)),
      claim: claims.claim.some((c) => !held(c, final)),
    },
    firstAt,
  };
}

export interface RuleSummary {
  runs: number;
  /** Runs in which the rule claimed settled at some point. */
  claimed: number;
  /** Runs in which a claim it made was overturned by the votes that followed. */
  overturned: number;
}

export function summarise(runs: readonly ElectorateRun[]): Record<SettledRule, RuleSummary> {
  const of = (rule: SettledRule): RuleSummary => ({
    runs: runs.length,
    claimed: runs.filter((r) => r.claimed[rule]).length,
    overturned: runs.filter((r) => r.overturned[rule]).length,
  });
  return { former: of("former"), claim: of("claim") };
}
