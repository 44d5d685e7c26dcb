import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell, shareLink, user } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createExperiment } from "@/lib/server/experiments/actions";
import { cellRows } from "@/lib/server/experiments/records";
import { hashShareToken } from "@/lib/server/share/links";
import { sharedVote } from "@/lib/server/votes/test-links";
import { ballotOf } from "./ballot";
import { ballotMediaKey } from "./ballot-media";
import { isFlipped } from "./blind-order";
import { castVote } from "./cast";
import { closeVote, createExperimentVote, listVotes, voteRow } from "./records";
import { voteResults } from "./results";

// The last is longer than an axis label holds: a round keeps each value whole.
const PROMPTS = [
  "a red fox in snow",
  "a grey wolf in snow",
  "an owl on a branch under a full moon, in the style of an old engraving",
];

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "blind votes"), () => {
    let opened: TestDatabase;
    let author: string;
    let voterX: string;
    let voterY: string;
    let experimentId: string;
    /** Stored media -> prompt index, to vote as a person who prefers one prompt would. */
    const promptOfKey = new Map<string, number>();
    /** Every item id and gallery media URL, which no ballot may show. */
    const galleryIds: string[] = [];

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
      voterX = await createTestUser(opened);
      voterY = await createTestUser(opened);
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
          axes: [
            { kind: "prompts", prompts: PROMPTS },
            { kind: "seeds", seeds: [11, 12] },
          ],
        },
        author,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      experimentId = created.value.experiment.id;
      // Every cell finished with one image, as the runner would leave it.
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

    it("refuses a round without two values, on a missing axis or value", async () => {
      await expect(
        createExperimentVote(opened.db, experimentId, { axis: 0, values: [1, 1] }, author),
      ).rejects.toMatchObject({ status: 400, errors: [{ code: "invalidVote", parameter: "values" }] });
      await expect(createExperimentVote(opened.db, experimentId, { axis: 2 }, author)).rejects.toMatchObject({
        status: 400,
        errors: [{ parameter: "axis" }],
      });
      await expect(
        createExperimentVote(opened.db, experimentId, { axis: 0, values: [0, 7] }, author),
      ).rejects.toMatchObject({ status: 400, errors: [{ parameter: "values" }] });
      await expect(createExperimentVote(opened.db, randomUUID(), { axis: 0 }, author)).rejects.toMatchObject({
        status: 404,
        errors: [{ code: "experimentNotFound" }],
      });
    });

    it("shows a voter opaque pairs only, in their own stable order; votes map to the variants they saw", async () => {
      const round = await createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
      expect(round.name).toBe("Which prompt works best?");
      expect(round.labels).toEqual(PROMPTS);

      const x = await ballotOf(opened.db, round, voterX);
      expect(x.pairs).toHaveLength(6);
      const text = JSON.stringify(x);
      for (const p of PROMPTS) expect(text).not.toContain(p);
      expect(text).not.toContain(author);
      // Nothing a voter could match with the gallery or the experiment: no item id, no media key.
      for (const id of galleryIds) expect(text).not.toContain(id);
      expect(text).not.toContain("/api/media/");
      // The round serves its own ids, and only its own.
      const keyOf = new Map<string, string>();
      for (const pair of x.pairs) {
        for (const side of [pair.left, pair.right]) {
          const [, roundPart, mediaId] = /^\/api\/votes\/([^/]+)\/media\/([^/]+)$/.exec(side.url) ?? [];
          expect(roundPart).toBe(round.id);
          const key = await ballotMediaKey(opened.db, round, mediaId ?? "", "reviewer");
          expect(key).not.toBeNull();
          keyOf.set(side.url, key as string);
        }
      }
      const someId = x.pairs[0]?.left.url.split("/").at(-1) ?? "";
      const other = await createExperimentVote(opened.db, experimentId, { axis: 0, values: [0, 1] }, author);
      expect(await ballotMediaKey(opened.db, other, someId, "owner")).toBeNull();
      expect(await ballotMediaKey(opened.db, round, "A".repeat(32), "owner")).toBeNull();
      expect(await ballotMediaKey(opened.db, round, "../../items", "owner")).toBeNull();
      const promptOfUrl = new Map([...keyOf].map(([url, key]) => [url, promptOfKey.get(key) as number]));
      expect(await ballotOf(opened.db, round, voterX)).toEqual(x);
      const y = await ballotOf(opened.db, round, voterY);
      expect(y.pairs.map((p) => p.id).sort()).toEqual(x.pairs.map((p) => p.id).sort());
      // Each voter's sides are their own draw: a pair shows X and Y the same side exactly when
      // their draws agree. (Two voters may agree on all six by chance, 1 in 64: that the draws
      // spread over voters is blind-order.test.ts's to show.)
      const leftOfX = new Map(x.pairs.map((p) => [p.id, p.left.url]));
      for (const pair of y.pairs) {
        const same = isFlipped(round.seed, voterX, pair.id) === isFlipped(round.seed, voterY, pair.id);
        expect(pair.left.url === leftOfX.get(pair.id)).toBe(same);
      }

      // Both prefer the owl, then the fox; Y can't tell fox from wolf once.
      const prefer = [2, 0, 1];
      const better = (a: number, b: number) => prefer.indexOf(a) < prefer.indexOf(b);
      const sides = (pair: { left: { url: string }; right: { url: string } }) =>
        [promptOfUrl.get(pair.left.url) as number, promptOfUrl.get(pair.right.url) as number] as const;
      const tiePair = y.pairs.find((p) => !sides(p).includes(2))?.id;
      for (const [voter, ballot] of [
        [voterX, x],
        [voterY, y],
      ] as const) {
        for (const pair of ballot.pairs) {
          const [l, r] = sides(pair);
          const tie = voter === voterY && pair.id === tiePair;
          const out = await castVote(opened.db, round, voter, {
            pairId: pair.id,
            pick: tie ? "tie" : better(l, r) ? "left" : "right",
          });
          expect(out.pairId).toBe(pair.id);
        }
      }
      // A first pick changed: one vote per member per pair, the last one counts.
      const first = x.pairs[0];
      if (!first) throw new Error("no pair");
      await castVote(opened.db, round, voterX, { pairId: first.id, pick: "tie" });
      const l = promptOfUrl.get(first.left.url) as number;
      const r = promptOfUrl.get(first.right.url) as number;
      await castVote(opened.db, round, voterX, { pairId: first.id, pick: better(l, r) ? "left" : "right" });
      const again = await ballotOf(opened.db, round, voterX);
      expect(again.done).toBe(6);
      expect(again.pairs[0]?.pick).toBe(better(l, r) ? "left" : "right");

      await expect(
        castVote(opened.db, round, voterX, { pairId: randomUUID(), pick: "left" }),
      ).rejects.toMatchObject({ status: 404, errors: [{ code: "pairNotFound", parameter: "pairId" }] });

      // Open: counts only, for everyone.
      const open = await voteResults(opened.db, round);
      expect(open).toMatchObject({ status: "open", votes: 12, voters: 2, pairs: 6, ranking: null });
      const listed = (await listVotes(opened.db, { experimentId }, voterX, ["Prompt", "Seed"])).find(
        (r) => r.id === round.id,
      );
      expect(listed).toMatchObject({
        id: round.id,
        votes: 12,
        voters: 2,
        myVotes: 6,
        pairs: 6,
        axisName: "Prompt",
      });

      const closed = await closeVote(opened.db, round.id, author);
      expect(closed.status).toBe("closed");
      const closedRow = (await voteRow(opened.db, round.id)) ?? round;
      await expect(
        castVote(opened.db, closedRow, voterX, { pairId: first.id, pick: "tie" }),
      ).rejects.toMatchObject({ status: 409, errors: [{ code: "voteClosed" }] });

      const results = await voteResults(opened.db, closedRow);
      const ranking = results.ranking;
      if (!ranking) throw new Error("no ranking");
      expect(ranking.variants.map((v) => v.label)).toEqual([PROMPTS[2], PROMPTS[0], PROMPTS[1]]);
      expect(ranking.ties).toBe(1);
      const [top, , last] = ranking.variants;
      expect(top).toMatchObject({ wins: 8, losses: 0, ties: 0 });
      expect(last).toMatchObject({ wins: 0, losses: 7, ties: 1 });
      for (const v of ranking.variants) {
        expect(v.low).not.toBeNull();
        expect(v.low as number).toBeLessThan(v.score);
        expect(v.high as number).toBeGreaterThan(v.score);
      }
      // Both voters picked the same side on every pair both judged decisively.
      expect(ranking.agreement?.share).toBe(1);

      // Shared with the parameters: the prompts label the ranking. Without: neutral names only.
      const deps = { db: opened.db, log: { publishGallery: () => {} } };
      const shareOf = async (showParams: boolean) => {
        const token = randomUUID() + randomUUID();
        await opened.db
          .insert(shareLink)
          .values({ tokenHash: hashShareToken(token), roundId: round.id, showParams, createdBy: author });
        const shared = await sharedVote(deps, token);
        if (!shared) throw new Error("not a round's link");
        return shared;
      };
      const withParams = await shareOf(true);
      expect(withParams.results.ranking?.variants.map((v) => v.label)).toEqual([
        PROMPTS[2],
        PROMPTS[0],
        PROMPTS[1],
      ]);
      expect(withParams.results.axisName).toBe("Prompt");
      const without = await shareOf(false);
      expect(without.results.ranking?.variants.map((v) => v.label)).toEqual([
        "Variant C",
        "Variant A",
        "Variant B",
      ]);
      expect(without.results.axisName).toBe("Variant");
      const json = JSON.stringify(without);
      for (const p of PROMPTS) expect(json).not.toContain(p);
      // An experiment's name is made of its first prompt and axes: not shown either.
      expect(withParams.experimentName).toBe(`${PROMPTS[0]} — Prompt × Seed`);
      expect(without.experimentName).toBe("An experiment");
    });

    it("serves each voter the least certain pair next; settled counts every member who may still vote", async () => {
      const round = await createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
      const voter = await createTestUser(opened);
      // Who may vote: reviewers and up. The others here are viewers.
      await opened.db
        .update(user)
        .set({ role: "reviewer" })
        .where(inArray(user.id, [voter, voterY]));
      const promptOf = async (url: string) => {
        const key = await ballotMediaKey(opened.db, round, url.split("/").at(-1) ?? "", "owner");
        return promptOfKey.get(key ?? "") as number;
      };
      const variantsOf = async (pair: { left: { url: string }; right: { url: string } }) =>
        [await promptOf(pair.left.url), await promptOf(pair.right.url)] as const;
      let ballot = await ballotOf(opened.db, round, voter);
      expect(ballot).toMatchObject({ done: 0, settled: null, next: ballot.pairs[0]?.id });
      expect(ballot.pairs).toHaveLength(6);
      // The owl first, then the fox: always picked so.
      const prefer = [2, 0, 1];
      const picked: string[] = [];
      const seen = new Set<number>();
      for (let k = 0; k < 6; k++) {
        const next = ballot.pairs.find((p) => p.id === ballot.next);
        if (!next) throw new Error("no next pair");
        expect(picked).not.toContain(next.id);
        const [l, r] = await variantsOf(next);
        // A value nobody has judged yet comes before any second look at two judged ones.
        if (seen.size < 3) expect(seen.has(l) && seen.has(r)).toBe(false);
        seen.add(l);
        seen.add(r);
        await castVote(opened.db, round, voter, {
          pairId: next.id,
          pick: prefer.indexOf(l) < prefer.indexOf(r) ? "left" : "right",
        });
        picked.push(next.id);
        ballot = await ballotOf(opened.db, round, voter);
        // Picked pairs first, in the order picked; every pair once.
        expect(ballot.pairs.slice(0, picked.length).map((p) => p.id)).toEqual(picked);
        expect(new Set(ballot.pairs.map((p) => p.id)).size).toBe(6);
        expect(ballot.done).toBe(k + 1);
        // A reviewer who has not voted could still turn it: never settled on one voter's votes.
        expect(ballot.settled).toBeNull();
      }
      expect(ballot.next).toBeNull();
      const open = await voteResults(opened.db, round);
      expect(open).toMatchObject({
        status: "open",
        settled: null,
        ranking: null,
        voting: { members: [], notStarted: 1, guests: 0 },
      });
      // The other reviewer opens their ballot: they are voting now, all six pairs left.
      expect(await ballotOf(opened.db, round, voterY)).toMatchObject({ settled: null, done: 0 });
      expect((await voteResults(opened.db, round)).voting).toEqual({
        members: [{ name: voterY, left: 6 }],
        notStarted: 0,
        guests: 0,
      });
      // Once they may no longer vote (removed from the team), nothing is still to come: settled,
      // the whole order, and said on what it rests; never who leads.
      await opened.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, voterY));
      const settled = await voteResults(opened.db, round);
      expect(settled.settled).toEqual({
        scope: "order",
        held: 100,
        confidence: 95,
        remaining: 0,
        members: 0,
        notStarted: 0,
        guests: 0,
        guestsOpen: false,
      });
      expect(settled.ranking).toBeNull();
      for (const p of PROMPTS) expect(JSON.stringify(settled)).not.toContain(p);
      const closed = await closeVote(opened.db, round.id, author);
      expect(await voteResults(opened.db, closed)).toMatchObject({ settled: null, voting: null });
      expect((await voteResults(opened.db, closed)).ranking?.variants.map((v) => v.label)).toEqual([
        PROMPTS[2],
        PROMPTS[0],
        PROMPTS[1],
      ]);
    });
  });
}
