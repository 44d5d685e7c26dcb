import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { EventLog, isFor } from "@/lib/server/stream/event-log";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
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

/**
 * A task that waited and leaves the queue is told to every open drawer, the owner's team view
 * among them, on the same road as one that arrives; the author's task events stay the author's.
 */
for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a task that leaves the queue"), () => {
    let pair: InstancePair;
    const logs: EventLog[] = [];
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(async () => {
      for (const log of logs.splice(0)) await log.close();
      await pair?.dispose();
    });

    it("reaches the owner's socket when it is sent, and the member's task events never reach an editor's", async () => {
      const owner = await member(pair.a, "olive", "owner");
      const editor = await member(pair.a, "ed");
      const eve = await member(pair.a, "eve");
      const log = new EventLog();
      logs.push(log);
      await log.start();
      // Each socket gets what the relay gives it: the events whose audience names its member.
      const heard = new Map<string, StreamEvent[]>([owner, editor, eve].map((m) => [m.id, []]));
      log.subscribe((event, audience) => {
        for (const [id, events] of heard) if (isFor(audience, id)) events.push(event);
      });
      const queueEvents = (id: string) =>
        (heard.get(id) ?? []).filter((e) => e.type === "gallery" && e.change.kind === "queue");
      const taskEvents = (id: string) => (heard.get(id) ?? []).filter((e) => e.type === "task");
      const a = testStudio(pair.a, { active: 1, log });
      const [first, second] = [image("goes"), image("waits")];
      expect((await a.submit(eve, [first, second])).status).toBe(202);
      await a.settle();
      await log.flush();
      // It waits: the owner's team view is told it arrived.
      expect(queueEvents(owner.id)).toHaveLength(1);
      await a.finish(eve, first.taskUUID);
      await a.settle();
      await log.flush();
      expect(a.sent.map((t) => t.taskUUID)).toEqual([first.taskUUID, second.taskUUID]);
      // It left the queue: told again, without the owner's view reading on a timer.
      expect(queueEvents(owner.id)).toEqual([
        expect.objectContaining({ change: { kind: "queue", by: "eve" } }),
        expect.objectContaining({ change: { kind: "queue", by: "eve" } }),
      ]);
      // The author hears their own tasks; nobody else does, an editor no more than the owner.
      expect(taskEvents(eve.id).map((e) => e.type === "task" && e.task.taskUUID)).toEqual([
        first.taskUUID,
        second.taskUUID,
      ]);
      expect(taskEvents(editor.id)).toEqual([]);
      expect(taskEvents(owner.id)).toEqual([]);
    });
  });
}
