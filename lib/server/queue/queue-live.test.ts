import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { image, member, testStudio } from "./queue-test-kit";
import { pauseQueue, resumeQueue } from "./steering";

/**
 * Open drawers hear of a task that arrives to wait (a `queue` event), so they need not read the
 * queue every few seconds: told when a task stays waiting, and not for tasks that go at once.
 */
for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a task that arrives to wait"), () => {
    let pair: InstancePair;
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(() => pair?.dispose());

    it("is told when its lane is full or paused, and not when every task goes at once", async () => {
      const eve = await member(pair.a, "eve");
      const a = testStudio(pair.a, { active: 2 });
      const told: string[] = [];
      a.deps.waitingAdded = (author) => told.push(author.name);
      expect((await a.submit(eve, [image("at once")])).status).toBe(202);
      await a.settle();
      expect(told).toEqual([]);
      // One slot is left: of two, one goes and one waits.
      expect((await a.submit(eve, [image("goes"), image("waits")])).status).toBe(202);
      await a.settle();
      expect(told).toEqual(["eve"]);
      for (const w of [...a.sent]) await a.finish(eve, w.taskUUID as string);
      await a.settle();
      // A paused member's task waits though a slot is free.
      await pauseQueue(pair.b.db, eve, "mine");
      expect((await a.submit(eve, [image("paused")])).status).toBe(202);
      await a.settle();
      expect(told).toEqual(["eve", "eve"]);
      await resumeQueue(pair.b.db, eve, "mine");
    });
  });
}
