import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/server/auth/caller";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { image, member, testStudio } from "./queue-test-kit";
import { moveTask, type Place, pauseQueue, resumeQueue, setPriority } from "./steering";
import { waitingQueue } from "./waiting";

/**
 * The order attacked: moves made at once, through two studios, leave one order holding every
 * waiting task once; and the studios send in the order the queue shows.
 */

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the waiting queue's order"), () => {
    let pair: InstancePair;
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(() => pair?.dispose());

    async function waitingOf(who: SessionUser) {
      return (await waitingQueue(pair.a.db, who, "mine")).tasks.map((t) => t.taskUUID);
    }

    it("keeps every task once in one order under random moves made at once on two studios", async () => {
      const ida = await member(pair.a, "ida");
      const studio = testStudio(pair.a, { active: 1 });
      await pauseQueue(pair.a.db, ida, "mine");
      const tasks = Array.from({ length: 12 }, (_, i) => image(`task ${i}`));
      expect((await studio.submit(ida, tasks)).status).toBe(202);
      const uuids = tasks.map((t) => t.taskUUID);
      const move = fc.record({
        task: fc.integer({ min: 0, max: 11 }),
        place: fc.constantFrom("top", "bottom", "before", "after"),
        beside: fc.integer({ min: 0, max: 11 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(move, { minLength: 2, maxLength: 10 }), async (moves) => {
          await Promise.all(
            moves.map((m, i) => {
              const db = i % 2 === 0 ? pair.a.db : pair.b.db;
              const beside = uuids[m.beside] as string;
              const place: Place =
                m.place === "before"
                  ? { before: beside }
                  : m.place === "after"
                    ? { after: beside }
                    : { to: m.place };
              // A task placed beside itself is refused; any other move lands.
              return moveTask(db, ida, uuids[m.task] as string, place).catch((err: { status?: number }) => {
                if (err.status !== 400) throw err;
              });
            }),
          );
          const order = await waitingOf(ida);
          expect(order).toHaveLength(12);
          expect([...order].sort()).toEqual([...uuids].sort());
          const ranks = await pair.a.db
            .select({ rank: task.rank })
            .from(task)
            .where(and(eq(task.authorId, ida.id), eq(task.status, "queued")));
          expect(new Set(ranks.map((r) => r.rank)).size).toBe(12);
        }),
        { numRuns: 15 },
      );
      await pair.a.db.update(task).set({ status: "error" }).where(eq(task.authorId, ida.id));
      await resumeQueue(pair.a.db, ida, "mine");
    }, 120_000);

    it("sends by priority, then by the place the member gave, once resumed", async () => {
      const max = await member(pair.a, "max");
      const studio = testStudio(pair.a, { active: 1 });
      await pauseQueue(pair.a.db, max, "mine");
      const [t0, t1, t2, t3] = Array.from({ length: 4 }, (_, i) => image(`task ${i}`));
      if (!t0 || !t1 || !t2 || !t3) throw new Error("four tasks");
      expect((await studio.submit(max, [t0, t1, t2, t3])).status).toBe(202);
      await moveTask(pair.b.db, max, t3.taskUUID, { to: "top" });
      await moveTask(pair.b.db, max, t0.taskUUID, { after: t2.taskUUID });
      await setPriority(pair.b.db, max, [t1.taskUUID], "low");
      const shown = await waitingOf(max);
      expect(shown).toEqual([t3.taskUUID, t2.taskUUID, t0.taskUUID, t1.taskUUID]);
      await resumeQueue(pair.b.db, max, "mine");
      await studio.sync.changed();
      for (let i = 0; i < 4; i++) {
        await studio.settle();
        const last = studio.sent.at(-1);
        if (last) await studio.finish(max, last.taskUUID as string);
      }
      await studio.settle();
      expect(studio.sent.map((w) => w.taskUUID)).toEqual(shown);
    });
  });
}
