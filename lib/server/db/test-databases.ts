import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import {
  defaultMigrationsFolder,
  type OpenDatabaseOptions,
  type OpenedDatabase,
  openPgliteDatabase,
  openPostgresDatabase,
  type ThreadReuse,
} from "./database";
import { type DatabaseThread, SOCKET_PORT } from "./embedded/database-thread";
import { pgliteVersion } from "./embedded/new-database";
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
      const opened = await openTestPglite();
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
      const temp = await createMigratedPostgresDatabase();
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
    const a = await openTestPglite();
    return { a, b: a, dispose: a.close };
  }
  const temp = await createMigratedPostgresDatabase();
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

const templates = new Map<string, Promise<string>>();

/** A digest of the migrations, so a template made from other migrations is never reused. */
function migrationsDigest(): string {
  const folder = defaultMigrationsFolder();
  const hash = createHash("sha256");
  const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort();
  for (const name of files) {
    const full = path.join(folder, name);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(name).update(fs.readFileSync(full));
  }
  return hash.digest("hex");
}

/**
 * An embedded database in memory, dumped once for each PGlite version (and set of migrations, when
 * `migrated`) and shared by every test process through the temporary folder: making one costs
 * seconds of one core (initdb, about 5 s, and the migrations), loading the dump under two.
 */
function pgliteTemplate(migrated: boolean): Promise<string> {
  const kind = migrated ? "migrated" : "empty";
  let made = templates.get(kind);
  if (made) return made;
  made = (async () => {
    const hash = createHash("sha256");
    hash.update(pgliteVersion());
    hash.update(migrated ? migrationsDigest() : "empty");
    const file = path.join(os.tmpdir(), `media-studio-test-db-${hash.digest("hex").slice(0, 20)}.tar.gz`);
    if (fs.existsSync(file)) return file;
    // Processes starting at once may each make one; the rename makes whichever lands whole.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    const opened = await openPgliteDatabase(undefined, { migrate: migrated, dumpOnClose: partial });
    await opened.close();
    fs.renameSync(partial, file);
    return file;
  })();
  made.catch(() => templates.delete(kind));
  templates.set(kind, made);
  return made;
}

/** Started threads of migrated databases, emptied, waiting for the next test of this process. */
const parked: DatabaseThread[] = [];
/** A test file opens one or two databases at a time; more kept would only hold memory. */
const PARKED_MAX = 2;
/** What a migrated database holds besides rows (its tables, sequences, indexes...), as first seen. */
let migratedShape: string | undefined;

/**
 * Empties a migrated database a test has finished with, so the next test starts from what a new
 * one holds: every table truncated, every sequence restarted. False, and left as it is, when the
 * test changed more than rows (a table or index made or dropped), or the thread cannot be reached.
 */
async function emptied(thread: DatabaseThread): Promise<boolean> {
  const client = new pg.Client({
    host: thread.socketDir,
    port: SOCKET_PORT,
    user: "postgres",
    database: "postgres",
    ssl: false,
  });
  try {
    await client.connect();
    const shape = await client.query<{ shape: string }>(
      `select md5(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' order by n.nspname, c.relname)) as shape
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    );
    const seen = shape.rows[0]?.shape ?? "";
    migratedShape ??= seen;
    if (seen !== migratedShape) return false;
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
    );
    const names = tables.rows.map((r) => r.name);
    // The append-only tables refuse a TRUNCATE by trigger; emptying a test's database is not the
    // studio removing history, so triggers are off for this one transaction.
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    if (names.length > 0) await client.query(`truncate ${names.join(", ")} restart identity cascade`);
    await client.query("commit");
    // The embedded database is one session whatever the connections: what a test set, listened
    // to or prepared in it goes too.
    await client.query("discard all");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Where a test's embedded database goes when it closes: emptied and kept for the next test of this
 * process, which then skips starting a thread (seconds of one core each, and the tests open
 * hundreds); ended when it cannot be emptied or enough are kept already.
 */
const reuse = (): ThreadReuse => {
  const thread = parked.pop();
  if (!thread) started += 1;
  return { thread, release };
};

/** Threads started for `openTestPglite` by this process: those a kept one could not serve. */
let started = 0;
export const pgliteThreadsStarted = () => started;

async function release(thread: DatabaseThread): Promise<void> {
  if (parked.length >= PARKED_MAX || !(await emptied(thread))) {
    await thread.close();
    return;
  }
  thread.park();
  parked.push(thread);
}

/**
 * An embedded database in memory with every migration applied: a kept one emptied by the test
 * before, else one started from the shared dump. Options that change how it is opened (a dump at
 * close, a recycling policy, other migrations) always get a new one.
 */
export async function openTestPglite(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const plain =
    options.dumpOnClose === undefined &&
    options.recycle === undefined &&
    options.migrationsFolder === undefined &&
    options.migrate !== false;
  return openPgliteDatabase(undefined, {
    ...options,
    loadDataDir: await pgliteTemplate(true),
    ...(plain ? { reuse: reuse() } : {}),
  });
}

/** The shared dump of an empty embedded database (no migration applied), as `npm run build` dumps one. */
export function emptyPgliteDump(): Promise<string> {
  return pgliteTemplate(false);
}

/**
 * A new embedded database in memory, started from a shared dump of one just made rather than
 * making it again. No migration is applied unless asked (`migrate: true`, with a
 * `migrationsFolder` of the caller's: the migrations as they stood at some point).
 */
export async function openEmptyTestPglite(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  return openPgliteDatabase(undefined, {
    migrate: false,
    ...options,
    loadDataDir: await pgliteTemplate(false),
  });
}

// Any fixed 64-bit number: test processes on one server take it to make the template one at a time.
const TEMPLATE_LOCK_ID = 7_310_425_119;
let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated, empty database on the `TEST_DATABASE_URL` server, made once for each set of
 * migrations and kept there, that test databases are copied from (`create database ... template`):
 * a copy takes a fraction of running the migrations. It refuses connections, as a template must
 * have none while it is copied.
 */
function migratedPostgresTemplate(server: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `studio_template_${migrationsDigest().slice(0, 20)}`;
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
      const exists = async () =>
        ((await client.query("select 1 from pg_database where datname = $1", [name])).rowCount ?? 0) > 0;
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await client.query(`create database ${building}`);
      try {
        const url = new URL(server);
        url.pathname = `/${building}`;
        await (await openPostgresDatabase(url.toString())).close();
        // Test processes with another database on the same server hold another lock: the first
        // rename wins and the others keep the one it made.
        try {
          // The pool has ended; its server processes may not have yet, and a rename waits for none.
          await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
            building,
          ]);
          await client.query(`alter database ${building} rename to ${name}`);
          await client.query(`alter database ${name} with is_template true allow_connections false`);
        } catch (err) {
          if (!(await exists())) throw err;
        }
      } finally {
        await client.query(`drop database if exists ${building} with (force)`);
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}

/** A migrated database on the `TEST_DATABASE_URL` server, copied from the template, and a way to drop it. */
async function createMigratedPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testUrl === undefined) throw new Error("TEST_DATABASE_URL is not set");
  return createTempPostgresDatabase(await migratedPostgresTemplate(testUrl));
}

/** An empty database on the `TEST_DATABASE_URL` server (or a copy of `template`), and a way to drop it. */
export async function createTempPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (testUrl === undefined) throw new Error("TEST_DATABASE_URL is not set");
  const server = testUrl;
  const name = `studio_test_${randomBytes(6).toString("hex")}`;
  await admin(server, `create database ${name}${template === undefined ? "" : ` template ${template}`}`);
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
  const temp = await createMigratedPostgresDatabase();
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
