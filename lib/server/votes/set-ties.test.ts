import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenedDatabase, recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { guestVote, type VoteRoundRow, vote, voteFour, votePair, voteRank } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { databaseRateLimits, type RateLimits } from "@/lib/server/rate-limits";
import { createShareLink } from "@/lib/server/share/links";
import { castGuestRank, guestBallot } from "@/lib/server/votes/test-links";
import type { ApiError } from "@/lib/studio/api/errors";
import type { RankInput } from "@/lib/studio/votes/input";
import { rankSchema } from "@/lib/studio/votes/input";
import { rankPicks } from "@/lib/studio/votes/pick-ranking";
import { seededRandom } from "@/lib/studio/votes/seeded-random";
import {
  ballotBody,
  pairVerdict,
  type RandomSetBallot,
  randomSetBallot,
} from "@/lib/studio/votes/set-simulation";
import { ballotOf } from "./ballot";
import { ballotMediaId } from "./ballot-media";
import { castRank } from "./cast";
import { createPickedResultsVote } from "./picked-results";
import { closeVote, listVotes } from "./records";
import { voteResults } from "./results";

async function refusal(p: Promise<unknown>): Promise<{ code: string; parameter: string | undefined }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as ApiError | null;
  const first = err?.errors?.[0];
  return { code: first?.code ?? "accepted", parameter: first?.parameter };
}

describe("a set's answer as the endpoint reads it", () => {
  const id = (): string => randomBytes(24).toString("base64url");
  const [a, b, c, d] = [id(), id(), id(), id()];
  const paths = (body: unknown) => {
    const parsed = rankSchema.safeParse(body);
    return parsed.success ? "accepted" : parsed.error.issues.map((i) => i.path.join(".")).join(",");
  };
  it("refuses empty ties, a picture twice, one not in the order, and a rejection with an order, naming each", () => {
    const fourId = randomUUID();
    expect(paths({ fourId, order: [a, b, c, d], ties: [[]] })).toBe("ties");
    expect(paths({ fourId, order: [a, b, c, d], ties: [[a]] })).toBe("ties");
    expect(
      paths({
        fourId,
        order: [a, b, c, d],
        ties: [
          [a, b],
          [b, c],
        ],
      }),
    ).toBe("ties");
    expect(paths({ fourId, order: [a, b, c, d], ties: [[a, id()]] })).toBe("ties");
    expect(paths({ fourId, order: [a, b, c, d], ties: [[a, c]] })).toBe("ties");
    expect(paths({ fourId, order: [a, b, c, a], ties: [[a, b]] })).toContain("order");
    expect(paths({ fourId, order: [a, b, c, d], rejected: true })).toBe("rejected");
    expect(paths({ fourId, rejected: true })).toBe("accepted");
    expect(paths({ fourId, order: [a, b, c, d], ties: [[b, c]] })).toBe("accepted");
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "ties and rejections in sets"), () => {
    let pair: InstancePair;
    let author: string;
    let limits: RateLimits;
    const members: string[] = [];
    const items: string[] = [];
    const deps = (db: OpenedDatabase["db"] = pair.a.db) => ({
      db,
      log: { publishGallery: () => {} },
      limits,
    });

    beforeAll(async () => {
      pair = await openInstancePair(backend);
      limits = databaseRateLimits(pair.a.db, "set-ties-test-secret-0123456789abcdef");
      author = await createTestUser(pair.a);
      for (let k = 0; k < 5; k++) members.push(await createTestUser(pair.a));
      for (let k = 0; k < 4; k++) {
        const taskUUID = randomUUID();
        await recordTasks(pair.a.db, author, [
          {
            taskType: "imageInference",
            taskUUID,
            positivePrompt: `a harbour, take ${k + 1}`,
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

    const start = (criteria: string[] = []) =>
      createPickedResultsVote(pair.a.db, { items, criteria, format: "fours" }, author);
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
    const fourOf = async (round: VoteRoundRow) => {
      const [four] = await pair.a.db.select().from(voteFour).where(eq(voteFour.roundId, round.id));
      if (!four) throw new Error("no four");
      // Ballot ids to variants and back.
      const slotOf = new Map(four.variants.map((v, k) => [v, ballotMediaId(round, four.items[k] as string)]));
      return { four, slotOf };
    };

    it("over random ballots of members and guests (ties, rejections, mixed) ranks as the pairwise outcomes imply", async () => {
      const round = await start(["Adherence", "Aesthetics", "Detail"]);
      const { four, slotOf } = await fourOf(round);
      const token = await share(round);
      const random = seededRandom(7);
      const cast: { voter: string; guest: boolean; criterion: number; ballot: RandomSetBallot<number> }[] =
        [];
      const guests = Array.from({ length: 5 }, () => randomBytes(32).toString("base64url"));
      for (let criterion = 0; criterion < 3; criterion++) {
        for (const [k, voter] of [
          ...members.map((m) => [m, false] as const),
          ...guests.map((g) => [g, true] as const),
        ].entries()) {
          const [who, guest] = voter;
          const ballot = randomSetBallot(random, four.variants, { reject: 0.2, tie: 0.35 });
          const body = ballotBody(ballot);
          const input: RankInput = {
            fourId: four.id,
            criterion,
            ...(body.rejected
              ? { rejected: true }
              : {
                  order: body.order.map((v) => slotOf.get(v) as string),
                  ties: body.ties.map((g) => g.map((v) => slotOf.get(v) as string)),
                }),
          };
          if (guest)
            await castGuestRank(deps(k % 2 ? pair.b.db : pair.a.db), token, who, `203.0.113.${k}`, input);
          else await castRank(k % 2 ? pair.b.db : pair.a.db, round, who, input);
          cast.push({ voter: who, guest, criterion, ballot });
        }
      }
      // The answer shows on the voter's own ballot as given.
      const seen = (await ballotOf(pair.a.db, round, members[0] as string)).fours[0];
      const mine = cast.filter((c) => c.voter === members[0]);
      expect(seen?.rejected).toEqual(mine.map((c) => c.ballot.rejected));
      expect(seen?.ties).toEqual(
        mine.map((c) => ballotBody(c.ballot).ties.map((g) => g.map((v) => slotOf.get(v)))),
      );

      // The vote's list counts the rejected answers apart, on every criterion, members' and guests'.
      const [listed] = await listVotes(pair.b.db, { voteId: round.id }, author);
      expect(listed?.rejectedSets).toBe(cast.filter((c) => c.ballot.rejected).length);
      expect(listed?.votes).toBe(cast.length * 6);

      const pairs = await pair.a.db.select().from(votePair).where(eq(votePair.roundId, round.id));
      const closed = await closeVote(pair.a.db, round.id, author);
      const results = await voteResults(pair.a.db, closed);
      for (let criterion = 0; criterion < 3; criterion++) {
        const expected = cast
          .filter((c) => c.criterion === criterion)
          .flatMap((c) =>
            pairs.map((p) => ({
              pairId: p.id,
              voter: c.voter,
              pick: pairVerdict(c.ballot, p.variantA, p.variantB),
              a: p.variantA,
              b: p.variantB,
            })),
          );
        const oracle = rankPicks(4, expected);
        const ranking = results.byCriterion[criterion]?.ranking;
        const row = (v: { wins: number; losses: number; ties: number; score: number }) => [
          v.wins,
          v.losses,
          v.ties,
          Number(v.score.toFixed(9)),
        ];
        expect(
          ranking?.variants
            .map((v) => [v.value, ...row(v)])
            .sort((x, y) => (x[0] as number) - (y[0] as number)),
        ).toEqual(
          oracle.variants
            .map((v) => [round.variants[Number(v.id)], ...row(v)])
            .sort((x, y) => (x[0] as number) - (y[0] as number)),
        );
        const rejected = cast.filter((c) => c.criterion === criterion && c.ballot.rejected);
        for (const v of ranking?.variants ?? []) expect(v.rejectedSets).toBe(rejected.length);
        // The team's own and the guests' own figures count their own rejections.
        for (const guest of [false, true]) {
          const group = guest ? results.guests : results.team;
          const theirs = rejected.filter((c) => c.guest === guest).length;
          for (const v of group.byCriterion[criterion]?.variants ?? []) expect(v.rejectedSets).toBe(theirs);
        }
      }
      expect(cast.some((c) => c.ballot.rejected)).toBe(true);
      expect(cast.some((c) => !c.ballot.rejected && c.ballot.groups.some((g) => g.length > 1))).toBe(true);
    }, 120_000);

    it("counts one answer when the same tie or rejection arrives twice at once, or a tie and a rejection race", async () => {
      const round = await start();
      const { four, slotOf } = await fourOf(round);
      const member = members[0] as string;
      const order = four.variants.map((v) => slotOf.get(v) as string);
      const tie: RankInput = { fourId: four.id, order, ties: [[order[1] as string, order[2] as string]] };
      await Promise.all([castRank(pair.a.db, round, member, tie), castRank(pair.b.db, round, member, tie)]);
      const mine = and(eq(vote.roundId, round.id), eq(vote.userId, member));
      expect(await pair.a.db.select().from(vote).where(mine)).toHaveLength(6);
      const ranks = await pair.a.db.select().from(voteRank).where(eq(voteRank.roundId, round.id));
      expect(ranks.map((r) => [r.places, r.rejected])).toEqual([[[0, 1, 1, 3], false]]);
      expect((await pair.a.db.select().from(vote).where(mine)).filter((v) => v.pick === "tie")).toHaveLength(
        1,
      );

      // A guest's rejection twice at once through both studios.
      const token = await share(round);
      const secret = randomBytes(32).toString("base64url");
      const reject: RankInput = { fourId: four.id, rejected: true };
      await Promise.all([
        castGuestRank(deps(pair.a.db), token, secret, "198.51.100.4", reject),
        castGuestRank(deps(pair.b.db), token, secret, "198.51.100.4", reject),
      ]);
      const theirs = await pair.a.db.select().from(guestVote).where(eq(guestVote.roundId, round.id));
      expect(theirs.map((v) => v.pick)).toEqual(["bad", "bad", "bad", "bad", "bad", "bad"]);

      // A tie and a rejection from one member at once: whichever lands last is the answer, whole.
      for (let k = 0; k < 4; k++) {
        await Promise.all([
          castRank(pair.a.db, round, member, tie),
          castRank(pair.b.db, round, member, { fourId: four.id, rejected: true }),
        ]);
        const [rank] = await pair.a.db
          .select()
          .from(voteRank)
          .where(and(eq(voteRank.roundId, round.id), eq(voteRank.voter, member)));
        const picks = (await pair.a.db.select().from(vote).where(mine)).map((v) => v.pick).sort();
        expect(picks).toEqual(
          rank?.rejected ? ["bad", "bad", "bad", "bad", "bad", "bad"] : ["a", "a", "a", "a", "a", "tie"],
        );
      }
    }, 120_000);

    it("refuses a guest's tie for a set not dealt to them, and bad ties, naming the parameter", async () => {
      const round = await start();
      const other = await start();
      const { four: otherFour, slotOf: otherSlots } = await fourOf(other);
      const token = await share(round);
      const secret = randomBytes(32).toString("base64url");
      const dealt = (await guestBallot(deps(), token, secret)).fours[0];
      if (!dealt) throw new Error("no set");
      const shown = dealt.slots.map((s) => s.id);
      const foreignOrder = otherFour.variants.map((v) => otherSlots.get(v) as string);
      const guest = (input: RankInput) =>
        refusal(castGuestRank(deps(), token, secret, "198.51.100.9", input));
      // Another vote's set, with its own pictures tied: not this link's to answer.
      expect(
        await guest({ fourId: otherFour.id, order: foreignOrder, ties: [foreignOrder.slice(0, 2)] }),
      ).toEqual({ code: "fourNotFound", parameter: "fourId" });
      expect(await guest({ fourId: dealt.id, order: shown, ties: [[]] })).toEqual({
        code: "notAsked",
        parameter: "ties",
      });
      expect(
        await guest({ fourId: dealt.id, order: shown, ties: [[shown[0] as string, shown[0] as string]] }),
      ).toEqual({ code: "notAsked", parameter: "ties" });
      expect(
        await guest({
          fourId: dealt.id,
          order: shown,
          ties: [[shown[0] as string, foreignOrder[0] as string]],
        }),
      ).toEqual({ code: "notAsked", parameter: "ties" });
      expect(await guest({ fourId: dealt.id, order: [...shown.slice(0, 3), shown[0] as string] })).toEqual({
        code: "notAsked",
        parameter: "order",
      });
      expect(await guest({ fourId: dealt.id, order: shown, rejected: true })).toEqual({
        code: "notAsked",
        parameter: "rejected",
      });
      // Nothing of those was stored.
      expect(await pair.a.db.select().from(guestVote).where(eq(guestVote.roundId, round.id))).toEqual([]);
      expect(await pair.a.db.select().from(guestVote).where(eq(guestVote.roundId, other.id))).toEqual([]);
    }, 120_000);
  });
}
