import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalSet, item, vote, votePair } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createEvalSetVote } from "@/lib/server/votes/eval-set-votes";
import { closeVote } from "@/lib/server/votes/records";
import { decisiveVotes } from "@/lib/studio/eval-sets/regression";
import { baselineOf, setBaseline } from "./baseline";
import { createEvalSet, updateEvalSet } from "./records";
import { regression } from "./regression";
import { startEvalRun } from "./runs";
import { finishRun } from "./test-runs";

const CASES = [
  { prompt: "a heron at dusk", seed: 11 },
  { prompt: "a copper kettle", seed: 12 },
  { prompt: "a paper boat", seed: 13 },
];

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a run against its baseline"), () => {
    let opened: TestDatabase;
    let author: string;
    let setId: string;
    let baselineRun: string;
    let newerRun: string;
    let otherSetRun: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
      const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
      setId = (await createEvalSet(opened.db, { name: "Still lifes", cases: CASES }, author)).id;
      const first = await startEvalRun(
        deps,
        setId,
        { model: "runware:100@1", width: 512, height: 512 },
        author,
      );
      await finishRun(opened.db, author, first.experimentId);
      // The newer run never made the paper boat.
      const second = await startEvalRun(
        deps,
        setId,
        { model: "runware:101@1", width: 512, height: 512, steps: 30 },
        author,
      );
      await finishRun(opened.db, author, second.experimentId, (p) => p === "a paper boat");
      baselineRun = first.run.id;
      newerRun = second.run.id;
      const other = await createEvalSet(opened.db, { name: "Other", cases: CASES }, author);
      otherSetRun = (
        await startEvalRun(deps, other.id, { model: "runware:100@1", width: 512, height: 512 }, author)
      ).run.id;
      // A case added after both runs: neither has a result for it.
      await updateEvalSet(opened.db, setId, { cases: [...CASES, { prompt: "a glass bell", seed: 14 }] });
    }, 120_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("takes the oldest finished run as baseline until one is picked, and refuses a run of another set", async () => {
      const set = async () => (await opened.db.select().from(evalSet).where(eq(evalSet.id, setId)))[0];
      expect(
        await baselineOf(opened.db, (await set()) as NonNullable<Awaited<ReturnType<typeof set>>>),
      ).toEqual({
        runId: baselineRun,
        chosen: false,
      });
      await expect(setBaseline(opened.db, setId, otherSetRun)).rejects.toMatchObject({
        status: 404,
        errors: [{ code: "notFound", parameter: "run" }],
      });
      await expect(setBaseline(opened.db, setId, randomUUID())).rejects.toMatchObject({
        errors: [{ parameter: "run" }],
      });
      await expect(setBaseline(opened.db, randomUUID(), baselineRun)).rejects.toMatchObject({
        status: 404,
        errors: [{ code: "evalSetNotFound" }],
      });
      expect((await set())?.baselineRunId).toBeNull();
      await expect(
        regression(opened.db, setId, { run: newerRun, baseline: otherSetRun }),
      ).rejects.toMatchObject({
        status: 404,
        errors: [{ parameter: "baseline" }],
      });
      await expect(regression(opened.db, setId, { run: otherSetRun })).rejects.toMatchObject({
        status: 404,
        errors: [{ parameter: "run" }],
      });
      await expect(regression(opened.db, setId, { run: baselineRun })).rejects.toMatchObject({
        status: 400,
        errors: [{ parameter: "baseline" }],
      });
    });

    it("keeps every case, a missing result shown as none, and judges a case by its votes once closed", async () => {
      const before = await regression(opened.db, setId, { run: newerRun });
      expect(before.baseline.id).toBe(baselineRun);
      expect(before.setBaselineRunId).toBe(baselineRun);
      expect(before.previousRunId).toBe(baselineRun);
      expect(before.rows.map((r) => r.prompt)).toEqual([...CASES.map((c) => c.prompt), "a glass bell"]);
      expect(before.rows.map((r) => Boolean(r.baseline?.item))).toEqual([true, true, true, false]);
      expect(before.rows.map((r) => Boolean(r.run?.item))).toEqual([true, true, false, false]);
      expect(before.rows.map((r) => r.verdict)).toEqual(Array(4).fill("notEnough"));

      // Rated: the heron went from 2 stars to 4.5.
      const heron = before.rows[0];
      const [baseItem, runItem] = [heron?.baseline?.item?.id ?? "", heron?.run?.item?.id ?? ""];
      await opened.db.update(item).set({ ratingAvg: 2, ratingCount: 1 }).where(eq(item.id, baseItem));
      await opened.db.update(item).set({ ratingAvg: 4.5, ratingCount: 2 }).where(eq(item.id, runItem));

      // A blind vote: enough voters prefer the newer heron; one prefers the older kettle.
      const round = await createEvalSetVote(opened.db, setId, { runs: [baselineRun, newerRun] }, author);
      const pairs = await opened.db.select().from(votePair).where(eq(votePair.roundId, round.id));
      const heronPair = pairs.find((p) => [p.itemA, p.itemB].includes(runItem));
      const kettlePair = pairs.find((p) => p !== heronPair);
      if (!heronPair || !kettlePair) throw new Error("pairs missing");
      const voters = await Promise.all(
        Array.from({ length: decisiveVotes() + 1 }, () => createTestUser(opened)),
      );
      await opened.db.insert(vote).values(
        voters.map((userId) => ({
          pairId: heronPair.id,
          userId,
          roundId: round.id,
          pick: heronPair.itemA === runItem ? ("a" as const) : ("b" as const),
        })),
      );
      const kettleBase = before.rows[1]?.baseline?.item?.id;
      await opened.db.insert(vote).values({
        pairId: kettlePair.id,
        userId: author,
        roundId: round.id,
        pick: kettlePair.itemA === kettleBase ? "a" : "b",
      });
      // Open: the picks stay hidden.
      const open = await regression(opened.db, setId, { run: newerRun });
      expect(open.rows.map((r) => r.preference)).toEqual([null, null, null, null]);
      expect(open.rows[0]?.ratingChange).toBe(2.5);

      await closeVote(opened.db, round.id, author);
      const after = await regression(opened.db, setId, { run: newerRun });
      expect(after.rows.map((r) => r.verdict)).toEqual(["better", "notEnough", "notEnough", "notEnough"]);
      expect(after.rows[0]?.preference).toMatchObject({ votes: voters.length, runWins: voters.length });
      expect(after.rows[1]?.preference).toMatchObject({ votes: 1, baselineWins: 1 });
      // Seen from the other side, the same votes say worse.
      await setBaseline(opened.db, setId, newerRun);
      const flipped = await regression(opened.db, setId, { run: baselineRun });
      expect(flipped.baseline.id).toBe(newerRun);
      expect(flipped.previousRunId).toBeNull();
      expect(flipped.rows[0]?.verdict).toBe("worse");
      expect(flipped.rows[0]?.ratingChange).toBe(-2.5);
      const stored = await opened.db
        .select()
        .from(evalSet)
        .where(inArray(evalSet.id, [setId]));
      expect(stored[0]?.baselineRunId).toBe(newerRun);
    });
  });
}
