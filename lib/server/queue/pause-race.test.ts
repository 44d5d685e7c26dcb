import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/server/auth/caller";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { image, member, type TestStudio, testStudio } from "./queue-test-kit";
import { pauseQueue, resumeQueue } from "./steering";
import { waitingQueue } from "./waiting";

/**
 * A pause attacked: two studios on one database keep sending a member's tasks as the service
 * finishes earlier ones, and the member pauses on one of them partway. No task may be taken for
 * sending once the pause has committed, on either studio; resuming sends the rest, each once.
 */

/** The service finishes what each studio sent, round after round, until told to stop. */
async function serve(studios: TestStudio[], who: SessionUser, stop: () => boolean): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    let finished = 0;
    for (const studio of studios) {
      for (const wire of [...studio.sent]) {
        if (done.has(wire.taskUUID as string)) continue;
        done.add(wire.taskUUID as string);
        finished += 1;
        await studio.finish(who, wire.taskUUID as string);
      }
      await studio.settle();
    }
    if (finished === 0 && stop()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a pause racing the senders"), () => {
    let pair: InstancePair;
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(() => pair?.dispose());

    it("sends no task after the pause commits, on either studio, and each waiting one once after resuming", async () => {
      const mia = await member(pair.a, "mia");
      const a = testStudio(pair.a, { active: 2 });
      const b = testStudio(pair.b, { active: 2 });
      const tasks = Array.from({ length: 60 }, (_, i) => image(`task ${i}`));
      expect((await a.submit(mia, tasks.slice(0, 30))).status).toBe(202);
      expect((await b.submit(mia, tasks.slice(30))).status).toBe(202);

      let paused = false;
      let claimedAtPause = -1;
      const serving = serve([a, b], mia, () => paused);
      // Pause partway, while both studios are sending.
      while (a.sent.length + b.sent.length < 12) await new Promise((resolve) => setImmediate(resolve));
      await pauseQueue(pair.b.db, mia, "mine");
      const writtenAtPause = a.sent.length + b.sent.length;
      claimedAtPause = (
        await pair.a.db
          .select({ taskUUID: task.taskUUID })
          .from(task)
          .where(and(eq(task.authorId, mia.id), isNotNull(task.sentAt)))
      ).length;
      paused = true;
      await serving;

      const sentUUIDs = [...a.sent, ...b.sent].map((w) => w.taskUUID as string);
      expect(claimedAtPause).toBeGreaterThanOrEqual(12);
      expect(claimedAtPause).toBeLessThan(60);
      expect(writtenAtPause).toBeLessThanOrEqual(claimedAtPause);
      expect(new Set(sentUUIDs).size).toBe(sentUUIDs.length);
      expect(sentUUIDs.length).toBe(claimedAtPause);
      const queue = await waitingQueue(pair.a.db, mia, "mine");
      expect(queue.paused.mine).toBe(true);
      expect(queue.tasks).toHaveLength(60 - claimedAtPause);
      expect(queue.tasks.every((t) => t.paused)).toBe(true);

      // Resumed: each studio hears of it and sends the rest, in their order, each once.
      await resumeQueue(pair.a.db, mia, "mine");
      await Promise.all([a.sync.changed(), b.sync.changed()]);
      await serve([a, b], mia, () => true);
      const all = [...a.sent, ...b.sent].map((w) => w.taskUUID as string);
      expect(new Set(all).size).toBe(60);
      expect(all).toHaveLength(60);
      const ended = await pair.a.db
        .select({ taskUUID: task.taskUUID })
        .from(task)
        .where(and(inArray(task.taskUUID, all), eq(task.status, "success")));
      expect(ended).toHaveLength(60);
    }, 60_000);

    it("holds a task sent while the team is paused, and sends it when the owner resumes", async () => {
      const owner = await member(pair.a, "olga", "owner");
      const ben = await member(pair.a, "ben");
      const a = testStudio(pair.a, { active: 2 });
      await pauseQueue(pair.a.db, owner, "team");
      try {
        const late = image("sent during the team's pause");
        expect((await a.submit(ben, [late])).status).toBe(202);
        await a.settle();
        expect(a.sent).toHaveLength(0);
        await resumeQueue(pair.b.db, owner, "team");
        await a.sync.changed();
        await a.settle();
        expect(a.sent.map((w) => w.taskUUID as string)).toEqual([late.taskUUID]);
      } finally {
        await resumeQueue(pair.a.db, owner, "team");
      }
    });
  });
}
