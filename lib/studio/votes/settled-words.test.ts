import { describe, expect, it } from "vitest";
import { ballotLine, type SettledClaimView, settledWords, votingNowWords } from "./settled-words";

const claim = (over: Partial<SettledClaimView> = {}): SettledClaimView => ({
  scope: "top",
  held: 97,
  confidence: 95,
  remaining: 14,
  members: 2,
  notStarted: 1,
  guests: 0,
  guestsOpen: false,
  ...over,
});

describe("a settled claim in words", () => {
  it("states its confidence and what it rests on: who may still vote and how many pairs", () => {
    expect(settledWords(claim())).toEqual({
      headline: "Settled at 95%: the votes still to come are very unlikely to change which one is on top.",
      basis:
        "In 97 of 100 simulated endings, the 14 pairs still to be voted on (by 1 teammate who has not voted yet and 1 teammate partway through) did not change which one is on top.",
      caveat: null,
    });
    expect(settledWords(claim({ scope: "order", members: 3, notStarted: 3, guests: 2 })).basis).toBe(
      "In 97 of 100 simulated endings, the 14 pairs still to be voted on (by 3 teammates who have not voted yet and 2 guests partway through) did not change the order.",
    );
  });

  it("says when nobody has a pair left, and never who leads", () => {
    const words = settledWords(claim({ held: 100, remaining: 0, members: 0, notStarted: 0 }));
    expect(words.basis).toBe("Everyone who may vote has voted on every pair, so no vote is still to come.");
    expect(JSON.stringify(words)).not.toMatch(/Variant|leads|winner/);
  });

  it("says that guests still to come are not counted while a link takes them", () => {
    expect(settledWords(claim({ guestsOpen: true, guests: 1 })).caveat).toBe(
      "Guests who open the share link from now on are not counted: nobody knows how many will come.",
    );
  });
});

describe("what it means for the voter reading it", () => {
  it("tells a voter who has not voted that their votes count, never that nothing useful is left", () => {
    const line = ballotLine({ done: 0, pairs: 9 });
    expect(line).toBe("Your 9 pairs are among the votes played out, and your votes count like everyone's.");
    expect(line).not.toMatch(/nothing useful/i);
  });

  it("tells a voter partway that their remaining pairs count, and one who is done that they are", () => {
    expect(ballotLine({ done: 5, pairs: 9 })).toBe(
      "Your 4 remaining pairs are among the votes played out; you can still vote on them, and they count.",
    );
    expect(ballotLine({ done: 8, pairs: 9 })).toBe(
      "Your 1 remaining pair is among the votes played out; you can still vote on it, and it counts.",
    );
    expect(ballotLine({ done: 9, pairs: 9 })).toBe(
      "You have voted on every pair. You can still change a vote until the vote is closed.",
    );
  });

  it("names sets of four, not pairs, on a vote that ranks four at once", () => {
    expect(ballotLine({ done: 0, pairs: 2, noun: "set of four" })).toBe(
      "Your 2 sets of four are among the votes played out, and your votes count like everyone's.",
    );
    expect(ballotLine({ done: 1, pairs: 2, noun: "set of four" })).toBe(
      "Your 1 remaining set of four is among the votes played out; you can still vote on it, and it counts.",
    );
  });
});

describe("who is still voting, before closing", () => {
  it("names members with their pairs left, counts guests and those not begun", () => {
    expect(votingNowWords({ members: [{ name: "Edda Editor", left: 4 }], guests: 1, notStarted: 2 })).toEqual(
      [
        "Edda Editor: 4 pairs left",
        "1 guest partway through a ballot",
        "2 teammates who may vote have not begun",
      ],
    );
    expect(votingNowWords({ members: [], guests: 0, notStarted: 0 })).toEqual([]);
  });
});
