import { describe, expect, it } from "vitest";
import { compareStrategies, simulateRound } from "./pairing-simulation";

const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

describe("adaptive pairing against random pairs, with simulated voters", () => {
  it("is the same run for the same seed", () => {
    const options = { variants: 3, instances: 2, voters: 2, gap: 1, noise: 0.3, seed: 7 };
    expect(simulateRound({ ...options, strategy: "adaptive" })).toEqual(
      simulateRound({ ...options, strategy: "adaptive" }),
    );
  });

  for (const variants of [3, 4]) {
    it(`needs fewer votes to reach the true order of ${variants} variants, and is rarely settled wrong`, () => {
      const result = compareStrategies({ variants, instances: 4, voters: 3, gap: 1, noise: 0.3 }, SEEDS);
      expect(result.adaptive.meanTrueOrder).toBeLessThan(result.random.meanTrueOrder);
      // Most runs are declared settled before the votes run out (the claim counts all three voters
      // from the start, settled-claim.ts), and nearly always rightly.
      expect(result.adaptive.settled).toBeGreaterThan(SEEDS.length / 2);
      expect(result.adaptive.settledWrong).toBeLessThanOrEqual(SEEDS.length / 10);
    }, 120_000);
  }
});
