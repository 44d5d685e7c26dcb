import { fitCriteria, type RoundVote, servePairs } from "./adaptive-pairing";
import { fourOutcomes, type RoundFour } from "./criteria";
import { chooseFours } from "./four-pairing";
import { simulatedPairs } from "./pairing-simulation";
import { gaussian, seededRandom } from "./seeded-random";

/**
 * Simulated voters on a vote with several criteria, each with its own true order (what looks best
 * is not what follows the prompt best), answering pairs served by the adaptive pairing over all
 * criteria, or ranking fours. Each answer is a Bradley-Terry draw from the voter's noisy view of
 * that criterion's strengths; with `tie` and `bad` chances it is a tie or "both bad" instead.
 */
export interface CriteriaSimulation {
  variants: number;
  criteria: number;
  instances: number;
  voters: number;
  gap: number;
  noise: number;
  /** Chance an answer is a tie, and "both bad", instead of a pick. */
  tie: number;
  bad: number;
  format: "pairs" | "fours";
  seed: number;
}

export interface CriteriaRun {
  /** Per criterion, the true order (best first) and the fitted one at the end. */
  truth: number[][];
  fitted: number[][];
  /** The largest absolute score seen in any fit along the way (a divergence would blow it up). */
  largestScore: number;
  answers: number;
}

export function simulateCriteria(options: CriteriaSimulation): CriteriaRun {
  const random = seededRandom(options.seed);
  const n = options.variants;
  const truth = Array.from({ length: options.criteria }, () => {
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    return order;
  });
  const strength = truth.map((order) => {
    const s = new Array<number>(n).fill(0);
    order.forEach((v, rank) => {
      s[v] = (n - 1 - rank) * options.gap;
    });
    return s;
  });
  const pairs = simulatedPairs(n, options.instances);
  const byId = new Map(pairs.map((p) => [p.id, p]));
  const fours: RoundFour[] =
    options.format === "fours"
      ? Array.from({ length: options.instances }, (_, c) => ({
          id: `f${c}`,
          variants: [0, 1, 2, 3],
          pairIds: pairs.filter((p) => p.id.startsWith(`p${c}-`)).map((p) => p.id),
        }))
      : [];
  const votes: RoundVote[] = [];
  let largestScore = 0;
  let answers = 0;
  const watch = () => {
    for (const fit of fitCriteria(n, options.criteria, pairs, votes))
      for (const s of fit.score) {
        if (!Number.isFinite(s)) largestScore = Number.POSITIVE_INFINITY;
        else largestScore = Math.max(largestScore, Math.abs(s));
      }
  };
  const voters = Array.from({ length: options.voters }, (_, k) => ({
    id: `voter${k}`,
    view: strength.map((row) => row.map((s) => s + options.noise * gaussian(random))),
    done: new Set<string>(),
  }));
  const questions = options.format === "fours" ? fours.length : pairs.length;
  for (let round = 0; round < questions; round++)
    for (const voter of voters) {
      const tieBreak = `${options.seed}\u0000${voter.id}`;
      if (options.format === "pairs") {
        const id = servePairs({
          variantCount: n,
          criteria: options.criteria,
          pairs,
          votes,
          voterId: voter.id,
          picked: voter.done,
          tieBreak,
        }).next;
        const pair = id ? byId.get(id) : undefined;
        if (!pair) continue;
        for (let c = 0; c < options.criteria; c++) {
          const view = voter.view[c] as number[];
          const edge = (view[pair.a] as number) - (view[pair.b] as number);
          const r = random();
          const pick =
            r < options.tie
              ? "tie"
              : r < options.tie + options.bad
                ? "bad"
                : random() < 1 / (1 + Math.exp(-edge))
                  ? "a"
                  : "b";
          votes.push({ pairId: pair.id, voter: voter.id, pick, criterion: c });
          answers += 1;
        }
        voter.done.add(pair.id);
      } else {
        const fits = fitCriteria(n, options.criteria, pairs, votes);
        const id = chooseFours(fits, fours, voter.done, new Map(), tieBreak)[0];
        const four = fours.find((f) => f.id === id);
        if (!four) continue;
        for (let c = 0; c < options.criteria; c++) {
          const view = voter.view[c] as number[];
          // Plackett-Luce: a Gumbel draw added to each strength, sorted, is a ranking by those chances.
          const order = [...four.variants]
            .map((v) => ({ v, key: (view[v] as number) - Math.log(-Math.log(Math.max(random(), 1e-12))) }))
            .sort((x, y) => y.key - x.key)
            .map((x) => x.v);
          for (const o of fourOutcomes(four, byId, order) ?? [])
            votes.push({ pairId: o.pairId, voter: voter.id, pick: o.pick, criterion: c });
          answers += 1;
        }
        voter.done.add(four.id);
      }
      watch();
    }
  const fitted = fitCriteria(n, options.criteria, pairs, votes).map((f) => f.order);
  return { truth, fitted, largestScore, answers };
}
