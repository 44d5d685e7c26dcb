import { choosePairs, fitRound, type RoundPair, type RoundVote } from "./adaptive-pairing";
import { gaussian, seededRandom } from "./seeded-random";
import { type SettledScope, settledClaim } from "./settled-claim";

/**
 * Simulated voters with known preferences, to measure how many votes adaptive pairing needs
 * against pairs served at random (the fixed shuffled order a ballot used to have). Each variant
 * has a true Bradley-Terry log-strength; each voter sees it with their own noise, and picks the
 * left one with the Bradley-Terry chance. Seeded: a run is the same on every machine.
 */

export type PairingStrategy = "adaptive" | "random";

export interface SimulationOptions {
  variants: number;
  /** Pairs per two variants (combinations of the other axes: seeds, cases). */
  instances: number;
  voters: number;
  /** True log-strength between neighbours in the true order. */
  gap: number;
  /** Standard deviation of each voter's own view of each strength. */
  noise: number;
  seed: number;
  strategy: PairingStrategy;
}

export interface SimulationRun {
  /** Every voter on every pair. */
  capacity: number;
  /** Votes from which the ranking stayed the true order to the end; capacity + 1 if never. */
  trueOrderAt: number;
  /** Votes when the round first said it was settled; null if never. */
  settledAt: number | null;
  settledReason: SettledScope | null;
  /** Whether what was declared then was right: the whole order (intervals) or the top (top). */
  settledCorrect: boolean | null;
}

/** A round's pairs as the studio plans them: one per two variants per combination of the other axes. */
export function simulatedPairs(variants: number, instances: number): RoundPair[] {
  const pairs: RoundPair[] = [];
  for (let c = 0; c < instances; c++)
    for (let a = 0; a < variants; a++)
      for (let b = a + 1; b < variants; b++) pairs.push({ id: `p${c}-${a}-${b}`, a, b });
  return pairs;
}

/** One round voted to the end: voters take turns, each on the pair their strategy serves. */
export function simulateRound(options: SimulationOptions): SimulationRun {
  const random = seededRandom(options.seed);
  const n = options.variants;
  // A shuffled true order, so no index is favoured by a tie-break.
  const trueOrder = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [trueOrder[i], trueOrder[j]] = [trueOrder[j] as number, trueOrder[i] as number];
  }
  const strength = new Array<number>(n).fill(0);
  trueOrder.forEach((v, rank) => {
    strength[v] = (n - 1 - rank) * options.gap;
  });
  const voters = Array.from({ length: options.voters }, (_, k) => ({
    id: `voter${k}`,
    view: strength.map((s) => s + options.noise * gaussian(random)),
    picked: new Set<string>(),
  }));
  const pairs = simulatedPairs(n, options.instances);
  const capacity = pairs.length * voters.length;
  const votes: RoundVote[] = [];
  let fit = fitRound(n, pairs, votes);
  let lastWrong = 0;
  let settledAt: number | null = null;
  let reason: SettledScope | null = null;
  let settledCorrect: boolean | null = null;
  const allVoters = voters.map((v) => v.id);
  for (let turn = 0; votes.length < capacity; turn++) {
    const voter = voters[turn % voters.length] as (typeof voters)[number];
    if (voter.picked.size === pairs.length) continue;
    let pairId: string;
    if (options.strategy === "adaptive") {
      pairId = choosePairs(fit, pairs, voter.picked, votes, `${options.seed}\u0000${voter.id}`)
        .order[0] as string;
    } else {
      const open = pairs.filter((p) => !voter.picked.has(p.id));
      pairId = (open[Math.floor(random() * open.length)] as RoundPair).id;
    }
    const pair = pairs.find((p) => p.id === pairId) as RoundPair;
    const edge = (voter.view[pair.a] as number) - (voter.view[pair.b] as number);
    const pick = random() < 1 / (1 + Math.exp(-edge)) ? "a" : "b";
    votes.push({ pairId, voter: voter.id, pick });
    voter.picked.add(pairId);
    fit = fitRound(n, pairs, votes);
    const right = fit.order.every((v, k) => v === trueOrder[k]);
    if (!right) lastWrong = votes.length;
    if (settledAt === null) {
      reason =
        settledClaim({ variantCount: n, pairs, votes, electorate: allVoters, seed: String(options.seed) })
          ?.scope ?? null;
      if (reason) {
        settledAt = votes.length;
        settledCorrect = reason === "top" ? fit.order[0] === trueOrder[0] : right;
      }
    }
  }
  return {
    capacity,
    trueOrderAt: lastWrong + 1,
    settledAt,
    settledReason: reason,
    settledCorrect,
  };
}

export interface StrategySummary {
  runs: number;
  /** Mean votes until the ranking held the true order (capacity + 1 counted for never). */
  meanTrueOrder: number;
  /** Mean votes until declared settled (capacity counted for never). */
  meanSettled: number;
  settled: number;
  /** Runs declared settled on a wrong order (or top). */
  settledWrong: number;
}

/** Both strategies over the same seeds (the same voters and true orders). */
export function compareStrategies(
  base: Omit<SimulationOptions, "seed" | "strategy">,
  seeds: readonly number[],
): Record<PairingStrategy, StrategySummary> {
  const summarise = (strategy: PairingStrategy): StrategySummary => {
    const runs = seeds.map((seed) => simulateRound({ ...base, seed, strategy }));
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
    return {
      runs: runs.length,
      meanTrueOrder: mean(runs.map((r) => r.trueOrderAt)),
      meanSettled: mean(runs.map((r) => r.settledAt ?? r.capacity)),
      settled: runs.filter((r) => r.settledAt !== null).length,
      settledWrong: runs.filter((r) => r.settledCorrect === false).length,
    };
  };
  return { adaptive: summarise("adaptive"), random: summarise("random") };
}
