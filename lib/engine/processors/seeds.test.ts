import { describe, expect, it } from "vitest";
import { isFlaggedPrompt } from "./safety";
import { baseSeed, itemSeed } from "./seeds";

describe("seeds", () => {
  it("uses seed + i, and derives in-range seeds where seed + i would leave the range", () => {
    expect([0, 1, 2].map((i) => itemSeed(10, i, 1, 100))).toEqual([10, 11, 12]);
    const nearMax = [0, 1, 2].map((i) => itemSeed(2147483647, i, 0, 2147483647));
    expect(nearMax[0]).toBe(2147483647);
    expect(new Set(nearMax).size).toBe(3);
    for (const s of nearMax) expect(s).toBeLessThanOrEqual(2147483647);
    const huge = 9223372036854776000;
    const hugeSeeds = [0, 1, 2].map((i) => itemSeed(huge, i, 1, huge));
    expect(new Set(hugeSeeds).size).toBe(3);
  });

  it("draws random seeds inside the task type's range", () => {
    for (let i = 0; i < 200; i++) {
      const video = baseSeed(undefined, 0, 2147483647);
      expect(video).toBeGreaterThanOrEqual(1);
      expect(video).toBeLessThanOrEqual(2147483647);
      expect(baseSeed(undefined, 1, 9223372036854776000)).toBeLessThan(2 ** 32);
    }
    expect(baseSeed(5, 1, 10)).toBe(5);
  });
});

describe("safety keyword classifier", () => {
  it("flags whole words only", () => {
    expect(isFlaggedPrompt("a NUDE statue")).toBe(true);
    expect(isFlaggedPrompt("explicit lyrics")).toBe(true);
    expect(isFlaggedPrompt("Sussex countryside", "essex")).toBe(false);
    expect(isFlaggedPrompt(undefined)).toBe(false);
  });
});
