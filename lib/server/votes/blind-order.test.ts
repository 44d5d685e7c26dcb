import { describe, expect, it } from "vitest";
import { isFlipped, slotOrder } from "./blind-order";

const SEED = "a vote's seed";
const PAIRS = ["pair-1", "pair-2", "pair-3", "pair-4", "pair-5", "pair-6"];
const VOTERS = Array.from({ length: 40 }, (_, i) => `voter-${i}`);

describe("a voter's own sides", () => {
  it("are the same on every look", () => {
    for (const voter of VOTERS.slice(0, 5))
      for (const pair of PAIRS) expect(isFlipped(SEED, voter, pair)).toBe(isFlipped(SEED, voter, pair));
  });

  it("spread over the voters: every pair shows each side to some, and layouts differ", () => {
    for (const pair of PAIRS) {
      const flips = VOTERS.map((voter) => isFlipped(SEED, voter, pair));
      expect(flips).toContain(true);
      expect(flips).toContain(false);
    }
    const layouts = new Set(
      VOTERS.map((voter) => PAIRS.map((pair) => (isFlipped(SEED, voter, pair) ? 1 : 0)).join("")),
    );
    // Forty voters over 64 layouts: most draw one of their own.
    expect(layouts.size).toBeGreaterThan(20);
  });

  it("follow the vote's seed: another vote draws them again", () => {
    const layout = (seed: string) => VOTERS.flatMap((v) => PAIRS.map((p) => isFlipped(seed, v, p)));
    expect(layout("another seed")).not.toEqual(layout(SEED));
  });
});

describe("a voter's own order of a four", () => {
  it("differs between voters and holds for one", () => {
    const order = (voter: string) =>
      ["a", "b", "c", "d"].sort(
        (s, t) => slotOrder(SEED, voter, "four-1", s) - slotOrder(SEED, voter, "four-1", t),
      );
    expect(order("voter-1")).toEqual(order("voter-1"));
    expect(new Set(VOTERS.map((v) => order(v).join(""))).size).toBeGreaterThan(10);
  });
});
