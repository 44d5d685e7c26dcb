import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimLeases,
  dropEndedLeases,
  listLeases,
  releaseLeases,
  releaseOtherLeases,
  renewLeases,
  takeLeases,
} from "./lease-records";
import { markTask, recordTasks } from "./task-records";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "./test-databases";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LONG = 60_000;

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "task leases"), () => {
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
        taskType: "imageInference",
        taskUUID: randomUUID(),
        positivePrompt: "a kite over the dunes",
        model: "runware:100@1",
      }));
      await recordTasks(pair.a.db, author, tasks);
      return tasks.map((t) => t.taskUUID);
    }

    async function holderOf(taskUUID: string): Promise<string | undefined> {
      return (await listLeases(pair.a.db)).find((l) => l.taskUUID === taskUUID)?.holder;
    }

    it("a task leased at send is its sender's: another instance cannot take or claim it", async () => {
      const [t] = await newTasks(1);
      if (!t) throw new Error("no task");
      expect(await takeLeases(pair.a.db, "A", [t], LONG)).toEqual([t]);
      expect(await takeLeases(pair.b.db, "B", [t], LONG)).toEqual([]);
      expect(await claimLeases(pair.b.db, "B", LONG)).not.toContain(t);
      expect(await holderOf(t)).toBe("A");
      // Taking again is renewing for its own holder.
      expect(await takeLeases(pair.a.db, "A", [t], LONG)).toEqual([t]);
    });

    it("claims tasks in flight that nobody holds, once, and not those that ended", async () => {
      const [free, ended] = await newTasks(2);
      if (!free || !ended) throw new Error("no task");
      await markTask(pair.a.db, ended, { status: "success" });
      const [byA, byB] = await Promise.all([
        claimLeases(pair.a.db, "A", LONG),
        claimLeases(pair.b.db, "B", LONG),
      ]);
      // Exactly one of the two instances got it.
      expect([...byA, ...byB].filter((t) => t === free)).toHaveLength(1);
      expect([...byA, ...byB]).not.toContain(ended);
      expect(await holderOf(free)).toBe(byA.includes(free) ? "A" : "B");
    });

    it("renews the holder's leases only, and the renewed lease is not claimed", async () => {
      const [t] = await newTasks(1);
      if (!t) throw new Error("no task");
      await takeLeases(pair.a.db, "A", [t], 50);
      const renewed = await renewLeases(pair.a.db, "A", LONG);
      expect(renewed.has(t)).toBe(true);
      expect((await renewLeases(pair.b.db, "B", LONG)).has(t)).toBe(false);
      await sleep(80);
      expect(await claimLeases(pair.b.db, "B", LONG)).not.toContain(t);
      expect(await holderOf(t)).toBe("A");
    });

    it("an expired lease is taken over by another instance; its old holder learns it lost it", async () => {
      const [t] = await newTasks(1);
      if (!t) throw new Error("no task");
      await takeLeases(pair.a.db, "A", [t], 20);
      await sleep(60);
      expect(await claimLeases(pair.b.db, "B", LONG)).toContain(t);
      expect(await holderOf(t)).toBe("B");
      // A wakes up: its renewal no longer answers the task, and it cannot take it back.
      expect((await renewLeases(pair.a.db, "A", LONG)).has(t)).toBe(false);
      expect(await takeLeases(pair.a.db, "A", [t], LONG)).toEqual([]);
    });

    it("releases one task, or all of a holder's, leaving the others' alone", async () => {
      const [one, two, other] = await newTasks(3);
      if (!one || !two || !other) throw new Error("no task");
      await takeLeases(pair.a.db, "A2", [one, two], LONG);
      await takeLeases(pair.b.db, "B2", [other], LONG);
      expect(await releaseLeases(pair.b.db, "B2", [one])).toBe(0);
      expect(await releaseLeases(pair.a.db, "A2", [one])).toBe(1);
      expect(await holderOf(one)).toBeUndefined();
      expect(await releaseLeases(pair.a.db, "A2")).toBe(1);
      expect(await holderOf(two)).toBeUndefined();
      expect(await holderOf(other)).toBe("B2");
      // Released tasks are claimed at once, without waiting for an expiry.
      const claimed = await claimLeases(pair.b.db, "B2", LONG);
      expect(claimed).toEqual(expect.arrayContaining([one, two]));
      expect(await releaseOtherLeases(pair.a.db, "B2")).toBeGreaterThan(0);
      expect((await listLeases(pair.a.db)).every((l) => l.holder === "B2")).toBe(true);
    });

    it("drops the leases of tasks that ended, whoever held them", async () => {
      const [t] = await newTasks(1);
      if (!t) throw new Error("no task");
      await takeLeases(pair.a.db, "A3", [t], LONG);
      await markTask(pair.b.db, t, { status: "error", error: { code: "x", message: "failed" } });
      expect(await dropEndedLeases(pair.b.db)).toBeGreaterThanOrEqual(1);
      expect(await holderOf(t)).toBeUndefined();
    });
  });
}
