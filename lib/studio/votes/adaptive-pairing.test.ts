import { describe, expect, it } from "vitest";
import {
  choosePairs,
  decided,
  fitRound,
  type RoundPair,
  type RoundVote,
  servePairs,
} from "./adaptive-pairing";
import { simulatedPairs } from "./pairing-simulation";

/** Three variants, two pairs of each two (two seeds): ids p{seed}-{a}-{b}. */
const PAIRS = simulatedPairs(3, 2);
const pair = (seed: number, a: number, b: number) => `p${seed}-${a}-${b}`;
const variantsOf = (id: string) => {
  const p = PAIRS.find((x) => x.id === id) as RoundPair;
  return [p.a, p.b].sort().join(",");
};

/** `n` votes by distinct voters on one pair, all for `pick`. */
function many(pairId: string, pick: RoundVote["pick"], n: number, voterPrefix: string): RoundVote[] {
  return Array.from({ length: n }, (_, k) => ({ pairId, pick, voter: `${voterPrefix}${k}` }));
}

function serve(votes: RoundVote[], voterId = "me", pairs: readonly RoundPair[] = PAIRS) {
  const picked = new Set(votes.filter((v) => v.voter === voterId).map((v) => v.pairId));
  return servePairs({ variantCount: 3, pairs, votes, voterId, picked, tieBreak: `seed\u0000${voterId}` });
}

describe("choosing the next pair", () => {
  it("asks about a variant nobody has judged yet before anything else", () => {
    // Variants 0 and 1 were compared; variant 2 never was.
    const votes = [...many(pair(0, 0, 1), "a", 3, "x"), ...many(pair(1, 0, 1), "b", 2, "y")];
    const next = serve(votes).next as string;
    expect(variantsOf(next)).toMatch(/2/);
  });

  it("then asks where the ranking is least certain: two close variants before a settled gap", () => {
    // 0 beat 1 and 2 every time; 1 and 2 split their votes.
    const votes = [
      ...many(pair(0, 0, 1), "a", 6, "x"),
      ...many(pair(0, 0, 2), "a", 6, "x"),
      ...many(pair(0, 1, 2), "a", 3, "x"),
      ...many(pair(1, 1, 2), "b", 3, "x"),
    ];
    const served = serve(votes);
    expect(variantsOf(served.next as string)).toBe("1,2");
    // Further pairs go round the variant pairs: each two once before any two twice.
    expect(served.order.slice(0, 3).map(variantsOf).sort()).toEqual(["0,1", "0,2", "1,2"]);
  });

  it("picks the pair of the chosen two that the fewest voters judged", () => {
    const votes = [
      ...many(pair(0, 0, 1), "a", 2, "x"),
      ...many(pair(0, 0, 2), "a", 2, "x"),
      ...many(pair(1, 0, 2), "a", 2, "y"),
      ...many(pair(0, 1, 2), "a", 1, "x"),
      ...many(pair(1, 1, 2), "b", 1, "y"),
      ...many(pair(1, 0, 1), "a", 2, "z"),
      ...many(pair(1, 1, 2), "a", 2, "w"),
    ];
    const served = serve(votes);
    expect(variantsOf(served.next as string)).toBe("1,2");
    expect(served.next).toBe(pair(0, 1, 2));
  });

  it("never serves a pair this voter already picked, and serves every other one once", () => {
    const votes: RoundVote[] = [
      { pairId: pair(0, 1, 2), voter: "me", pick: "a" },
      { pairId: pair(1, 1, 2), voter: "me", pick: "tie" },
      ...many(pair(0, 0, 1), "a", 4, "x"),
      ...many(pair(0, 0, 2), "a", 4, "x"),
    ];
    const served = serve(votes);
    expect(served.order).toHaveLength(PAIRS.length - 2);
    expect(new Set(served.order).size).toBe(served.order.length);
    expect(served.order).not.toContain(pair(0, 1, 2));
    expect(served.order).not.toContain(pair(1, 1, 2));
    // Another voter with the same votes in the round may be asked about 1 and 2.
    const picked = new Set(votes.filter((v) => v.voter === "me").map((v) => v.pairId));
    const fit = fitRound(3, PAIRS, votes);
    expect(choosePairs(fit, PAIRS, picked, votes, "t").order.every((id) => !picked.has(id))).toBe(true);
    const all = serve([
      ...votes,
      ...PAIRS.filter((p) => !picked.has(p.id)).map((p) => ({
        pairId: p.id,
        voter: "me",
        pick: "a" as const,
      })),
    ]);
    expect(all.order).toEqual([]);
    expect(all.next).toBeNull();
  });

  it("is the same for the same votes, and each voter's ties fall their own way", () => {
    const votes = many(pair(0, 0, 1), "a", 1, "x");
    expect(serve(votes)).toEqual(serve(votes));
    const firsts = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((v) => serve([], v).next));
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("puts two variants whose intervals are apart last", () => {
    const votes = [
      ...many(pair(0, 0, 1), "a", 40, "x"),
      ...many(pair(0, 1, 2), "a", 40, "x"),
      ...many(pair(0, 0, 2), "a", 40, "x"),
    ];
    const fit = fitRound(3, PAIRS, votes);
    expect(decided(fit, 0, 1)).toBe(true);
    expect(decided(fit, 1, 2)).toBe(true);
    const served = serve(votes, "newcomer");
    expect(served.next).not.toBeNull();
    // Every two are served before any two again; the two still in doubt (none here) would lead.
    expect(served.order.slice(0, 3).map(variantsOf).sort()).toEqual(["0,1", "0,2", "1,2"]);
  });
});
