/**
 * How many votes a blind vote needs with adaptive pairing (the least certain pair next) beside
 * random pairing (each voter's pairs in a fixed shuffled order, as ballots served them before),
 * over the same simulated voters: Bradley-Terry strengths a fixed gap apart, each voter seeing them
 * with their own noise, seeded. Counts votes, not time, so the figures do not depend on the
 * machine's load.
 *
 *   npm run bench:vote-pairing            (SEEDS=<n> for more or fewer runs per size)
 */
import { compareStrategies, type StrategySummary } from "../lib/studio/votes/pairing-simulation";

const SIZES = [3, 4, 8];
const VOTERS = 3;
const INSTANCES = 4;
const GAP = 1;
const NOISE = 0.3;
const seedCount = Number(process.env.SEEDS ?? 30);

const pad = (s: string, n: number) => s.padEnd(n);
const cell = (s: StrategySummary, pick: (s: StrategySummary) => number) => pick(s).toFixed(1);

console.info(
  `${VOTERS} voters, ${INSTANCES} pairs per two variants, strengths ${GAP} apart, noise ${NOISE}, ${seedCount} seeds per size`,
);
console.info(
  `${pad("variants", 10)}${pad("votes", 7)}${pad("to true order", 26)}${pad("to settled", 26)}${pad("settled (wrong)", 30)}`,
);
console.info(
  `${pad("", 10)}${pad("max", 7)}${pad("adaptive   random", 26)}${pad("adaptive   random", 26)}${pad("adaptive      random", 30)}`,
);
for (const variants of SIZES) {
  const seeds = Array.from(
    { length: variants >= 8 ? Math.max(1, Math.round(seedCount / 3)) : seedCount },
    (_, i) => i + 1,
  );
  const r = compareStrategies(
    { variants, instances: INSTANCES, voters: VOTERS, gap: GAP, noise: NOISE },
    seeds,
  );
  const capacity = ((variants * (variants - 1)) / 2) * INSTANCES * VOTERS;
  const settled = (s: StrategySummary) => `${s.settled}/${s.runs} (${s.settledWrong})`;
  console.info(
    `${pad(String(variants), 10)}${pad(String(capacity), 7)}${pad(`${cell(r.adaptive, (s) => s.meanTrueOrder)}`.padEnd(11) + cell(r.random, (s) => s.meanTrueOrder), 26)}${pad(`${cell(r.adaptive, (s) => s.meanSettled)}`.padEnd(11) + cell(r.random, (s) => s.meanSettled), 26)}${pad(settled(r.adaptive).padEnd(14) + settled(r.random), 30)}`,
  );
}
console.info(
  "to true order: mean votes from which the ranking held the true order to the end (max + 1 if never);",
);
console.info("to settled: mean votes until the vote first said its order is settled (max if never).");
