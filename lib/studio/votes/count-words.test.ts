import { describe, expect, it } from "vitest";
import { answersWords, mineWords, questionNoun, questionsWords, rejectedAnswers } from "./count-words";

describe("a vote's counts in a person's words", () => {
  it("counts a vote of pairs in pairs and votes", () => {
    expect(questionsWords("pairs", 1)).toBe("1 pair");
    expect(questionsWords("pairs", 6)).toBe("6 pairs");
    expect(answersWords("pairs", 12)).toBe("12 votes");
    expect(mineWords("pairs", 2, 6)).toBe("you voted on 2 of 6 pairs");
    expect(questionNoun("pairs")).toBe("pair");
  });

  it("counts a vote by fours in sets of four and rankings, never in pairs a voter was not shown", () => {
    // One four is six pairs in the model; two rankings of it are twelve pairwise votes.
    expect(questionsWords("fours", 6)).toBe("1 set of four");
    expect(questionsWords("fours", 12)).toBe("2 sets of four");
    expect(answersWords("fours", 12)).toBe("2 rankings (12 pairwise votes)");
    expect(answersWords("fours", 6)).toBe("1 ranking (6 pairwise votes)");
    expect(mineWords("fours", 6, 12)).toBe("you ranked 1 of 2 sets of four");
    expect(questionNoun("fours")).toBe("set of four");
    for (const text of [questionsWords("fours", 6), mineWords("fours", 0, 6)])
      expect(text).not.toMatch(/pair/);
  });

  it("counts a vote over three ranked at once in sets of three, three pairs each", () => {
    expect(questionsWords("fours", 3, 3)).toBe("1 set of three");
    expect(questionsWords("fours", 6, 3)).toBe("2 sets of three");
    expect(answersWords("fours", 9, 3)).toBe("3 rankings (9 pairwise votes)");
  });

  it("never counts a set rejected whole as a ranking", () => {
    const variants = [1, 1, 1, 1].map((n) => ({ rejectedSets: n }));
    expect(rejectedAnswers(variants)).toBe(1);
    expect(answersWords("fours", 12, 4, rejectedAnswers(variants))).toBe(
      "1 ranking, 1 set rejected (12 pairwise votes)",
    );
    expect(answersWords("fours", 9, 3, 2)).toBe("1 ranking, 2 sets rejected (9 pairwise votes)");
    expect(mineWords("fours", 3, 6, 3)).toBe("you ranked 1 of 2 sets of three");
    expect(questionNoun("fours", 3)).toBe("set of three");
  });
});
