import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLeases, takeLeases } from "./lease-records";
import { RecordError } from "./record-errors";
import { experiment, experimentCell } from "./schema";
import { finishTask, getTask, markTask, recordTasks } from "./task-records";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "./test-databases";

/**
 * A task ends once: of the writes that would end it (two roads of one studio, or two studios on
 * one database), one takes, and the record keeps that one's words.
 */

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "finishing a task"), () => {
    let pair: InstancePair;
    let author = "";

    beforeAll(async () => {
      pair = await openInstancePair(backend);
      author = await createTestUser(pair.a);
    }, 60_000);
    afterAll(async () => {
      await pair?.dispose();
    });

    async function newTasks(count: number): Promise<string[]> {
      const tasks = Array.from({ length: count }, () => ({
        taskType: "videoInference",
        taskUUID: randomUUID(),
        positivePrompt: "a harbour at dawn",
      }));
      await recordTasks(pair.a.db, author, tasks);
      return tasks.map((t) => t.taskUUID);
    }

    it("ends a task in flight once; a later finish changes nothing and says so", async () => {
      const [t] = await newTasks(1);
      if (!t) throw new Error("no task");
      await markTask(pair.a.db, t, { status: "processing", progress: 40 });
      const refusal = { code: "contentPolicyViolation", message: "Rejected by the content policy." };
      const ended = await finishTask(pair.a.db, t, { status: "error", error: refusal });
      expect(ended).toMatchObject({ status: "error", error: refusal, progress: 40 });
      expect(ended?.completedAt).toBeInstanceOf(Date);
      const late = { code: "serviceUnavailable", message: "Unreachable." };
      expect(await finishTask(pair.b.db, t, { status: "error", error: late })).toBeNull();
      expect(await finishTask(pair.a.db, t, { status: "success" })).toBeNull();
      expect(await getTask(pair.a.db, t)).toMatchObject({ status: "error", error: refusal });
      expect(await finishTask(pair.a.db, randomUUID(), { status: "success" })).toBeNull();
      await expect(finishTask(pair.a.db, t, { status: "processing" })).rejects.toThrow(RecordError);
    });

    it("lets go of the ending studio's lease in the same write, and of no other studio's", async () => {
      const [mine, ended, theirs] = await newTasks(3);
      if (!mine || !ended || !theirs) throw new Error("no task");
      await takeLeases(pair.a.db, "A", [mine, ended], 30_000);
      await takeLeases(pair.b.db, "B", [theirs], 30_000);
      const held = async () => (await listLeases(pair.a.db)).map((l) => `${l.holder}:${l.taskUUID}`).sort();
      expect(await finishTask(pair.a.db, mine, { status: "success" }, "A")).toMatchObject({
        status: "success",
      });
      // Ended by the other road first: the write ends nothing, and the lease goes all the same.
      await finishTask(pair.b.db, ended, { status: "success" });
      expect(await finishTask(pair.a.db, ended, { status: "success" }, "A")).toBeNull();
      // Not this studio's lease: it stays.
      await finishTask(pair.a.db, theirs, { status: "success" }, "A");
      expect(await held()).toEqual([`B:${theirs}`]);
    });

    it("says whether an experiment's cell waits on the task it ended, in the same write", async () => {
      const [plain, inCell] = await newTasks(2);
      if (!plain || !inCell) throw new Error("no task");
      const [exp] = await pair.a.db
        .insert(experiment)
        .values({ name: "Grid", createdBy: author, taskType: "videoInference", base: {}, axes: [] })
        .returning({ id: experiment.id });
      await pair.a.db.insert(experimentCell).values({
        experimentId: exp?.id as string,
        coords: [0],
        key: "0",
        params: {},
        status: "sent",
        taskUUID: inCell,
      });
      expect(await finishTask(pair.a.db, plain, { status: "success" })).toMatchObject({
        status: "success",
        inExperiment: false,
      });
      expect(await finishTask(pair.a.db, inCell, { status: "success" })).toMatchObject({
        status: "success",
        inExperiment: true,
      });
    });

    it("two studios ending the same tasks at once: each task is ended by one, in its words", async () => {
      const tasks = await newTasks(20);
      const outcomes = await Promise.all(
        tasks.map(async (t) => {
          const [a, b] = await Promise.all([
            finishTask(pair.a.db, t, {
              status: "error",
              error: { code: "byA", message: "Studio A heard it." },
            }),
            finishTask(pair.b.db, t, {
              status: "error",
              error: { code: "byB", message: "Studio B heard it." },
            }),
          ]);
          return { t, a, b };
        }),
      );
      for (const { t, a, b } of outcomes) {
        const winners = [a, b].filter((row) => row !== null);
        expect(winners).toHaveLength(1);
        expect((await getTask(pair.a.db, t))?.error).toEqual(winners[0]?.error);
      }
    });
  });
}
