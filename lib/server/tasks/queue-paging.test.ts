import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markTask, recordTasks } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { taskQueue } from "./queue";

/**
 * The queue drawer's pages: every task once, newest first, while tasks keep arriving, finishing,
 * and sharing a millisecond. Attacked with a simulation over random cases.
 */

const BASE = Date.parse("2026-03-01T12:00:00.000Z");

/** A seeded generator: a failing case can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip)(backendTitle(backend, "the queue's pages"), () => {
    let database: TestDatabase;
    let author = "";
    let other = "";

    beforeAll(async () => {
      database = await backend.open();
      author = await createTestUser(database, "paging-author");
      other = await createTestUser(database, "paging-other");
    }, 60_000);

    afterAll(async () => {
      await database?.dispose();
    });

    /** Records tasks of `authorId` at the given milliseconds after BASE; answers their UUIDs. */
    async function tasksAt(authorId: string, offsets: readonly number[]): Promise<string[]> {
      const uuids = offsets.map(() => randomUUID());
      await recordTasks(
        database.db,
        authorId,
        uuids.map((taskUUID, i) => ({ taskType: "imageInference", taskUUID, positivePrompt: `task ${i}` })),
      );
      for (const [i, taskUUID] of uuids.entries()) {
        await database.db
          .update(task)
          .set({ createdAt: new Date(BASE + (offsets[i] ?? 0)) })
          .where(eq(task.taskUUID, taskUUID));
      }
      return uuids;
    }

    async function clear() {
      await database.db.delete(task).where(inArray(task.authorId, [author, other]));
    }

    const me = () => ({ id: author, name: "paging-author" });

    /** The author's tasks as the list must give them: newest first, ties by UUID, descending. */
    async function expected(activeOnly = false): Promise<string[]> {
      const rows = await database.db
        .select({ taskUUID: task.taskUUID, createdAt: task.createdAt, status: task.status })
        .from(task)
        .where(eq(task.authorId, author));
      return rows
        .filter((r) => !activeOnly || r.status === "queued" || r.status === "processing")
        .sort(
          (a, b) =>
            b.createdAt.getTime() - a.createdAt.getTime() ||
            (a.taskUUID < b.taskUUID ? 1 : a.taskUUID > b.taskUUID ? -1 : 0),
        )
        .map((r) => r.taskUUID);
    }

    it("pages every task once, newest first, ties in one millisecond by UUID", async () => {
      await clear();
      // Twelve tasks in the same millisecond straddle the pages' edges.
      await tasksAt(author, [...Array.from({ length: 12 }, () => 500), 100, 200, 300, 900, 1000, 1000, 1]);
      await tasksAt(other, [600, 700]);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await taskQueue(database.db, me(), { limit: 5, activeOnly: false, cursor });
        seen.push(...page.items.map((t) => t.taskUUID));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(await expected());
    });

    it("neither repeats nor skips a row when tasks arrive and finish between pages (random cases)", async () => {
      for (let seed = 1; seed <= 12; seed++) {
        const rand = random(seed);
        await clear();
        const start = Array.from({ length: 20 + Math.floor(rand() * 30) }, () => Math.floor(rand() * 40));
        await tasksAt(author, start);
        const before = await expected();
        const seen: string[] = [];
        let cursor: string | undefined;
        let later = 1_000;
        do {
          const limit = 1 + Math.floor(rand() * 7);
          const page = await taskQueue(database.db, me(), { limit, activeOnly: false, cursor });
          seen.push(...page.items.map((t) => t.taskUUID));
          cursor = page.nextCursor ?? undefined;
          // Meanwhile: new tasks (newer than every page), some in the same millisecond as each
          // other, and some listed or unlisted tasks finish.
          const arriving = Math.floor(rand() * 4);
          later += Math.floor(rand() * 2);
          await tasksAt(
            author,
            Array.from({ length: arriving }, () => later),
          );
          const finishing = before[Math.floor(rand() * before.length)];
          if (finishing) await markTask(database.db, finishing, { status: "success" });
        } while (cursor);
        expect({ seed, seen }).toEqual({ seed, seen: before });
      }
    }, 120_000);

    it("pages the tasks in flight alone, and counts them, the author's and the team's", async () => {
      await clear();
      const mine = await tasksAt(author, [10, 20, 30, 40, 50, 60, 70]);
      await tasksAt(other, [15, 25]);
      await markTask(database.db, mine[1] ?? "", { status: "success" });
      await markTask(database.db, mine[4] ?? "", { status: "error", error: { code: "x", message: "y" } });
      await markTask(database.db, mine[5] ?? "", { status: "processing", progress: 10 });
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await taskQueue(database.db, me(), { limit: 2, activeOnly: true, cursor });
        expect(page.inFlight).toEqual({ yours: 5, team: 7 });
        seen.push(...page.items.map((t) => t.taskUUID));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(await expected(true));
      expect(seen).toHaveLength(5);
    });

    it("refuses a cursor it did not give, naming cursor", async () => {
      for (const cursor of ["bm90IGEgY3Vyc29y", Buffer.from("12\u001fnot-a-uuid").toString("base64url")]) {
        const err = await taskQueue(database.db, me(), { limit: 5, activeOnly: false, cursor }).catch(
          (e: unknown) => e,
        );
        expect(err).toMatchObject({ status: 400, errors: [{ code: "invalidCursor", parameter: "cursor" }] });
      }
    });
  });
}
