import { describe, expect, it } from "vitest";
import { planPairs } from "./vote-pairs";

describe("blind vote pairs", () => {
  const labels = [
    ["fox", "wolf", "owl"],
    ["Seed 1", "Seed 2"],
  ];
  const cells = (skip: string[] = []) =>
    [0, 1, 2].flatMap((p) =>
      [0, 1].flatMap((s) => (skip.includes(`${p}-${s}`) ? [] : [{ coords: [p, s], itemIds: [`i${p}${s}`] }])),
    );

  it("pairs each two variants once per combination of the other axes, with the shared labels", () => {
    const pairs = planPairs(cells(), 0, [0, 1, 2], labels);
    expect(pairs).toHaveLength(6);
    expect(pairs[0]).toEqual({
      position: 0,
      variantA: 0,
      variantB: 1,
      itemA: "i00",
      itemB: "i10",
      context: "Seed 1",
    });
    expect(pairs.map((p) => [p.itemA, p.itemB])).toEqual([
      ["i00", "i10"],
      ["i00", "i20"],
      ["i10", "i20"],
      ["i01", "i11"],
      ["i01", "i21"],
      ["i11", "i21"],
    ]);
  });

  it("compares only the chosen values, on any axis, and leaves out cells without a result", () => {
    const some = planPairs(cells(), 0, [0, 2], labels);
    expect(some.map((p) => [p.variantA, p.variantB, p.itemA, p.itemB])).toEqual([
      [0, 1, "i00", "i20"],
      [0, 1, "i01", "i21"],
    ]);
    const seeds = planPairs(cells(["1-1"]), 1, [0, 1], labels);
    expect(seeds.map((p) => p.context)).toEqual(["fox", "owl"]);
    const none = planPairs(
      cells().map((c) => ({ ...c, itemIds: [] })),
      0,
      [0, 1],
      labels,
    );
    expect(none).toEqual([]);
  });

  it("orders groups by number, not as text (10 after 9)", () => {
    const many = Array.from({ length: 11 }, (_, s) => [
      { coords: [0, s], itemIds: [`a${s}`] },
      { coords: [1, s], itemIds: [`b${s}`] },
    ]).flat();
    const pairs = planPairs(many, 0, [0, 1], [["a", "b"], Array.from({ length: 11 }, (_, s) => `S${s}`)]);
    expect(pairs.map((p) => p.context)).toEqual(Array.from({ length: 11 }, (_, s) => `S${s}`));
  });

  it("uses every image of a cell: the k-th of one variant against the k-th of the other", () => {
    const four = (p: number) => ({ coords: [p], itemIds: [0, 1, 2, 3].map((k) => `c${p}i${k}`) });
    const pairs = planPairs(
      [four(0), four(1), { coords: [2], itemIds: ["c2i0"] }],
      0,
      [0, 1, 2],
      [["fox", "wolf", "owl"]],
    );
    expect(pairs.map((p) => [p.itemA, p.itemB, p.context])).toEqual([
      ["c0i0", "c1i0", "image 1"],
      ["c0i0", "c2i0", "image 1"],
      ["c1i0", "c2i0", "image 1"],
      ["c0i1", "c1i1", "image 2"],
      ["c0i2", "c1i2", "image 3"],
      ["c0i3", "c1i3", "image 4"],
    ]);
  });
});
