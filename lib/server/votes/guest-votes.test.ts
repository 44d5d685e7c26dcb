import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell, type VoteRoundRow } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createExperiment } from "@/lib/server/experiments/actions";
import { cellRows } from "@/lib/server/experiments/records";
import { databaseRateLimits, RATE_LIMITS, type RateLimits } from "@/lib/server/rate-limits";
import { createShareLink, listShareLinks, revokeShareLink } from "@/lib/server/share/links";
import { castGuestPick, guestBallot, guestBallotMediaKey, sharedVote } from "@/lib/server/votes/test-links";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import { shareLinkCreateSchema } from "@/lib/studio/organize/organize";
import { ballotOf } from "./ballot";
import { ballotMediaKey } from "./ballot-media";
import { castVote } from "./cast";
import { ballotCookie, ballotSecretOf, newBallotSecret } from "./guest-ballot";
import { closeVote, createExperimentVote, listVotes, voteRow } from "./records";
import { voteResults } from "./results";

const PROMPTS = ["a red fox in snow", "a grey wolf in snow", "an owl on a branch under a full moon"];
const ADDRESS = "203.0.113.9";

describe("a link that takes guests' votes", () => {
  it("is a vote's link only, refused naming the parameter otherwise", () => {
    const id = randomUUID();
    expect(shareLinkCreateSchema.safeParse({ roundId: id, guestVotes: true }).success).toBe(true);
    const onItem = shareLinkCreateSchema.safeParse({ itemId: id, guestVotes: true });
    expect(onItem.success).toBe(false);
    expect(onItem.error?.issues.map((i) => i.path.join("."))).toEqual(["guestVotes"]);
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "guests' blind votes"), () => {
    let opened: TestDatabase;
    let author: string;
    let member: string;
    let experimentId: string;
    const promptOfKey = new Map<string, number>();
    /** Every item id, media id and storage key: no guest's answer may carry one. */
    const galleryIds: string[] = [];
    let limits: RateLimits;
    const deps = () => ({ db: opened.db, log: { publishGallery: () => {} }, limits });
    const editor = () => ({ id: author, name: "Author", role: "editor" as const });

    beforeAll(async () => {
      opened = await backend.open();
      limits = databaseRateLimits(opened.db, "guest-votes-test-secret-0123456789");
      author = await createTestUser(opened);
      member = await createTestUser(opened);
      const created = await createExperiment(
        { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 },
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
      for (const cell of await cellRows(opened.db, experimentId)) {
        const taskUUID = randomUUID();
        await recordTasks(opened.db, author, [
          { ...cell.params, taskType: "imageInference", taskUUID } as SentTask,
        ]);
        const mediaUUID = randomUUID();
        const storageKey = `items/2026/11/${mediaUUID}.png`;
        const recorded = await recordItem(opened.db, {
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
        galleryIds.push(recorded.item.id, mediaUUID, storageKey);
        await opened.db
          .update(experimentCell)
          .set({ status: "done", taskUUID })
          .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, cell.key)));
      }
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const openVote = () => createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
    const shareForVotes = async (round: VoteRoundRow, guestVotes = true) =>
      (
        await createShareLink(deps(), editor(), {
          roundId: round.id,
          allowComments: false,
          guestVotes,
          showParams: false,
          expiresInDays: null,
        })
      ).token;

    /** The prompt a guest ballot's side shows, read back through the link's own media. */
    const promptOf = async (token: string, url: string) => {
      const match = /^\/api\/share\/([^/]+)\/ballot-media\/([^/]+)$/.exec(url);
      expect(match?.[1]).toBe(token);
      return promptOfKey.get(await guestBallotMediaKey(deps(), token, match?.[2] ?? "")) as number;
    };
    /** Votes a whole ballot as someone who prefers the prompts in `prefer`'s order. */
    const voteAll = async (token: string, secret: string, ballot: GuestBallot, prefer: number[]) => {
      for (const pair of ballot.pairs) {
        const [l, r] = [await promptOf(token, pair.left.url), await promptOf(token, pair.right.url)];
        await castGuestPick(deps(), token, secret, ADDRESS, {
          pairId: pair.id,
          pick: prefer.indexOf(l) < prefer.indexOf(r) ? "left" : "right",
        });
      }
    };

    it("gives each browser its own ballot, the same one on every visit, with its own picks", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      const a = newBallotSecret();
      const b = newBallotSecret();
      const first = await guestBallot(deps(), token, a);
      expect(first.pairs).toHaveLength(3);
      expect(first.done).toBe(0);
      expect(await guestBallot(deps(), token, a)).toEqual(first);
      const pair = first.pairs[0];
      if (!pair) throw new Error("no pair");
      await castGuestPick(deps(), token, a, ADDRESS, { pairId: pair.id, pick: "left" });
      const again = await guestBallot(deps(), token, a);
      expect(again.done).toBe(1);
      expect(again.pairs.find((p) => p.id === pair.id)?.pick).toBe("left");
      // A new browser: the same pairs, none picked.
      const other = await guestBallot(deps(), token, b);
      expect(other.pairs.map((p) => p.id).sort()).toEqual(first.pairs.map((p) => p.id).sort());
      expect(other.done).toBe(0);
      // The pick changes until the vote is closed; then it is refused.
      await castGuestPick(deps(), token, a, ADDRESS, { pairId: pair.id, pick: "tie" });
      expect((await guestBallot(deps(), token, a)).pairs.find((p) => p.id === pair.id)?.pick).toBe("tie");
      expect((await voteResults(opened.db, round)).guests).toMatchObject({ votes: 1, voters: 1 });
      await closeVote(opened.db, round.id, author);
      await expect(
        castGuestPick(deps(), token, a, ADDRESS, { pairId: pair.id, pick: "right" }),
      ).rejects.toMatchObject({ status: 409, errors: [{ code: "voteClosed" }] });
      // Another vote's pair, and a browser that never opened the ballot, are refused.
      const next = await openVote();
      const nextToken = await shareForVotes(next);
      await expect(
        castGuestPick(deps(), nextToken, a, ADDRESS, { pairId: pair.id, pick: "left" }),
      ).rejects.toMatchObject({ status: 404, errors: [{ code: "pairNotFound", parameter: "pairId" }] });
      await expect(
        castGuestPick(deps(), nextToken, null, ADDRESS, { pairId: pair.id, pick: "left" }),
      ).rejects.toMatchObject({ status: 400, errors: [{ code: "noBallot" }] });
    });

    it("keeps the ballot in an httpOnly, SameSite=Lax cookie for the link's own path", () => {
      const secret = newBallotSecret();
      const cookie = ballotCookie("tok_en-123456789012345678", secret, true);
      expect(cookie).toContain(`guest_ballot=${secret}`);
      expect(cookie).toContain("Path=/api/share/tok_en-123456789012345678;");
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Secure$/);
      expect(ballotCookie("t".repeat(30), secret, false)).not.toMatch(/Secure/);
      const read = (cookie: string) =>
        ballotSecretOf(new Request("http://studio.test/", { headers: { cookie } }));
      expect(read(`other=1; guest_ballot=${secret}`)).toBe(secret);
      expect(read("guest_ballot=short")).toBeNull();
      expect(read("")).toBeNull();
    });

    it("takes no votes through a link made only to show the ranking, nor through a revoked one, and keeps cast picks", async () => {
      const round = await openVote();
      const readOnly = await shareForVotes(round, false);
      const secret = newBallotSecret();
      await expect(guestBallot(deps(), readOnly, secret)).rejects.toMatchObject({
        status: 403,
        errors: [{ parameter: "token" }],
      });
      const token = await shareForVotes(round);
      const links = (await listShareLinks(deps(), editor())).links;
      expect(
        links
          .filter((l) => l.target.id === round.id)
          .map((l) => l.guestVotes)
          .sort(),
      ).toEqual([false, true]);
      const ballot = await guestBallot(deps(), token, secret);
      const pair = ballot.pairs[0];
      if (!pair) throw new Error("no pair");
      await castGuestPick(deps(), token, secret, ADDRESS, { pairId: pair.id, pick: "right" });
      const link = links.find((l) => l.target.id === round.id && l.guestVotes);
      await revokeShareLink(deps(), editor(), link?.id ?? "");
      await expect(
        castGuestPick(deps(), token, secret, ADDRESS, { pairId: pair.id, pick: "left" }),
      ).rejects.toMatchObject({ status: 404, errors: [{ parameter: "token" }] });
      expect((await voteResults(opened.db, round)).guests).toMatchObject({ votes: 1, voters: 1 });
      // A closed vote is not shared for voting.
      await closeVote(opened.db, round.id, author);
      await expect(shareForVotes(round)).rejects.toMatchObject({
        status: 409,
        errors: [{ code: "voteClosed" }],
      });
    });

    it("answers 429 past a link's or an address's budget, in the contract's error shape", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      const secret = newBallotSecret();
      const [pair] = (await guestBallot(deps(), token, secret)).pairs;
      if (!pair) throw new Error("no pair");
      const budgets = {
        ...RATE_LIMITS,
        guestPicksByLink: { points: 3, seconds: 60 },
        guestPicksByAddress: { points: 2, seconds: 60 },
      };
      const tight = {
        ...deps(),
        limits: databaseRateLimits(opened.db, "another-secret-0123456789", budgets),
      };
      vi.useFakeTimers({ toFake: ["Date"] });
      const now = Date.now();
      const pick = (address: string, at = now) => {
        vi.setSystemTime(at);
        return castGuestPick(tight, token, secret, address, { pairId: pair.id, pick: "left" });
      };
      await pick("198.51.100.1");
      await pick("198.51.100.1");
      const byAddress = await pick("198.51.100.1").catch((e: unknown) => e);
      expect(byAddress).toMatchObject({
        status: 429,
        retryAfterSeconds: 60,
        errors: [{ code: "rateLimitExceeded", parameter: "token" }],
      });
      expect((byAddress as Error).message).toMatch(/network address/);
      await pick("198.51.100.2");
      const byLink = await pick("198.51.100.3").catch((e: unknown) => e);
      expect(byLink).toMatchObject({ status: 429, errors: [{ code: "rateLimitExceeded" }] });
      expect((byLink as Error).message).toMatch(/this link/);
      // A new window has room again.
      await expect(pick("198.51.100.3", now + 61_000)).resolves.toMatchObject({ pairId: pair.id });
    });

    it("reveals nothing while open; once closed, ranks from everyone's, the team's and the guests' votes", async () => {
      const round = await openVote();
      const token = await shareForVotes(round);
      // The team prefers the owl, then the fox; the guests the wolf, then the fox.
      const teamPrefer = [2, 0, 1];
      const guestPrefer = [1, 0, 2];
      const guests = [newBallotSecret(), newBallotSecret(), newBallotSecret()];
      for (const secret of guests)
        await voteAll(token, secret, await guestBallot(deps(), token, secret), guestPrefer);
      const ballot = await guestBallot(deps(), token, newBallotSecret());
      // A member votes through their own ballot, on the sides they see.
      const memberBallot = await ballotOf(opened.db, round, member);
      for (const pair of memberBallot.pairs) {
        const prompt = async (url: string) =>
          promptOfKey.get(
            (await ballotMediaKey(opened.db, round, url.split("/").at(-1) ?? "", "owner")) as string,
          ) as number;
        const [l, r] = [await prompt(pair.left.url), await prompt(pair.right.url)];
        await castVote(opened.db, round, member, {
          pairId: pair.id,
          pick: teamPrefer.indexOf(l) < teamPrefer.indexOf(r) ? "left" : "right",
        });
      }

      // Open: a guest's ballot and the link's page carry no label, no variant, no id of the studio's.
      const shared = await sharedVote(deps(), token);
      const seen = JSON.stringify([shared, ballot]);
      for (const p of PROMPTS) expect(seen).not.toContain(p);
      for (const id of [...galleryIds, round.id, experimentId, author, member])
        expect(seen).not.toContain(id);
      expect(shared?.guestVotes).toBe(true);
      expect(shared?.results).toMatchObject({
        status: "open",
        ranking: null,
        votes: 12,
        voters: 4,
        team: { votes: 3, voters: 1, ranking: null, byCriterion: [] },
        guests: { votes: 9, voters: 3, ranking: null, byCriterion: [] },
      });
      const listed = (await listVotes(opened.db, { experimentId }, member, ["Prompt"])).find(
        (v) => v.id === round.id,
      );
      expect(listed).toMatchObject({ votes: 12, voters: 4, guestVoters: 3, myVotes: 3 });

      await closeVote(opened.db, round.id, author);
      const results = await voteResults(opened.db, (await voteRow(opened.db, round.id)) as VoteRoundRow);
      const labels = (r: { variants: { label: string }[] } | null) => r?.variants.map((v) => v.label);
      expect(labels(results.team.ranking)).toEqual([PROMPTS[2], PROMPTS[0], PROMPTS[1]]);
      expect(labels(results.guests.ranking)).toEqual([PROMPTS[1], PROMPTS[0], PROMPTS[2]]);
      // Three guests outvote one member: everyone's ranking puts the wolf first.
      expect(results.ranking?.variants[0]?.label).toBe(PROMPTS[1]);
      expect(results.team.ranking?.variants.reduce((n, v) => n + v.wins, 0)).toBe(3);
      expect(results.guests.ranking?.variants.reduce((n, v) => n + v.wins, 0)).toBe(9);
      expect(results.ranking?.variants.reduce((n, v) => n + v.wins, 0)).toBe(12);
      // The guests' page now shows the rankings, under neutral names (the link hides the prompts).
      const closed = await sharedVote(deps(), token);
      expect(labels(closed?.results.guests.ranking ?? null)).toEqual(["Variant B", "Variant A", "Variant C"]);
      expect(JSON.stringify(closed)).not.toContain(PROMPTS[2]);
    });
  });
}
