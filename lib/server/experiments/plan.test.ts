import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordTasks, type SentTask } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { estimateCost } from "@/lib/server/spend/estimate";
import { pastTasks, planExperiment } from "./plan";

const base = {
  taskType: "imageInference",
  positivePrompt: "a red fox in fresh snow, watercolor",
  model: "runware:100@1",
  width: 512,
  height: 512,
  steps: 20,
};

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "experiment plans"), () => {
    let opened: TestDatabase;
    let author: string;
    const deps = () => ({ db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 });

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("names a words-replaced grid by what its cells hold, not by the words they replaced", async () => {
      const out = await planExperiment(deps(), {
        base,
        axes: [{ kind: "promptReplace", find: "watercolor", replacements: ["oil painting", "pixel art"] }],
      });
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      expect(out.plan.name).toBe("a red fox in fresh snow, oil painting — Prompt");
      const long = await planExperiment(deps(), {
        base,
        axes: [{ kind: "prompts", prompts: ["a castle on a hill under a stormy sky, dramatic light"] }],
      });
      if (!long.ok) throw new Error(JSON.stringify(long.errors));
      // Cut between words, never inside one.
      expect(long.plan.name).toBe("a castle on a hill under a stormy sky,… — Prompt");
    });

    it("counts the images the cells make: each its own number of results", async () => {
      const out = await planExperiment(deps(), {
        base: { ...base, numberResults: 3 },
        axes: [
          { kind: "seeds", seeds: [1, 2] },
          { kind: "values", path: "CFGScale", values: [3, 99] },
        ],
      });
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      expect(out.plan.counts).toEqual({ cells: 4, runnable: 2, refused: 2, images: 6 });
    });

    it("prices the runnable cells as every task is priced before it is sent, and knows no price without one", async () => {
      const input = {
        base: { ...base, numberResults: 3 },
        axes: [
          { kind: "seeds" as const, seeds: [1, 2] },
          { kind: "values" as const, path: "CFGScale", values: [3, 99] },
        ],
      };
      const priced = await planExperiment({ ...deps(), embedded: true }, input);
      if (!priced.ok) throw new Error(JSON.stringify(priced.errors));
      const runnable = priced.plan.cells.filter((c) => c.errors.length === 0).map((c) => c.params);
      const expected = await estimateCost(runnable, { embedded: true, db: opened.db });
      expect(priced.plan.cost).toEqual(expected);
      expect(expected.usd).toBeGreaterThan(0);
      expect(priced.plan.estimate.cost).toBe(expected.usd);
      // The real service with no history of this model: no figure, rather than a guess.
      const unpriced = await planExperiment(deps(), input);
      if (!unpriced.ok) throw new Error(JSON.stringify(unpriced.errors));
      expect(unpriced.plan.estimate.cost).toBeNull();
      expect(unpriced.plan.cost.source).toBe("none");
    });

    it("learns each past task's load: four sent together ran under four, one alone under one", async () => {
      const start = Date.now() - 3_600_000;
      const at = (s: number) => new Date(start + s * 1000);
      const spans: [number, number][] = [
        [0, 10],
        [0, 10],
        [0, 10],
        [0, 10],
        [100, 102],
      ];
      const sent = spans.map(() => ({ ...base, taskUUID: randomUUID() }));
      await recordTasks(opened.db, author, sent as unknown as SentTask[]);
      for (const [i, [from, to]] of spans.entries()) {
        await opened.db
          .update(task)
          .set({ status: "success", createdAt: at(from), completedAt: at(to) })
          .where(eq(task.taskUUID, sent[i]?.taskUUID as string));
      }
      const mine = (await pastTasks(opened.db)).filter((r) => r.seconds === 10 || r.seconds === 2);
      expect(mine.map((r) => [r.seconds, Math.round(r.load * 100) / 100])).toEqual([
        [2, 1],
        [10, 4],
        [10, 4],
        [10, 4],
        [10, 4],
      ]);
    });
  });
}
