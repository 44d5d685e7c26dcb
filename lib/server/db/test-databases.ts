import "server-only";
import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { type OpenedDatabase, openPgliteDatabase, openPostgresDatabase } from "./database";
import { user } from "./schema";

/**
 * The backends every storage test runs against: PGlite always, PostgreSQL when
 * `TEST_DATABASE_URL` names a server (`.ci/run` starts one). Each PostgreSQL run gets a database
 * of its own, created here and dropped afterwards, so the named database is never touched.
 */
export interface TestBackend {
  name: "PGlite" | "PostgreSQL";
  /** Why this backend is skipped, or undefined when it runs. */
  skip: string | undefined;
  open(): Promise<TestDatabase>;
}

export interface TestDatabase extends OpenedDatabase {
  /** Closes the database and removes what the test created. */
  dispose(): Promise<void>;
}

const testUrl = process.env.TEST_DATABASE_URL || undefined;

export const testBackends: TestBackend[] = [
  {
    name: "PGlite",
    skip: undefined,
    async open() {
      const opened = await openPgliteDatabase(undefined);
      return { ...opened, dispose: opened.close };
    },
  },
  {
    name: "PostgreSQL",
    skip:
      testUrl === undefined
        ? "set TEST_DATABASE_URL=postgres://user@host:port/db to run on PostgreSQL"
        : undefined,
    async open() {
      const temp = await createTempPostgresDatabase();
      const opened = await openPostgresDatabase(temp.url);
      return {
        ...opened,
        async dispose() {
          await opened.close();
          await temp.drop();
        },
      };
    },
  },
];

/**
 * Two studio instances' connections to one database: on PGlite (one process) both are the same
 * database; on PostgreSQL each has a pool of its own, as two processes would.
 */
export interface InstancePair {
  a: OpenedDatabase;
  b: OpenedDatabase;
  dispose(): Promise<void>;
}

export async function openInstancePair(backend: TestBackend): Promise<InstancePair> {
  if (backend.name === "PGlite") {
    const a = await openPgliteDatabase(undefined);
    return { a, b: a, dispose: a.close };
  }
  const temp = await createTempPostgresDatabase();
  const a = await openPostgresDatabase(temp.url);
  const b = await openPostgresDatabase(temp.url, { migrate: false });
  return {
    a,
    b,
    async dispose() {
      await b.close();
      await a.close();
      await temp.drop();
    },
  };
}

/** An empty database on the `TEST_DATABASE_URL` server, and a way to drop it. */
export async function createTempPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testUrl === undefined) throw new Error("TEST_DATABASE_URL is not set");
  const server = testUrl;
  const name = `studio_test_${randomBytes(6).toString("hex")}`;
  await admin(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(server, `drop database if exists ${name} with (force)`),
  };
}

/** A describe title naming the backend, and why it is skipped when it is. */
export function backendTitle(backend: TestBackend, subject: string): string {
  return backend.skip === undefined
    ? `${subject} on ${backend.name}`
    : `${subject} on ${backend.name} (skipped: ${backend.skip})`;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Inserts a team member for the foreign keys of tasks and uploads. */
export async function createTestUser(opened: OpenedDatabase, id = `user-${randomBytes(4).toString("hex")}`) {
  await opened.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

/** Rows of a raw query; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(opened: OpenedDatabase, query: SQL): Promise<T[]> {
  const result = (await opened.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Two studio processes' views of one database: on PostgreSQL two pools (and LISTEN connections)
 * on one temporary database; on PGlite, which one process holds, the same database twice.
 */
export async function openTwice(
  backend: TestBackend,
): Promise<{ a: OpenedDatabase; b: OpenedDatabase; dispose(): Promise<void> }> {
  if (backend.name === "PGlite") {
    const opened = await backend.open();
    return { a: opened, b: opened, dispose: opened.dispose };
  }
  const temp = await createTempPostgresDatabase();
  const a = await openPostgresDatabase(temp.url);
  const b = await openPostgresDatabase(temp.url);
  return {
    a,
    b,
    async dispose() {
      await a.close();
      await b.close();
      await temp.drop();
    },
  };
}
