import { describe, expect, it } from "vitest";
import type { RoundPair, RoundVote } from "./adaptive-pairing";
import { rankPicks } from "./pick-ranking";
import { seededRandom } from "./seeded-random";
import { placesOf, setOutcomes, tiesOf } from "./set-answer";
import { ballotBody, pairVerdict, randomSetBallot } from "./set-simulation";
import { settledClaim, tallyOf } from "./settled-claim";

const four = { id: "f", variants: [0, 1, 2, 3], pairIds: ["p01", "p02", "p03", "p12", "p13", "p23"] };
const pairs = new Map<string, RoundPair>(
  four.pairIds.map((id) => [id, { id, a: Number(id[1]), b: Number(id[2]) }]),
);
const three = { id: "t", variants: [0, 1, 2], pairIds: ["p01", "p02", "p12"] };

function outcomesOf(set: typeof four, body: ReturnType<typeof ballotBody<number>>) {
  if (body.rejected) return setOutcomes(set, pairs, { rejected: true });
  const places = placesOf(
    body.order.map(String),
    body.ties.map((g) => g.map(String)),
  );
  if ("error" in places) throw new Error(places.error);
  return setOutcomes(set, pairs, { rejected: false, order: body.order, places: places.places });
}

describe("a set's answer with ties and rejections", () => {
  it("over many random ballots, tells each pair what the ballot says and ranks as those outcomes imply", () => {
    const random = seededRandom(41);
    for (let run = 0; run < 60; run++) {
      const picks: (RoundVote & { a: number; b: number; voter: string })[] = [];
      const expected: {
        pairId: string;
        voter: string;
        pick: "a" | "b" | "tie" | "bad";
        a: number;
        b: number;
      }[] = [];
      for (let v = 0; v < 25; v++) {
        const set = v % 3 === 0 ? three : four;
        const ballot = randomSetBallot(random, set.variants, { reject: 0.15, tie: 0.3 });
        const outcomes = outcomesOf(set, ballotBody(ballot));
        if (!outcomes) throw new Error("a valid ballot refused");
        expect(outcomes).toHaveLength(set.pairIds.length);
        for (const o of outcomes) {
          const p = pairs.get(o.pairId) as RoundPair;
          expect(o.pick).toBe(pairVerdict(ballot, p.a, p.b));
          picks.push({ ...o, voter: `v${v}`, a: p.a, b: p.b });
          expected.push({
            pairId: o.pairId,
            voter: `v${v}`,
            pick: pairVerdict(ballot, p.a, p.b),
            a: p.a,
            b: p.b,
          });
        }
        // Kept as places and read back, the groups are the ballot's own.
        if (!ballot.rejected) {
          const body = ballotBody(ballot);
          const places = placesOf(
            body.order.map(String),
            body.ties.map((g) => g.map(String)),
          );
          if ("error" in places) throw new Error(places.error);
          expect(tiesOf(body.order, places.places)).toEqual(body.ties);
        }
      }
      const ranked = rankPicks(4, picks);
      const oracle = rankPicks(4, expected);
      expect(ranked.variants.map((v) => [v.id, v.wins, v.losses, v.ties])).toEqual(
        oracle.variants.map((v) => [v.id, v.wins, v.losses, v.ties]),
      );
      // A tie is half a win each side; a rejected set moves nothing: wins + half the ties per variant.
      for (const v of ranked.variants) {
        const i = Number(v.id);
        const played = expected.filter((e) => e.pick !== "bad" && (e.a === i || e.b === i));
        const won = played.filter((e) => (e.pick === "a" ? e.a === i : e.pick === "b" ? e.b === i : false));
        expect(v.wins).toBe(won.length);
        expect(v.ties).toBe(played.filter((e) => e.pick === "tie").length);
      }
    }
  });

  it("refuses an empty group, a picture in two groups, one not in the order, and a group with one between", () => {
    const order = ["a", "b", "c", "d"];
    expect(placesOf(order, [[]])).toEqual({ error: "Each group in ties holds two or more pictures." });
    expect(
      placesOf(order, [
        ["a", "b"],
        ["b", "c"],
      ]),
    ).toEqual({ error: "ties names a picture twice." });
    expect(placesOf(order, [["a", "z"]])).toEqual({
      error: "ties names a picture that order does not list.",
    });
    expect(placesOf(order, [["a", "c"]])).toEqual({
      error: "Each group in ties holds pictures next to each other in order.",
    });
    expect(placesOf(order, [["c", "b"]])).toEqual({ places: [0, 1, 1, 3] });
    expect(placesOf(order, [order])).toEqual({ places: [0, 0, 0, 0] });
  });

  it("treats a set's ties as the settled claim treats a pair's: a vote whose sets are all level is never settled", () => {
    const level = { rejected: false as const, order: [0, 1, 2, 3], places: [0, 0, 0, 0] };
    const strict = { rejected: false as const, order: [0, 1, 2, 3], places: [0, 1, 2, 3] };
    const votesOf = (answer: typeof level) =>
      Array.from({ length: 12 }, (_, v) =>
        (setOutcomes(four, pairs, answer) ?? []).map((o) => ({ ...o, voter: `v${v}` })),
      ).flat();
    const claim = (answer: typeof level) =>
      settledClaim({
        variantCount: 4,
        pairs: [...pairs.values()],
        votes: votesOf(answer),
        electorate: Array.from({ length: 12 }, (_, v) => `v${v}`),
        seed: "s",
      });
    // Twelve sets all level tell as twelve times six pair ties: half a win each side, nothing more.
    const tally = tallyOf(4, pairs, votesOf(level));
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(tally[i * 4 + j]).toBe(i === j ? 0 : 6);
    expect(claim(level)).toBeNull();
    expect(claim(strict)?.scope).toBe("order");
  });
});
