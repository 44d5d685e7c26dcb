import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { type OpenedDatabase, openPgliteDatabase } from "./database";
import type { DatabaseThread } from "./embedded/database-thread";
import { user } from "./schema";
import { openEmptyTestPglite, openTestPglite, queryRows } from "./test-databases";

// Each thread the database module starts; a test can make the next start fail.
const threads = vi.hoisted(() => ({ started: [] as DatabaseThread[], failNext: false }));
vi.mock("./embedded/database-thread", async (original) => {
  const actual = await original<typeof import("./embedded/database-thread")>();
  return {
    ...actual,
    startDatabaseThread: async (...args: Parameters<typeof actual.startDatabaseThread>) => {
      if (threads.failNext) {
        threads.failNext = false;
        throw new Error("no memory for a new thread");
      }
      const thread = await actual.startDatabaseThread(...args);
      threads.started.push(thread);
      return thread;
    },
  };
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const insertMember = (opened: OpenedDatabase, id: string) =>
  opened.db.insert(user).values({ id, name: id, email: `${id}@example.com` });

const members = async (opened: OpenedDatabase, prefix: string) =>
  (
    await opened.db
      .select({ id: user.id })
      .from(user)
      .where(like(user.id, `${prefix}%`))
  )
    .map((r) => r.id)
    .sort();

/** An embedded database whose recycler looks at it every 10 ms and counts it idle at once, never replacing it. */
async function openWatchedIdle(): Promise<{ opened: OpenedDatabase; thread: DatabaseThread }> {
  const opened = await openEmptyTestPglite({
    recycle: { idleMs: 1, checkMs: 10, quietQueries: 10, residentBytes: Number.MAX_SAFE_INTEGER },
  });
  const thread = threads.started.at(-1);
  if (!thread) {
    await opened.close();
    throw new Error("no thread started");
  }
  return { opened, thread };
}

function recycleOf(opened: OpenedDatabase): () => Promise<void> {
  if (!opened.recycle) throw new Error("the embedded database can be given a fresh thread");
  return opened.recycle;
}

describe("the embedded database given a fresh thread", () => {
  it("answers every query sent before, during and after the replacement, and keeps every row", async () => {
    const opened = await openTestPglite({ recycle: null });
    try {
      const before = threads.started.length;
      const prefix = `moved-${randomUUID()}-`;
      const write = (i: number) =>
        opened.db.transaction(async (tx) => {
          await tx.insert(user).values({ id: `${prefix}${i}`, name: `n${i}`, email: `${prefix}${i}@x.test` });
          // A pause inside the transaction: a replacement must not cut it in two.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return i;
        });
      const read = (i: number) => queryRows<{ n: number }>(opened, sql`select ${i}::int as n`);
      const early = Array.from({ length: 30 }, (_, i) => (i % 2 ? write(i) : read(i)));
      const replaced = recycleOf(opened)();
      // Sent while the old thread closes and the new one opens: these wait, none fails.
      const during = Array.from({ length: 30 }, (_, i) => (i % 2 ? write(30 + i) : read(30 + i)));
      const settled = await Promise.allSettled([...early, ...during, replaced]);
      expect(settled.filter((s) => s.status === "rejected")).toEqual([]);
      const answers = settled.slice(0, 60).map((s) => {
        const value = s.status === "fulfilled" ? s.value : null;
        return Array.isArray(value) ? value[0]?.n : value;
      });
      expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => i));
      expect(threads.started.length).toBe(before + 1);
      // Every row written on either thread is on the new one.
      const odd = Array.from({ length: 30 }, (_, i) => `${prefix}${2 * i + 1}`).sort();
      expect(await members(opened, prefix)).toEqual(odd);
      await insertMember(opened, `${prefix}after`);
      expect(await members(opened, prefix)).toContain(`${prefix}after`);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("on disk, keeps what was written on the old thread and the new one across a restart", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-recycle-")), "db");
    dirs.push(path.dirname(dir));
    const prefix = `disk-${randomUUID()}-`;
    const opened = await openPgliteDatabase(dir, { recycle: null });
    try {
      await insertMember(opened, `${prefix}a`);
      await recycleOf(opened)();
      await insertMember(opened, `${prefix}b`);
      expect(await members(opened, prefix)).toEqual([`${prefix}a`, `${prefix}b`]);
    } finally {
      await opened.close();
    }
    const reopened = await openPgliteDatabase(dir, { recycle: null });
    try {
      expect(await members(reopened, prefix)).toEqual([`${prefix}a`, `${prefix}b`]);
    } finally {
      await reopened.close();
    }
  }, 300_000);

  it("still delivers NOTIFY to a LISTEN made before the replacement", async () => {
    const opened = await openEmptyTestPglite({ recycle: null });
    try {
      const heard: string[] = [];
      await opened.listen("studio_recycle", (payload) => heard.push(payload));
      await opened.db.execute(sql`select pg_notify('studio_recycle', 'before')`);
      await recycleOf(opened)();
      await opened.db.execute(sql`select pg_notify('studio_recycle', 'after')`);
      expect(heard).toEqual(["before", "after"]);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("answers the queries held by a replacement when the database is closed meanwhile", async () => {
    const opened = await openEmptyTestPglite({ recycle: null });
    const replaced = recycleOf(opened)();
    const held = Array.from({ length: 5 }, (_, i) =>
      queryRows<{ n: number }>(opened, sql`select ${i}::int as n`),
    );
    const closed = opened.close();
    const answers = await Promise.all(held);
    await Promise.all([replaced, closed]);
    expect(answers.map((rows) => rows[0]?.n)).toEqual([0, 1, 2, 3, 4]);
    const refused = await opened.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(errorAnswerOf(refused)?.status).toBe(503);
  }, 300_000);

  it("when the new thread cannot start, says so once and answers the held queries 503", async () => {
    const lost = vi.fn();
    const opened = await openEmptyTestPglite({ recycle: null, onLost: lost });
    try {
      threads.failNext = true;
      const replaced = recycleOf(opened)().catch((e: unknown) => e);
      const held = opened.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(String(await replaced)).toMatch(/no memory for a new thread/);
      expect(errorAnswerOf(await held)?.status).toBe(503);
      expect(lost).toHaveBeenCalledTimes(1);
    } finally {
      threads.failNext = false;
      await opened.close();
    }
  }, 300_000);

  it("leaves an idle thread whose memory is under the limit, and reads that memory", async () => {
    const { opened, thread } = await openWatchedIdle();
    try {
      const measure = vi.spyOn(thread, "memory");
      await vi.waitFor(() => expect(measure.mock.calls.length).toBeGreaterThanOrEqual(3), {
        timeout: 60_000,
      });
      expect(threads.started.at(-1)).toBe(thread);
      const memory = await thread.memory();
      // Read from the thread's WASM memory mapping: what Postgres has written to, within its size.
      expect(memory.resident).toBeGreaterThan(0);
      expect(memory.resident).toBeLessThanOrEqual(memory.size);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("collects the thread's heap once each quiet spell, freeing what the queries left there", async () => {
    const { opened, thread } = await openWatchedIdle();
    try {
      const collect = vi.spyOn(thread, "collectGarbage");
      const measure = vi.spyOn(thread, "memory");
      // Quiet: collected once, then only measured.
      await vi.waitFor(() => expect(measure.mock.calls.length).toBeGreaterThanOrEqual(3), {
        timeout: 60_000,
      });
      expect(collect).toHaveBeenCalledTimes(1);
      // Work, then quiet again: once more. The queries run in one transaction, so the connection is
      // busy from the first to the last whatever the machine's pace: run one by one, a slow machine
      // left checks between two queries that saw a quiet spell, and collected in the middle of the work.
      await opened.db.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) await tx.execute(sql`select repeat('x', 10000) as padding`);
      });
      await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(2), { timeout: 60_000 });
      const calls = measure.mock.calls.length;
      await vi.waitFor(() => expect(measure.mock.calls.length).toBeGreaterThanOrEqual(calls + 3), {
        timeout: 60_000,
      });
      expect(collect).toHaveBeenCalledTimes(2);

      // What a thousand queries leave in the thread's heap is freed by the collection.
      for (let i = 0; i < 1000; i++)
        await opened.db.execute(sql`select ${i}::int as n, repeat('y', 2000) as text`);
      const heap = await thread.collectGarbage();
      expect(heap.after).toBeLessThan(heap.before);
      expect(threads.started.at(-1)).toBe(thread);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("replaces an idle thread by itself once its memory is over the limit", async () => {
    const opened = await openEmptyTestPglite({
      recycle: { idleMs: 1, checkMs: 10, quietQueries: 10, residentBytes: 1 },
    });
    try {
      const first = threads.started.at(-1);
      await vi.waitFor(() => expect(threads.started.at(-1)).not.toBe(first), { timeout: 240_000 });
      expect(await queryRows<{ n: number }>(opened, sql`select 7::int as n`)).toEqual([{ n: 7 }]);
    } finally {
      await opened.close();
    }
  }, 300_000);
});
