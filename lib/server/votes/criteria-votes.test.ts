import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenedDatabase, recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { guestVote, guestVoter, type VoteRoundRow, vote, voteRank } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { databaseRateLimits, type RateLimits } from "@/lib/server/rate-limits";
import { createShareLink } from "@/lib/server/share/links";
import { castGuestPick, castGuestRank, guestBallot } from "@/lib/server/votes/test-links";
import type { ApiError } from "@/lib/studio/api/errors";
import { rankSchema } from "@/lib/studio/votes/input";
import { ballotOf } from "./ballot";
import { castRank, castVote } from "./cast";
import { createPickedResultsVote } from "./picked-results";
import { closeVote, voteRow } from "./records";
import { voteResults } from "./results";

const ADDRESS = "203.0.113.7";

/** The error a call is refused with: its code and the parameter it names. */
async function refusal(p: Promise<unknown>): Promise<{ code: string; parameter: string | undefined }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as ApiError | null;
  const first = err?.errors?.[0];
  return { code: first?.code ?? "accepted", parameter: first?.parameter };
}

describe("a ranking of four as the endpoint reads it", () => {
  const id = (): string => randomBytes(24).toString("base64url");
  it("is refused naming order when a picture is missing or named twice", () => {
    const [a, b, c] = [id(), id(), id()];
    for (const order of [
      [a, b],
      [a, b, c, c],
      [a, b, c, id(), id()],
    ]) {
      const parsed = rankSchema.safeParse({ fourId: randomUUID(), order });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["order"]);
    }
    expect(rankSchema.safeParse({ fourId: randomUUID(), order: [a, b, c, id()] }).success).toBe(true);
    // A set of three is ranked whole too; which pictures the set holds the server checks.
    expect(rankSchema.safeParse({ fourId: randomUUID(), order: [a, b, c] }).success).toBe(true);
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "votes by criterion and by fours"),
    () => {
      let pair: InstancePair;
      let author: string;
      let member: string;
      let limits: RateLimits;
      const items: string[] = [];
      const deps = (db: OpenedDatabase["db"] = pair.a.db) => ({
        db,
        log: { publishGallery: () => {} },
        limits,
      });

      beforeAll(async () => {
        pair = await openInstancePair(backend);
        limits = databaseRateLimits(pair.a.db, "criteria-votes-test-secret-0123456789");
        author = await createTestUser(pair.a);
        member = await createTestUser(pair.a);
        for (let k = 0; k < 4; k++) {
          const taskUUID = randomUUID();
          await recordTasks(pair.a.db, author, [
            {
              taskType: "imageInference",
              taskUUID,
              positivePrompt: `a lighthouse, take ${k + 1}`,
              model: "runware:100@1",
              width: 512,
              height: 512,
            } as SentTask,
          ]);
          const mediaUUID = randomUUID();
          const recorded = await recordItem(pair.a.db, {
            taskUUID,
            mediaUUID,
            kind: "image",
            mime: "image/png",
            width: 512,
            height: 512,
            seed: k,
            storageKey: `items/2026/11/${mediaUUID}.png`,
            bytes: 100,
          });
          items.push(recorded.item.id);
        }
      }, 60_000);
      afterAll(async () => {
        await pair?.dispose();
      });

      const start = (input: { criteria?: string[]; format?: "pairs" | "fours"; count?: number }) =>
        createPickedResultsVote(
          pair.a.db,
          { items: items.slice(0, input.count ?? 4), criteria: input.criteria, format: input.format },
          author,
        );
      const share = async (round: VoteRoundRow) =>
        (
          await createShareLink(
            deps(),
            { id: author, name: "Author", role: "editor" },
            {
              roundId: round.id,
              allowComments: false,
              guestVotes: true,
              showParams: false,
              expiresInDays: null,
            },
          )
        ).token;

      it("refuses ranking at once over two results (a pair), naming format", async () => {
        expect(await refusal(start({ format: "fours", count: 2 }))).toEqual({
          code: "invalidVote",
          parameter: "format",
        });
      });

      it("asks each criterion of each pair; refuses one it does not ask, and both bad moves no score", async () => {
        const round = await start({ criteria: ["Prompt adherence", "Aesthetics"] });
        const ballot = await ballotOf(pair.a.db, round, member);
        expect(ballot.criteria).toEqual(["Prompt adherence", "Aesthetics"]);
        expect(ballot.pairs).toHaveLength(6);
        const first = ballot.pairs[0];
        if (!first) throw new Error("no pair");
        expect(
          await refusal(castVote(pair.a.db, round, member, { pairId: first.id, pick: "left", criterion: 2 })),
        ).toEqual({
          code: "notAsked",
          parameter: "criterion",
        });
        // Criterion 0 answered: the pair is still to do until the second is.
        await castVote(pair.a.db, round, member, { pairId: first.id, pick: "left", criterion: 0 });
        expect((await ballotOf(pair.a.db, round, member)).done).toBe(0);
        await castVote(pair.a.db, round, member, { pairId: first.id, pick: "bad", criterion: 1 });
        const after = await ballotOf(pair.a.db, round, member);
        expect(after.done).toBe(1);
        expect(after.pairs[0]?.picks).toEqual(["left", "bad"]);
        // A guest's ballot obeys the same: no criterion past the vote's.
        const token = await share(round);
        const secret = randomBytes(32).toString("base64url");
        const guest = await guestBallot(deps(), token, secret);
        const guestPair = guest.pairs[0];
        if (!guestPair) throw new Error("no pair");
        expect(
          await refusal(
            castGuestPick(deps(), token, secret, ADDRESS, {
              pairId: guestPair.id,
              pick: "tie",
              criterion: 2,
            }),
          ),
        ).toEqual({ code: "notAsked", parameter: "criterion" });
        await castGuestPick(deps(), token, secret, ADDRESS, {
          pairId: guestPair.id,
          pick: "tie",
          criterion: 0,
        });
        await castGuestPick(deps(), token, secret, ADDRESS, {
          pairId: guestPair.id,
          pick: "bad",
          criterion: 1,
        });
        const closed = await closeVote(pair.a.db, round.id, author);
        const results = await voteResults(pair.a.db, closed);
        expect(results.byCriterion.map((c) => c.name)).toEqual(["Prompt adherence", "Aesthetics"]);
        const aesthetics = results.byCriterion[1]?.ranking;
        // Two "both bad" answers, no other on Aesthetics: every score stays at 0, the rejected rate shows.
        expect(aesthetics?.variants.every((v) => Math.abs(v.score) < 1e-9)).toBe(true);
        expect(aesthetics?.variants.reduce((a, v) => a + v.rejected, 0)).toBe(4);
        expect(
          aesthetics?.variants.filter((v) => v.rejectedRate > 0).every((v) => v.rejectedRate === 1),
        ).toBe(true);
        const adherence = results.byCriterion[0]?.ranking;
        expect(adherence?.variants.some((v) => v.score > 0.01)).toBe(true);
        // The team's and the guests' own rankings, each criterion apart: the guest's tie and
        // "both bad", the member's left pick and "both bad".
        const wins = (
          r: { variants: { wins: number; ties: number; rejected: number }[] } | null | undefined,
        ) =>
          r?.variants.reduce<number[]>(
            (a, v) => [(a[0] ?? 0) + v.wins, (a[1] ?? 0) + v.ties, (a[2] ?? 0) + v.rejected],
            [0, 0, 0],
          );
        expect(results.team.byCriterion.map(wins)).toEqual([
          [1, 0, 0],
          [0, 0, 2],
        ]);
        expect(results.guests.byCriterion.map(wins)).toEqual([
          [0, 2, 0],
          [0, 0, 2],
        ]);
      });

      it("ranks a vote over three at once as one set of three, three pairwise outcomes", async () => {
        const round = await start({ criteria: ["Aesthetics"], format: "fours", count: 3 });
        const ballot = await ballotOf(pair.a.db, round, member);
        const set = ballot.fours[0];
        if (!set || ballot.fours.length !== 1) throw new Error("one set expected");
        expect(set.slots).toHaveLength(3);
        const order = set.slots.map((s) => s.id);
        // The three pictures, not four, and not two of them.
        expect(
          await refusal(
            castRank(pair.a.db, round, member, { fourId: set.id, order: order.slice(0, 2) as string[] }),
          ),
        ).toEqual({ code: "notAsked", parameter: "order" });
        await castRank(pair.b.db, round, member, { fourId: set.id, criterion: 0, order });
        expect(await pair.a.db.select().from(vote).where(eq(vote.roundId, round.id))).toHaveLength(3);
        expect((await ballotOf(pair.a.db, round, member)).done).toBe(1);
        const closed = await closeVote(pair.a.db, round.id, author);
        const results = await voteResults(pair.a.db, closed);
        expect(results.ranking?.variants.map((v) => v.wins)).toEqual([2, 1, 0]);
      });

      it("ranks four at once as six pairwise outcomes, one per submission however many arrive at once, from two studios", async () => {
        const round = await start({ criteria: ["Prompt adherence", "Aesthetics"], format: "fours" });
        const ballot = await ballotOf(pair.a.db, round, member);
        expect(ballot.format).toBe("fours");
        expect(ballot.pairs).toEqual([]);
        const four = ballot.fours[0];
        if (!four || ballot.fours.length !== 1) throw new Error("one four expected");
        const order = four.slots.map((s) => s.id);
        // Pairs are not how this vote asks.
        expect(
          await refusal(castVote(pair.a.db, round, member, { pairId: randomUUID(), pick: "left" })),
        ).toEqual({
          code: "notAsked",
          parameter: "pairId",
        });
        // Ten submissions of the same ranking at once, half through each studio.
        const sends = Array.from({ length: 10 }, (_, k) =>
          castRank(k % 2 ? pair.b.db : pair.a.db, round, member, { fourId: four.id, criterion: 0, order }),
        );
        await Promise.all(sends);
        const stored = await pair.a.db.select().from(vote).where(eq(vote.roundId, round.id));
        expect(stored).toHaveLength(6);
        expect(await pair.a.db.select().from(voteRank).where(eq(voteRank.roundId, round.id))).toHaveLength(1);
        // The first shown won every pair it was in: three wins.
        const after = await ballotOf(pair.a.db, round, member);
        expect(after.fours[0]?.ranks[0]).toEqual(order);
        expect(after.done).toBe(0);

        // A guest: a picture of another vote, or none at all, is refused naming order.
        const token = await share(round);
        const secret = randomBytes(32).toString("base64url");
        const guest = await guestBallot(deps(), token, secret);
        const guestFour = guest.fours[0];
        if (!guestFour) throw new Error("no four");
        const shown = guestFour.slots.map((s) => s.id);
        const foreign = randomBytes(24).toString("base64url");
        expect(
          await refusal(
            castGuestRank(deps(), token, secret, ADDRESS, {
              fourId: guestFour.id,
              order: [shown[0] as string, shown[1] as string, shown[2] as string, foreign],
            }),
          ),
        ).toEqual({ code: "notAsked", parameter: "order" });
        expect(
          await refusal(
            castGuestRank(deps(), token, secret, ADDRESS, {
              fourId: guestFour.id,
              criterion: 3,
              order: shown,
            }),
          ),
        ).toEqual({ code: "notAsked", parameter: "criterion" });
        expect(
          await refusal(
            castGuestRank(deps(), token, secret, ADDRESS, { fourId: randomUUID(), order: shown }),
          ),
        ).toEqual({ code: "fourNotFound", parameter: "fourId" });
        // The same guest ballot sent four times at once through both studios counts once.
        await Promise.all(
          Array.from({ length: 4 }, (_, k) =>
            castGuestRank(deps(k % 2 ? pair.b.db : pair.a.db), token, secret, ADDRESS, {
              fourId: guestFour.id,
              criterion: 1,
              order: [...shown].reverse(),
            }),
          ),
        );
        expect(await pair.a.db.select().from(guestVote).where(eq(guestVote.roundId, round.id))).toHaveLength(
          6,
        );
        expect(
          await pair.a.db.select().from(guestVoter).where(eq(guestVoter.roundId, round.id)),
        ).toHaveLength(1);

        const closed = await closeVote(pair.a.db, round.id, author);
        const results = await voteResults(pair.a.db, (await voteRow(pair.a.db, closed.id)) as VoteRoundRow);
        const top = results.byCriterion[0]?.ranking?.variants[0];
        expect(top?.wins).toBe(3);
        const guestTop = results.byCriterion[1]?.ranking?.variants[0];
        expect(guestTop?.wins).toBe(3);
      }, 120_000);
    },
  );
}
