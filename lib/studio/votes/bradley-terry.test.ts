import { describe, expect, it } from "vitest";
import { rankVariants, type Vote } from "./bradley-terry";

const votes = (pairs: [string, string, string][]): Vote[] =>
  pairs.map(([winner, loser, voter]) => ({ winner, loser, voter }));

describe("Bradley-Terry ranking", () => {
  it("finds the known maximum for two variants: 3 wins to 1 is a strength ratio of 3", () => {
    const r = rankVariants(
      ["a", "b"],
      votes([
        ["a", "b", "x"],
        ["a", "b", "y"],
        ["a", "b", "z"],
        ["b", "a", "x"],
      ]),
      { prior: 0 },
    );
    const [first, second] = r.variants;
    expect(first?.id).toBe("a");
    expect(first?.score).toBeCloseTo(Math.log(3) / 2, 8);
    expect(second?.score).toBeCloseTo(-Math.log(3) / 2, 8);
    // Information of the difference: 4 games x 0.75 x 0.25 = 0.75; each centred score is half of it.
    const se = Math.sqrt(1 / 0.75) / 2;
    expect(first?.high).toBeCloseTo(Math.log(3) / 2 + 1.96 * se, 6);
    expect(first?.low).toBeCloseTo(Math.log(3) / 2 - 1.96 * se, 6);
    expect(r.votes).toBe(4);
    expect(r.voters).toBe(3);
  });

  it("meets the likelihood equations with three variants: each one's wins equal its expected wins", () => {
    const list = votes([
      ["a", "b", "x"],
      ["a", "b", "x"],
      ["b", "a", "y"],
      ["b", "c", "x"],
      ["b", "c", "y"],
      ["c", "b", "x"],
      ["a", "c", "y"],
      ["c", "a", "y"],
      ["a", "c", "x"],
    ]);
    const r = rankVariants(["a", "b", "c"], list, { prior: 0 });
    const strength = new Map(r.variants.map((v) => [v.id, Math.exp(v.score)]));
    for (const id of ["a", "b", "c"]) {
      const wins = list.filter((v) => v.winner === id).length;
      const expected = list
        .filter((v) => v.winner === id || v.loser === id)
        .reduce((sum, v) => {
          const other = v.winner === id ? v.loser : v.winner;
          const pi = strength.get(id) ?? 0;
          return sum + pi / (pi + (strength.get(other) ?? 0));
        }, 0);
      expect(expected).toBeCloseTo(wins, 6);
    }
    expect(r.variants.map((v) => v.id)).toEqual(["a", "b", "c"]);
    expect(r.variants.reduce((s, v) => s + v.score, 0)).toBeCloseTo(0, 10);
  });

  it("keeps a variant that won every vote finite, and ranks it first", () => {
    const r = rankVariants(
      ["a", "b", "c"],
      votes([
        ["a", "b", "x"],
        ["a", "c", "x"],
        ["b", "c", "y"],
      ]),
    );
    expect(r.variants.map((v) => v.id)).toEqual(["a", "b", "c"]);
    for (const v of r.variants) {
      expect(Number.isFinite(v.score)).toBe(true);
      expect(v.low).not.toBeNull();
      expect((v.low ?? 0) < v.score && v.score < (v.high ?? 0)).toBe(true);
    }
    expect(r.variants[0]?.winChance).toBeGreaterThan(0.5);
  });

  it("has no interval for a variant nobody has voted on yet, and ignores votes for others", () => {
    const r = rankVariants(
      ["a", "b", "c"],
      votes([
        ["a", "b", "x"],
        ["z", "a", "x"],
        ["a", "a", "x"],
      ]),
    );
    expect(r.votes).toBe(1);
    const c = r.variants.find((v) => v.id === "c");
    expect(c).toMatchObject({ wins: 0, losses: 0, low: null, high: null });
  });

  it("measures agreement between voters on the pairs several of them judged", () => {
    const agree = rankVariants(
      ["a", "b", "c"],
      votes([
        ["a", "b", "x"],
        ["a", "b", "y"],
        ["c", "b", "x"],
        ["c", "b", "y"],
      ]),
    );
    expect(agree.agreement).toEqual({ share: 1, kappa: 1 });
    const split = rankVariants(
      ["a", "b"],
      votes([
        ["a", "b", "x"],
        ["b", "a", "y"],
      ]),
    );
    expect(split.agreement).toEqual({ share: 0, kappa: -1 });
    const alone = rankVariants(["a", "b"], votes([["a", "b", "x"]]));
    expect(alone.agreement).toBeNull();
  });
});

describe("Bradley-Terry ties and per-pair agreement", () => {
  it("counts a tie as half a win to each side: 1 win and 2 ties is a strength ratio of 2", () => {
    const r = rankVariants(
      ["a", "b"],
      [
        { winner: "a", loser: "b", voter: "x" },
        { winner: "b", loser: "a", voter: "y", tie: true },
        { winner: "a", loser: "b", voter: "z", tie: true },
      ],
      { prior: 0 },
    );
    const [first, second] = r.variants;
    expect(first?.id).toBe("a");
    expect(first?.score).toBeCloseTo(Math.log(2) / 2, 8);
    expect(second?.score).toBeCloseTo(-Math.log(2) / 2, 8);
    expect(first).toMatchObject({ wins: 1, losses: 0, ties: 2 });
    expect(second).toMatchObject({ wins: 0, losses: 1, ties: 2 });
    expect(r.votes).toBe(3);
    // Only ties beside one decisive vote: nobody judged the same pair decisively twice.
    expect(r.agreement).toBeNull();
  });

  it("measures agreement per judged pair: agree on one, split on the other is 50%, kappa -1/3", () => {
    const r = rankVariants(
      ["a", "b"],
      [
        { winner: "a", loser: "b", voter: "x", pair: "p1" },
        { winner: "a", loser: "b", voter: "y", pair: "p1" },
        { winner: "a", loser: "b", voter: "x", pair: "p2" },
        { winner: "b", loser: "a", voter: "y", pair: "p2" },
        { winner: "b", loser: "a", voter: "z", pair: "p3", tie: true },
      ],
    );
    expect(r.agreement?.share).toBeCloseTo(0.5, 10);
    // P̄ = (1 + 0) / 2; q = 3/4 picked the pair's first id, so chance agreement is 0.625.
    expect(r.agreement?.kappa).toBeCloseTo(-1 / 3, 10);
    expect(r.voters).toBe(3);
  });

  it("gives full agreement a share of 1 and a kappa of 1 when picks vary across pairs", () => {
    const r = rankVariants(
      ["a", "b", "c"],
      [
        { winner: "a", loser: "b", voter: "x", pair: "p1" },
        { winner: "a", loser: "b", voter: "y", pair: "p1" },
        { winner: "c", loser: "b", voter: "x", pair: "p2" },
        { winner: "c", loser: "b", voter: "y", pair: "p2" },
      ],
    );
    expect(r.agreement).toEqual({ share: 1, kappa: 1 });
  });
});
