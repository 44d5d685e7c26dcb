import { describe, expect, it } from "vitest";
import { resultCountText } from "./count";

describe("resultCountText", () => {
  it("names the gallery's total at once, before the last page is scrolled to", () => {
    expect(resultCountText(60, { matching: 1204, all: 1204, stacks: 1204 }, false, true, true)).toBe(
      "1,204 results",
    );
  });

  it("names a filtered view's total and the gallery's", () => {
    expect(resultCountText(12, { matching: 12, all: 1204, stacks: 12 }, true, false, true)).toBe(
      "12 of 1,204 results",
    );
    expect(resultCountText(0, { matching: 0, all: 1, stacks: 0 }, true, false, true)).toBe("0 of 1 result");
  });

  it("counts a result that arrived live before the totals are read again", () => {
    expect(resultCountText(3, { matching: 2, all: 2, stacks: 2 }, false, false, true)).toBe("3 results");
  });

  it("says what is shown while the totals are not known: each seed apart, the results", () => {
    expect(resultCountText(60, undefined, false, true, false)).toBe("60 results shown, more as you scroll");
    expect(resultCountText(1, undefined, true, false, false)).toBe("1 result");
  });

  it("with seeds stacked, counts the cards while the totals are not known, never results", () => {
    // Two cards, one a stack of four seeds: five results, which the count does not know yet.
    expect(resultCountText(2, undefined, true, false, true)).toBe("2 cards shown");
    expect(resultCountText(1, undefined, false, false, true)).toBe("1 card shown");
    expect(resultCountText(60, undefined, false, true, true)).toBe("60 cards shown, more as you scroll");
    for (const more of [false, true])
      expect(resultCountText(2, undefined, false, more, true)).not.toMatch(/result/);
  });

  it("with seeds stacked, names the results and the stacks they make, one card each", () => {
    expect(resultCountText(5, { matching: 12, all: 12, stacks: 5 }, false, false, true)).toBe(
      "12 results in 5 stacks",
    );
    expect(resultCountText(3, { matching: 7, all: 40, stacks: 3 }, true, false, true)).toBe(
      "7 of 40 results, in 3 stacks",
    );
    expect(resultCountText(60, { matching: 9000, all: 9000, stacks: 1 }, false, true, true)).toBe(
      "9,000 results in 1 stack",
    );
    // Each seed apart: the cards are the results.
    expect(resultCountText(12, { matching: 12, all: 12, stacks: null }, false, false, false)).toBe(
      "12 results",
    );
  });

  it("counts a stack that arrived live as a card and a result before the totals are read again", () => {
    expect(resultCountText(6, { matching: 12, all: 12, stacks: 5 }, false, false, true)).toBe(
      "12 results in 6 stacks",
    );
  });
});
