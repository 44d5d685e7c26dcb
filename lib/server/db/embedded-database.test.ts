import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, like, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it, vi } from "vitest";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import {
  defaultMigrationsFolder,
  type OpenedDatabase,
  openPgliteDatabase,
  type StudioDatabase,
} from "./database";
import type { DatabaseThread } from "./embedded/database-thread";
import * as schema from "./schema";
import { user } from "./schema";
import { getTask, recordTasks } from "./task-records";
import { openEmptyTestPglite, openTestPglite, queryRows } from "./test-databases";

// Each thread the database module starts, so a test can end one as a crash would.
const threads = vi.hoisted(() => [] as DatabaseThread[]);
vi.mock("./embedded/database-thread", async (original) => {
  const actual = await original<typeof import("./embedded/database-thread")>();
  return {
    ...actual,
    startDatabaseThread: async (...args: Parameters<typeof actual.startDatabaseThread>) => {
      const thread = await actual.startDatabaseThread(...args);
      threads.push(thread);
      return thread;
    },
  };
});

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-embedded-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const memberRows = (db: StudioDatabase, prefix: string) =>
  db
    .select({ id: user.id })
    .from(user)
    .where(like(user.id, `${prefix}%`))
    .orderBy(user.id);

describe("the embedded database on its own thread", () => {
  it("opens a data folder the in-process PGlite wrote, with every row", async () => {
    const dir = path.join(tempDir(), "db");
    fs.mkdirSync(dir);
    // The studio's database as it was kept before: PGlite in this thread, its own driver.
    const before = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    });
    const old = drizzlePglite(before, { schema });
    await migratePglite(old, { migrationsFolder: defaultMigrationsFolder() });
    const author = `member-${randomUUID()}`;
    await old.insert(user).values({ id: author, name: "Kept", email: `${author}@example.com` });
    const taskUUIDs = [randomUUID(), randomUUID(), randomUUID()];
    await recordTasks(
      old as unknown as StudioDatabase,
      author,
      taskUUIDs.map((taskUUID, i) => ({ taskType: "imageInference", taskUUID, positivePrompt: `kept ${i}` })),
    );
    const applied = (await before.query("select id from drizzle.__drizzle_migrations")).rows.length;
    await before.close();

    const opened = await openPgliteDatabase(dir);
    try {
      expect(await memberRows(opened.db, author)).toEqual([{ id: author }]);
      const prompts = await Promise.all(
        taskUUIDs.map(async (id) => (await getTask(opened.db, id))?.params.positivePrompt),
      );
      expect(prompts).toEqual(["kept 0", "kept 1", "kept 2"]);
      // Nothing migrated twice, nothing left to migrate.
      expect(await queryRows(opened, sql`select id from drizzle.__drizzle_migrations`)).toHaveLength(applied);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("serves on a socket only its owner can open, replaces a stale one, and removes it at close", async () => {
    const data = tempDir();
    const dir = path.join(data, "db");
    const socketDir = `${dir}.socket`;
    const socket = path.join(socketDir, ".s.PGSQL.5432");
    // What a killed studio leaves: a socket file nobody serves.
    fs.mkdirSync(socketDir, { mode: 0o755 });
    fs.writeFileSync(socket, "");

    const opened = await openPgliteDatabase(dir, { migrate: false });
    try {
      expect(fs.statSync(socketDir).mode & 0o777).toBe(0o700);
      const stat = fs.statSync(socket);
      expect(stat.isSocket()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o600);
      // A second database on the same folder is refused while the first serves it.
      await expect(openPgliteDatabase(dir, { migrate: false })).rejects.toThrow(
        /already served by another process/,
      );
    } finally {
      await opened.close();
    }
    expect(fs.existsSync(socket)).toBe(false);
  }, 120_000);

  it("runs with 4 MB of shared buffers, which stay resident in a WASM memory never given back", async () => {
    const opened = await openTestPglite();
    try {
      const rows = await queryRows<{ shared_buffers: string }>(opened, sql`show shared_buffers`);
      expect(rows).toEqual([{ shared_buffers: "4MB" }]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("runs concurrent transactions one after the other: both commit, neither sees the other's rows", async () => {
    const opened = await openTestPglite();
    try {
      const prefix = `tx-${randomUUID()}-`;
      const inTransaction = (name: string) =>
        opened.db.transaction(async (tx) => {
          await tx
            .insert(user)
            .values({ id: `${prefix}${name}`, name, email: `${prefix}${name}@example.com` });
          // A pause inside the transaction: the other one would run here if they could interleave.
          await new Promise((resolve) => setTimeout(resolve, 50));
          const seen = await tx
            .select({ id: user.id })
            .from(user)
            .where(like(user.id, `${prefix}%`));
          return seen.map((r) => r.id);
        });
      const failing = opened.db.transaction(async (tx) => {
        await tx.insert(user).values({ id: `${prefix}c`, name: "c", email: `${prefix}c@example.com` });
        throw new Error("rolled back");
      });
      const [a, b, c] = await Promise.allSettled([inTransaction("a"), inTransaction("b"), failing]);
      expect(a).toEqual({ status: "fulfilled", value: [`${prefix}a`] });
      // b began after a committed, so it sees a's row and its own, never c's rolled-back one.
      expect(b.status === "fulfilled" && [...b.value].sort()).toEqual([`${prefix}a`, `${prefix}b`]);
      expect(c.status).toBe("rejected");
      expect(await memberRows(opened.db, prefix)).toEqual([{ id: `${prefix}a` }, { id: `${prefix}b` }]);
      // Many queries with parameters at once, each answered with its own values.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => queryRows<{ n: number }>(opened, sql`select ${i}::int as n`)),
      );
      expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("delivers NOTIFY to LISTEN, until unlistened", async () => {
    const opened = await openEmptyTestPglite();
    try {
      const heard: string[] = [];
      const stop = await opened.listen("studio_test", (payload) => heard.push(payload));
      await opened.db.execute(sql`select pg_notify('studio_test', 'first')`);
      await opened.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('studio_test', 'committed')`);
      });
      await stop();
      await opened.db.execute(sql`select pg_notify('studio_test', 'after')`);
      expect(heard).toEqual(["first", "committed"]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it.skipIf(process.platform !== "linux")(
    "names its thread, so its CPU is told apart from Node's own threads",
    async () => {
      const threadNames = () =>
        fs.readdirSync("/proc/self/task").map((tid) => {
          try {
            return fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim();
          } catch {
            return "";
          }
        });
      const opened = await openEmptyTestPglite();
      try {
        await opened.db.execute(sql`select 1`);
        expect(threadNames()).toContain("pglite");
      } finally {
        await opened.close();
      }
    },
    120_000,
  );

  it("lets queries under way finish at close, then refuses new ones in the contract's shape", async () => {
    const opened = await openEmptyTestPglite();
    const running = Array.from({ length: 4 }, (_, i) =>
      queryRows<{ n: number }>(opened, sql`select pg_sleep(0.05), ${i}::int as n`),
    );
    // Once they have reached the pool: one runs, three wait for the connection.
    await new Promise((resolve) => setImmediate(resolve));
    const closed = opened.close();
    const settled = await Promise.allSettled(running);
    await closed;
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value[0]?.n : s.reason))).toEqual([0, 1, 2, 3]);
    const refused = await opened.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(errorAnswerOf(refused)?.status).toBe(503);
  }, 120_000);

  it("when its thread dies, says so once and answers queries 503 instead of hanging", async () => {
    const lost = vi.fn();
    const opened: OpenedDatabase = await openEmptyTestPglite({ onLost: lost });
    try {
      const thread = threads.at(-1);
      if (!thread) throw new Error("no thread started");
      const inFlight = opened.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await thread.kill();
      expect(await inFlight).toBeInstanceOf(Error);
      expect(lost).toHaveBeenCalledTimes(1);
      expect(String(lost.mock.calls[0]?.[0])).toMatch(/embedded database's thread ended unexpectedly/);
      const answer = errorAnswerOf(
        await opened.db
          .select()
          .from(user)
          .where(eq(user.id, "x"))
          .catch((e: unknown) => e),
      );
      expect(answer?.status).toBe(503);
      expect(answer?.error.code).toBe("serviceUnavailable");
    } finally {
      await opened.close();
    }
  }, 120_000);
});
