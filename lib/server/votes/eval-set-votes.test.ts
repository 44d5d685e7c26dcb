import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createEvalSet } from "@/lib/server/eval-sets/records";
import { compareRuns, startEvalRun } from "@/lib/server/eval-sets/runs";
import { cellRows } from "@/lib/server/experiments/records";
import { ballotOf } from "./ballot";
import { ballotMediaKey } from "./ballot-media";
import { castVote } from "./cast";
import { createEvalSetVote, planRunPairs } from "./eval-set-votes";
import { createPickedResultsVote, itemLabel } from "./picked-results";
import { closeVote, listVotes, voteRow } from "./records";
import { voteResults } from "./results";
import { comparisonWithVotes } from "./run-votes";

const CASES = [
  { prompt: "a kestrel hovering", seed: 5 },
  { prompt: "a lantern in fog", seed: 6 },
];

describe("labels of picked results", () => {
  it("name each result by its place and prompt, shortened", () => {
    expect(itemLabel(0, "a kestrel")).toBe("Result 1 · a kestrel");
    expect(itemLabel(1, null)).toBe("Result 2");
    expect(itemLabel(2, "x".repeat(80))).toBe(`Result 3 · ${"x".repeat(59)}…`);
  });
});

describe("pairs between runs of a set", () => {
  it("pairs each two runs on every case both have a result for", () => {
    const pairs = planRunPairs(CASES, [
      ["a1", "a2"],
      ["b1", null],
      ["c1", "c2"],
    ]);
    expect(pairs.map((p) => [p.variantA, p.variantB, p.itemA, p.itemB])).toEqual([
      [0, 1, "a1", "b1"],
      [0, 2, "a1", "c1"],
      [1, 2, "b1", "c1"],
      [0, 2, "a2", "c2"],
    ]);
    expect(pairs.map((p) => p.position)).toEqual([0, 1, 2, 3]);
    expect(pairs[3]?.context).toBe("Case 2 · a lantern in fog · seed 6");
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "blind votes between set runs"), () => {
    let opened: TestDatabase;
    let author: string;
    let voterX: string;
    let voterY: string;
    let setId: string;
    let otherSetRun: string;
    /** Run ids: the first two finished, the third without results. */
    const runs: string[] = [];
    /** Stored media -> index of the run that made it. */
    const runOfKey = new Map<string, number>();

    async function finish(experimentId: string, run: number) {
      for (const cell of await cellRows(opened.db, experimentId)) {
        const taskUUID = randomUUID();
        await recordTasks(opened.db, author, [
          { ...cell.params, taskType: "imageInference", taskUUID } as SentTask,
        ]);
        const mediaUUID = randomUUID();
        const storageKey = `items/2026/11/${mediaUUID}.png`;
        await recordItem(opened.db, {
          taskUUID,
          mediaUUID,
          kind: "image",
          mime: "image/png",
          width: 512,
          height: 512,
          seed: Number(cell.params.seed),
          storageKey,
          bytes: 100,
        });
        runOfKey.set(storageKey, run);
        await opened.db
          .update(experimentCell)
          .set({ status: "done", taskUUID })
          .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, cell.key)));
      }
    }

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
      voterX = await createTestUser(opened);
      voterY = await createTestUser(opened);
      const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
      const made = await createEvalSet(opened.db, { name: "Birds and lights", cases: CASES }, author);
      setId = made.id;
      for (const [i, settings] of [
        { model: "runware:100@1", width: 512, height: 512 },
        { model: "runware:101@1", width: 512, height: 512, steps: 30 },
        { model: "runware:102@1", width: 512, height: 512 },
      ].entries()) {
        const run = await startEvalRun(deps, setId, settings, author);
        runs.push(run.run.id);
        if (i < 2) await finish(run.experimentId, i);
      }
      const other = await createEvalSet(opened.db, { name: "Other", cases: CASES }, author);
      const otherRun = await startEvalRun(
        deps,
        other.id,
        { model: "runware:100@1", width: 512, height: 512 },
        author,
      );
      otherSetRun = otherRun.run.id;
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("refuses fewer than two runs, runs of another set, runs without results, a missing set", async () => {
      const [first, second, empty] = runs as [string, string, string];
      await expect(
        createEvalSetVote(opened.db, setId, { runs: [first, first] }, author),
      ).rejects.toMatchObject({
        status: 400,
        errors: [{ code: "invalidVote", parameter: "runs" }],
      });
      await expect(
        createEvalSetVote(opened.db, setId, { runs: [first, otherSetRun] }, author),
      ).rejects.toMatchObject({ status: 422 });
      await expect(
        createEvalSetVote(opened.db, setId, { runs: [first, second, empty] }, author),
      ).rejects.toMatchObject({
        status: 409,
        errors: [{ message: expect.stringContaining("runware:102@1") }],
      });
      await expect(
        createEvalSetVote(opened.db, randomUUID(), { runs: [first, second] }, author),
      ).rejects.toMatchObject({ status: 404, errors: [{ code: "evalSetNotFound" }] });
    });

    it("pairs the runs case by case, hides which is which, and credits each run its votes once closed", async () => {
      const [first, second] = runs as [string, string];
      const round = await createEvalSetVote(opened.db, setId, { runs: [second, first] }, author);
      expect(round).toMatchObject({ evalSetId: setId, experimentId: null, runIds: [second, first] });
      expect(round.name).toBe("Which run works best?");
      expect(round.labels).toEqual([
        "Run 2 · runware:101@1 · 30 steps · 512×512",
        "Run 1 · runware:100@1 · 512×512",
      ]);

      const x = await ballotOf(opened.db, round, voterX);
      expect(x).toMatchObject({ evalSetId: setId, experimentId: null });
      expect(x.pairs).toHaveLength(2);
      const text = JSON.stringify(x);
      expect(text).not.toContain("runware");
      for (const c of CASES) expect(text).not.toContain(c.prompt);

      // X prefers run 1 (index 0 of `runs`) on both cases; Y on one, and can't tell on the other.
      for (const [voter, ballot] of [
        [voterX, x],
        [voterY, await ballotOf(opened.db, round, voterY)],
      ] as const) {
        for (const [i, pair] of ballot.pairs.entries()) {
          const leftKey = await ballotMediaKey(
            opened.db,
            round,
            pair.left.url.split("/").at(-1) ?? "",
            "reviewer",
          );
          const leftRun = runOfKey.get(leftKey ?? "");
          const pick = voter === voterY && i === 1 ? "tie" : leftRun === 0 ? "left" : "right";
          expect(await castVote(opened.db, round, voter, { pairId: pair.id, pick })).toEqual({
            pairId: pair.id,
            pick,
          });
        }
      }
      const [listed] = await listVotes(opened.db, { evalSetId: setId }, voterX);
      expect(listed).toMatchObject({ id: round.id, evalSetId: setId, axisName: "Run", votes: 4, voters: 2 });
      expect(await listVotes(opened.db, { experimentId: randomUUID() }, voterX)).toEqual([]);

      // Open: no run is credited yet.
      const before = await comparisonWithVotes(opened.db, setId, [first, second]);
      expect(before.runs.map((r) => r.votes)).toEqual([null, null]);

      await closeVote(opened.db, round.id, author);
      const results = await voteResults(opened.db, (await voteRow(opened.db, round.id)) ?? round);
      expect(results.axisName).toBe("Run");
      expect(results.ranking?.variants.map((v) => v.runId)).toEqual([first, second]);

      const after = await comparisonWithVotes(opened.db, setId, [first, second]);
      const [won, lost] = after.runs.map((r) => r.votes);
      expect(won).toMatchObject({ rounds: 1, wins: 3, losses: 0, ties: 1 });
      expect(lost).toMatchObject({ rounds: 1, wins: 0, losses: 3, ties: 1 });
      expect(won?.latest?.roundId).toBe(round.id);
      expect(won?.latest?.winChance ?? 0).toBeGreaterThan(lost?.latest?.winChance ?? 1);
    });

    it("opens a round between picked results: one pair per two, anchored to neither experiment nor set", async () => {
      const side = await compareRuns(opened.db, setId, [runs[0] as string, runs[1] as string]);
      const picked = side.runs.flatMap((r) => r.results.flatMap((c) => (c?.item ? [c.item.id] : [])));
      expect(picked).toHaveLength(4);
      const created = await createPickedResultsVote(opened.db, { items: picked.slice(0, 3) }, author);
      expect(created).toMatchObject({ experimentId: null, evalSetId: null, runIds: null });
      expect(created.labels[0]).toBe(`Result 1 · ${CASES[0]?.prompt}`);
      const ballot = await ballotOf(opened.db, created, voterX);
      expect(ballot.pairs).toHaveLength(3);
      const [listed] = await listVotes(opened.db, { voteId: created.id }, voterX);
      expect(listed).toMatchObject({ axisName: "Result", variantCount: 3, pairs: 3 });
      await expect(
        createPickedResultsVote(opened.db, { items: [picked[0] as string, picked[0] as string] }, author),
      ).rejects.toMatchObject({ status: 400, errors: [{ parameter: "items" }] });
      await expect(
        createPickedResultsVote(opened.db, { items: [picked[0] as string, randomUUID()] }, author),
      ).rejects.toMatchObject({ status: 404, errors: [{ code: "itemNotFound", parameter: "items" }] });
    });
  });
}
