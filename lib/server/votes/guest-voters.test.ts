import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell, type VoteRoundRow } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  queryRows,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createExperiment } from "@/lib/server/experiments/actions";
import { cellRows } from "@/lib/server/experiments/records";
import { databaseRateLimits, RATE_LIMITS } from "@/lib/server/rate-limits";
import { createShareLink } from "@/lib/server/share/links";
import { castGuestPick, guestBallot, guestBallotMediaKey } from "@/lib/server/votes/test-links";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import { ballotOf } from "./ballot";
import { ballotMediaKey } from "./ballot-media";
import { castVote } from "./cast";
import { newBallotSecret } from "./guest-ballot";
import { discardGuestVoter, type GuestVoteDeps, guestVotersOf } from "./guest-voters";
import { closeVote, createExperimentVote, voteRow } from "./records";
import { voteResults } from "./results";

const PROMPTS = ["a red fox in snow", "a grey wolf in snow", "an owl on a branch under a full moon"];
const SECRET = "guest-voters-test-secret-0123456789";
/** Picks are not what these tests hold: their budgets are out of the way. */
const BUDGETS = {
  ...RATE_LIMITS,
  guestPicksByAddress: { points: 100_000, seconds: 60 },
  guestPicksByLink: { points: 100_000, seconds: 60 },
};

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "guest voters"), () => {
    let pair: InstancePair;
    let author: string;
    let experimentId: string;
    const promptOfKey = new Map<string, number>();
    /** Two studios on one database, each with its own pool and its own limiters. */
    const studios: GuestVoteDeps[] = [];

    beforeAll(async () => {
      pair = await openInstancePair(backend);
      for (const opened of [pair.a, pair.b])
        studios.push({
          db: opened.db,
          log: { publishGallery: () => {} },
          limits: databaseRateLimits(opened.db, SECRET, BUDGETS),
        });
      const db = pair.a.db;
      author = await createTestUser(pair.a);
      const created = await createExperiment(
        { db, videoModel: "local:video@3.0-prime", maxCells: 100 },
        {
          base: {
            taskType: "imageInference",
            positivePrompt: PROMPTS[0],
            model: "runware:100@1",
            width: 512,
            height: 512,
          },
          axes: [{ kind: "prompts", prompts: PROMPTS }],
        },
        author,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      experimentId = created.value.experiment.id;
      for (const cell of await cellRows(db, experimentId)) {
        const taskUUID = randomUUID();
        await recordTasks(db, author, [{ ...cell.params, taskType: "imageInference", taskUUID } as SentTask]);
        const mediaUUID = randomUUID();
        const storageKey = `items/2026/11/${mediaUUID}.png`;
        await recordItem(db, {
          taskUUID,
          mediaUUID,
          kind: "image",
          mime: "image/png",
          width: 512,
          height: 512,
          seed: 11,
          storageKey,
          bytes: 100,
        });
        promptOfKey.set(storageKey, cell.coords[0] as number);
        await db
          .update(experimentCell)
          .set({ status: "done", taskUUID })
          .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, cell.key)));
      }
    }, 90_000);
    afterAll(async () => {
      await pair?.dispose();
    });

    const [a, b] = [() => studios[0] as GuestVoteDeps, () => studios[1] as GuestVoteDeps];
    const openVote = () => createExperimentVote(pair.a.db, experimentId, { axis: 0 }, author);
    const shareForVotes = async (round: VoteRoundRow) =>
      (
        await createShareLink(
          a(),
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
    const firstPair = async (token: string) => {
      const [first] = (await guestBallot(a(), token, newBallotSecret())).pairs;
      if (!first) throw new Error("no pair");
      return first.id;
    };
    const promptOf = async (token: string, url: string) => {
      const mediaId = url.split("/").at(-1) ?? "";
      return promptOfKey.get(await guestBallotMediaKey(a(), token, mediaId)) as number;
    };
    const voteAll = async (token: string, secret: string, prefer: number[], address: string) => {
      const ballot: GuestBallot = await guestBallot(a(), token, secret);
      for (const p of ballot.pairs) {
        const [l, r] = [await promptOf(token, p.left.url), await promptOf(token, p.right.url)];
        await castGuestPick(b(), token, secret, address, {
          pairId: p.id,
          pick: prefer.indexOf(l) < prefer.indexOf(r) ? "left" : "right",
        });
      }
    };

    it("admits only the cap of new guest voters from one address, 200 at once across two studios", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      const pairId = await firstPair(token);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          castGuestPick(i % 2 ? b() : a(), token, newBallotSecret(), "203.0.113.66", {
            pairId,
            pick: "left",
          }),
        ),
      );
      const admitted = outcomes.filter((o) => o.status === "fulfilled").length;
      expect(admitted).toBe(RATE_LIMITS.guestVotersByAddress.points);
      for (const o of outcomes)
        if (o.status === "rejected")
          expect(o.reason).toMatchObject({
            status: 429,
            errors: [{ code: "rateLimitExceeded", parameter: "token" }],
          });
      const guests = await guestVotersOf(pair.b.db, round);
      expect(guests).toMatchObject({ voters: admitted, votes: admitted, addresses: 1, discarded: 0 });
      expect(new Set(guests.guests.map((g) => g.place))).toEqual(new Set(["Address A"]));
      // Only a keyed hash of the address is stored.
      const stored = await queryRows<{ address_hash: string }>(
        pair.a,
        sql`select address_hash from guest_voter`,
      );
      expect(JSON.stringify(stored)).not.toContain("203.0.113.66");
      // A guest already voting goes on; another address has room of its own.
      const known = newBallotSecret();
      await castGuestPick(a(), token, known, "203.0.113.67", { pairId, pick: "left" });
      await expect(
        castGuestPick(b(), token, known, "203.0.113.67", { pairId, pick: "right" }),
      ).resolves.toMatchObject({ pick: "right" });
      expect(await guestVotersOf(pair.a.db, round)).toMatchObject({ voters: admitted + 1, addresses: 2 });
    }, 120_000);

    it("caps new voters per link, whatever their addresses", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      const pairId = await firstPair(token);
      const limits = databaseRateLimits(pair.a.db, SECRET, {
        ...BUDGETS,
        guestVotersByLink: { points: 4, seconds: 3600 },
      });
      const tight = { ...a(), limits };
      const results: string[] = [];
      for (let i = 0; i < 6; i++) {
        const out = await castGuestPick(tight, token, newBallotSecret(), `198.51.100.${i}`, {
          pairId,
          pick: "tie",
        }).then(
          () => "admitted",
          (e: { message: string }) => e.message,
        );
        results.push(out);
      }
      expect(results.slice(0, 4)).toEqual(["admitted", "admitted", "admitted", "admitted"]);
      expect(results[4]).toMatch(/new voters through this link/);
      expect(results[5]).toMatch(/new voters through this link/);
    });

    it("discards one guest's votes: the rankings no longer count them and the ballot votes no more", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      // Two teammates and one guest like the owl best; four guests from one address, the wolf.
      const owl = [2, 0, 1];
      const wolf = [1, 0, 2];
      for (const memberId of [author, await createTestUser(pair.a)]) {
        const ballot = await ballotOf(pair.a.db, round, memberId);
        for (const p of ballot.pairs) {
          const prompt = async (url: string) =>
            promptOfKey.get(
              (await ballotMediaKey(pair.a.db, round, url.split("/").at(-1) ?? "", "owner")) as string,
            ) as number;
          const [l, r] = [await prompt(p.left.url), await prompt(p.right.url)];
          await castVote(pair.a.db, round, memberId, {
            pairId: p.id,
            pick: owl.indexOf(l) < owl.indexOf(r) ? "left" : "right",
          });
        }
      }
      await voteAll(token, newBallotSecret(), owl, "192.0.2.10");
      const script = Array.from({ length: 4 }, () => newBallotSecret());
      for (const secret of script) await voteAll(token, secret, wolf, "192.0.2.99");
      const before = await guestVotersOf(pair.a.db, round);
      expect(before).toMatchObject({ voters: 5, votes: 15, addresses: 2, discarded: 0 });
      expect(before.guests.map((g) => g.place)).toEqual([
        "Address A",
        "Address B",
        "Address B",
        "Address B",
        "Address B",
      ]);

      await closeVote(pair.a.db, round.id, author);
      const closed = (await voteRow(pair.a.db, round.id)) as VoteRoundRow;
      const top = async () => (await voteResults(pair.b.db, closed)).ranking?.variants[0]?.label;
      const wins = async () =>
        (await voteResults(pair.b.db, closed)).ranking?.variants.reduce((n, v) => n + v.wins, 0);
      expect(await top()).toBe(PROMPTS[1]);
      expect(await wins()).toBe(21);

      const [, first, second] = before.guests;
      expect(await discardGuestVoter(pair.b.db, closed, first?.id ?? "", author)).toEqual({ votes: 3 });
      expect(await discardGuestVoter(pair.a.db, closed, second?.id ?? "", author)).toEqual({ votes: 3 });
      // Again: nothing more to discard.
      expect(await discardGuestVoter(pair.a.db, closed, second?.id ?? "", author)).toEqual({ votes: 0 });
      expect(await wins()).toBe(15);
      expect(await top()).toBe(PROMPTS[2]);
      const after = await guestVotersOf(pair.a.db, round);
      expect(after).toMatchObject({ voters: 3, votes: 9, addresses: 2, discarded: 2 });
      expect(after.guests[1]).toMatchObject({ discardedByName: author, votes: 0 });
      expect(after.guests[1]?.discardedAt).not.toBeNull();
      await expect(discardGuestVoter(pair.a.db, closed, "0".repeat(64), author)).rejects.toMatchObject({
        status: 404,
        errors: [{ parameter: "guestId" }],
      });
    }, 120_000);

    it("takes no more picks from a discarded ballot", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      const pairId = await firstPair(token);
      const secret = newBallotSecret();
      await castGuestPick(a(), token, secret, "192.0.2.5", { pairId, pick: "left" });
      const [guest] = (await guestVotersOf(pair.a.db, round)).guests;
      await discardGuestVoter(pair.b.db, round, guest?.id ?? "", author);
      await expect(
        castGuestPick(b(), token, secret, "192.0.2.5", { pairId, pick: "right" }),
      ).rejects.toMatchObject({ status: 403, errors: [{ code: "ballotDiscarded" }] });
      expect((await voteResults(pair.a.db, round)).guests).toMatchObject({ votes: 0, voters: 0 });
    });
  });
}
