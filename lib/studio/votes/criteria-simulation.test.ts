import { describe, expect, it } from "vitest";
import { fitCriteria, type RoundVote } from "./adaptive-pairing";
import { fourOutcomes, planFours } from "./criteria";
import { type CriteriaSimulation, simulateCriteria } from "./criteria-simulation";
import { simulatedPairs } from "./pairing-simulation";
import { seededRandom } from "./seeded-random";

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);
const BASE: Omit<CriteriaSimulation, "seed" | "format" | "tie" | "bad"> = {
  variants: 4,
  criteria: 2,
  instances: 3,
  voters: 14,
  gap: 1,
  noise: 0.3,
};

/** Of the runs, how many ended with each criterion's fitted order the true one. */
function rightOrders(options: Omit<CriteriaSimulation, "seed">) {
  let right = 0;
  let largest = 0;
  for (const seed of SEEDS) {
    const run = simulateCriteria({ ...options, seed });
    right += run.fitted.filter((order, c) => order.every((v, k) => v === run.truth[c]?.[k])).length;
    largest = Math.max(largest, run.largestScore);
  }
  return { right, of: SEEDS.length * options.criteria, largest };
}

describe("votes by criterion with simulated voters who know a true order per criterion", () => {
  for (const format of ["pairs", "fours"] as const)
    it(`reach each criterion's true order by ${format}, with ties and both-bad answers mixed in`, () => {
      const clean = rightOrders({ ...BASE, format, tie: 0, bad: 0 });
      const noisy = rightOrders({ ...BASE, format, tie: 0.15, bad: 0.15 });
      expect(clean.right).toBeGreaterThanOrEqual(clean.of * 0.8);
      expect(noisy.right).toBeGreaterThanOrEqual(noisy.of * 0.75);
      // Scores stay finite and within the strengths' span (3 gaps apart at most, and some slack).
      expect(clean.largest).toBeLessThan(5);
      expect(noisy.largest).toBeLessThan(5);
    }, 120_000);

  it("never diverges on ties and both-bad answers alone: scores stay at 0, however many", () => {
    const pairs = simulatedPairs(4, 2);
    const random = seededRandom(9);
    const votes: RoundVote[] = [];
    for (let k = 0; k < 2000; k++) {
      const p = pairs[Math.floor(random() * pairs.length)];
      if (!p) continue;
      votes.push({
        pairId: p.id,
        voter: `v${k % 30}`,
        pick: random() < 0.5 ? "tie" : "bad",
        criterion: k % 2,
      });
    }
    for (const fit of fitCriteria(4, 2, pairs, votes))
      for (const s of fit.score) expect(Math.abs(s)).toBeLessThan(1e-9);
  });

  it("turns a ranking of four into its six pairwise outcomes, refusing one that is not the four", () => {
    const pairs = simulatedPairs(4, 1);
    const byId = new Map(pairs.map((p) => [p.id, p]));
    const four = { id: "f", variants: [0, 1, 2, 3], pairIds: pairs.map((p) => p.id) };
    const outcomes = fourOutcomes(four, byId, [2, 0, 3, 1]);
    const won = (w: number, l: number) =>
      outcomes?.some((o) => {
        const p = byId.get(o.pairId);
        return (
          p && ((p.a === w && p.b === l && o.pick === "a") || (p.a === l && p.b === w && o.pick === "b"))
        );
      });
    expect(outcomes).toHaveLength(6);
    expect([won(2, 0), won(2, 3), won(2, 1), won(0, 3), won(0, 1), won(3, 1)]).toEqual(Array(6).fill(true));
    expect(fourOutcomes(four, byId, [2, 0, 3])).toBeNull();
    expect(fourOutcomes(four, byId, [2, 0, 3, 3])).toBeNull();
    expect(fourOutcomes(four, byId, [2, 0, 3, 4])).toBeNull();
  });

  it("plans a four per combination whose four results all pair up", () => {
    const planned = simulatedPairs(4, 2).map((p) => {
      const c = p.id.split("-")[0] as string;
      return { variantA: p.a, variantB: p.b, itemA: `${c}-${p.a}`, itemB: `${c}-${p.b}`, context: c };
    });
    const fours = planFours(planned);
    expect(fours.map((f) => f.items)).toEqual([
      ["p0-0", "p0-1", "p0-2", "p0-3"],
      ["p1-0", "p1-1", "p1-2", "p1-3"],
    ]);
    // A combination missing a pair makes no four.
    expect(planFours(planned.slice(1))).toHaveLength(1);
  });
});
