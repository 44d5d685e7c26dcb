import { describe, expect, it } from "vitest";
import {
  choosePairs,
  decided,
  fitRound,
  type RoundPair,
  type RoundVote,
  remainingVotes,
  servePairs,
  settledReason,
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
    expect(all.useful).toBe(false);
  });

  it("is the same for the same votes, and each voter's ties fall their own way", () => {
    const votes = many(pair(0, 0, 1), "a", 1, "x");
    expect(serve(votes)).toEqual(serve(votes));
    const firsts = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((v) => serve([], v).next));
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("puts two variants whose intervals are apart last, and says when nothing useful is left", () => {
    const votes = [
      ...many(pair(0, 0, 1), "a", 40, "x"),
      ...many(pair(0, 1, 2), "a", 40, "x"),
      ...many(pair(0, 0, 2), "a", 40, "x"),
    ];
    const fit = fitRound(3, PAIRS, votes);
    expect(decided(fit, 0, 1)).toBe(true);
    expect(decided(fit, 1, 2)).toBe(true);
    const served = serve(votes, "newcomer");
    expect(served.settled).toBe("intervals");
    expect(served.useful).toBe(false);
    expect(served.next).not.toBeNull();
  });
});

describe("nothing useful left", () => {
  it("says so to a voter whose remaining pairs are all between variants already told apart", () => {
    // 0 is far above 1 and 2; 1 and 2 are level, and this voter has judged both of their pairs.
    const votes = [
      ...many(pair(0, 0, 1), "a", 40, "x"),
      ...many(pair(0, 0, 2), "a", 40, "x"),
      ...many(pair(0, 1, 2), "a", 3, "y"),
      ...many(pair(0, 1, 2), "b", 3, "z"),
      { pairId: pair(0, 1, 2), voter: "me", pick: "a" as const },
      { pairId: pair(1, 1, 2), voter: "me", pick: "b" as const },
    ];
    const mine = serve(votes);
    expect(mine.settled).toBeNull();
    expect(mine.order.map(variantsOf).sort()).toEqual(["0,1", "0,1", "0,2", "0,2"]);
    expect(mine.useful).toBe(false);
    // Someone who has not judged 1 against 2 still has something useful to do.
    expect(serve(votes, "other")).toMatchObject({ useful: true });
    expect(variantsOf(serve(votes, "other").next as string)).toBe("1,2");
  });
});

describe("whether the order is settled", () => {
  it("is settled when every two neighbours' intervals are apart, and not before", () => {
    const strong = [
      ...many(pair(0, 0, 1), "a", 40, "x"),
      ...many(pair(0, 1, 2), "a", 40, "x"),
      ...many(pair(0, 0, 2), "a", 40, "x"),
    ];
    const fit = fitRound(3, PAIRS, strong);
    const [first, second, third] = fit.order as [number, number, number];
    expect([first, second, third]).toEqual([0, 1, 2]);
    expect(fit.low[first]).toBeGreaterThan(fit.high[second] as number);
    expect(fit.low[second]).toBeGreaterThan(fit.high[third] as number);
    // Plenty of votes still to come from 40 voters: only the intervals settle it.
    expect(settledReason(3, PAIRS, strong, remainingVotes(PAIRS, strong))).toBe("intervals");
    // 1 and 2 close: their intervals overlap, and those voters could still overturn the top.
    const close = [
      ...many(pair(0, 0, 1), "a", 3, "x"),
      ...many(pair(0, 1, 2), "a", 2, "y"),
      ...many(pair(0, 1, 2), "b", 1, "z"),
      ...many(pair(0, 0, 2), "a", 3, "w"),
    ];
    expect(settledReason(3, PAIRS, close, remainingVotes(PAIRS, close))).toBeNull();
    expect(settledReason(3, PAIRS, [], remainingVotes(PAIRS, []))).toBeNull();
  });

  it("is settled when no vote still to come can change the top, counting who could still vote", () => {
    const one = simulatedPairs(3, 1);
    // One voter: 0 beat 1 and 2; what is left to them is 1 against 2, which cannot lift either
    // above 0, though the intervals of three votes overlap.
    const votes: RoundVote[] = [
      { pairId: "p0-0-1", voter: "solo", pick: "a" },
      { pairId: "p0-0-2", voter: "solo", pick: "a" },
    ];
    const fit = fitRound(3, one, votes);
    expect(decided(fit, fit.order[0] as number, fit.order[1] as number)).toBe(false);
    expect(remainingVotes(one, votes)).toEqual([{ id: "p0-1-2", a: 1, b: 2 }]);
    expect(settledReason(3, one, votes, remainingVotes(one, votes))).toBe("top");
    // A second voter still to vote on all three pairs could put 1 or 2 on top.
    expect(settledReason(3, one, votes, remainingVotes(one, votes, ["newcomer"]))).toBeNull();
    // Before the second pick, 2 could still beat 0.
    const first = votes.slice(0, 1);
    expect(settledReason(3, one, first, remainingVotes(one, first))).toBeNull();
    // Two leaders level: nothing is settled, whatever is left.
    const level: RoundVote[] = [
      { pairId: "p0-0-2", voter: "solo", pick: "a" },
      { pairId: "p0-1-2", voter: "solo", pick: "a" },
      { pairId: "p0-0-1", voter: "solo", pick: "tie" },
    ];
    expect(remainingVotes(one, level)).toEqual([]);
    expect(settledReason(3, one, level, [])).toBeNull();
  });

  it("counts the voter asking for a ballot among those who could still vote", () => {
    const one = simulatedPairs(3, 1);
    const votes: RoundVote[] = [
      { pairId: "p0-0-1", voter: "solo", pick: "a" },
      { pairId: "p0-0-2", voter: "solo", pick: "a" },
    ];
    const tieBreak = "seed";
    const asked = (voterId: string) =>
      servePairs({ variantCount: 3, pairs: one, votes, voterId, picked: new Set(), tieBreak });
    expect(asked("newcomer").settled).toBeNull();
    expect(asked("newcomer").useful).toBe(true);
    expect(
      servePairs({
        variantCount: 3,
        pairs: one,
        votes,
        voterId: "solo",
        picked: new Set(["p0-0-1", "p0-0-2"]),
        tieBreak,
      }),
    ).toMatchObject({ settled: "top", useful: false, next: "p0-1-2" });
  });
});
