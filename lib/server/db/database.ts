import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { logger } from "@/lib/platform/logger";
import type { StudioEnv } from "@/lib/server/config/env";
import { studioErrors } from "@/lib/studio/api/errors";
import { type DatabaseThread, SOCKET_PORT, startDatabaseThread } from "./embedded/database-thread";
import { drained, EMBEDDED_POOL_SIZE, GatedPool, poolListener } from "./embedded/embedded-pool";
import { emptyDatabaseDump, hasDatabase, makeDatabase } from "./embedded/new-database";
import { DEFAULT_RECYCLE_POLICY, type RecyclePolicy, ThreadRecycler } from "./embedded/thread-recycler";
import { listenOnPostgres } from "./listen/postgres-listen";
import * as schema from "./schema";

/**
 * The studio's database: PGlite (Postgres compiled to WASM) in `${DATA_DIR}/db` by default, or a
 * PostgreSQL server when `DATABASE_URL` is set. The embedded one runs on a thread of its own and
 * serves the PostgreSQL wire protocol there (`embedded/`), so both are reached the same way: a
 * node-postgres pool, the same schema, the same SQL migrations (applied when the database is
 * opened), LISTEN/NOTIFY through `pg` clients.
 */

export type StudioSchema = typeof schema;
/** What the records API takes: either backend, typed by the schema. */
export type StudioDatabase = PgDatabase<PgQueryResultHKT, StudioSchema>;
export type DatabaseKind = "pglite" | "postgres";

export interface OpenedDatabase {
  db: StudioDatabase;
  kind: DatabaseKind;
  /**
   * Lets the queries running or waiting finish and refuses new ones, ends the pool, and with the
   * embedded database stops its server and flushes and closes it.
   */
  close(): Promise<void>;
  /**
   * LISTENs on `channel`: `onMessage` gets each NOTIFY payload (from any process on the database,
   * this one included). On PostgreSQL the listening connection is its own and comes back after a
   * failure; `onResumed` is then called, since what was sent meanwhile is lost to LISTEN.
   * Answers how to stop listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * The embedded database only: moves it to a fresh thread now, as it does by itself when idle
   * with a large memory. Queries sent meanwhile wait for the new thread.
   */
  recycle?: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Default: `lib/server/db/migrations` under the working directory (the repository root). */
  migrationsFolder?: string;
  /** Called for each query sent (the studio counts them: `studio_db_queries_total`). */
  onQuery?: () => void;
  /**
   * The embedded database in memory only: start from this dump (a gzipped tar written by
   * `dumpOnClose`) instead of making an empty database, which costs seconds of initdb.
   */
  loadDataDir?: string;
  /**
   * The embedded database in a data folder only: the dump a new database starts from. Default: the
   * one `npm run build` made for the PGlite installed (`.build/embedded-empty-<version>.tar.gz`), if
   * any; null runs initdb.
   */
  emptyDump?: string | null;
  /** The embedded database only: when it closes, write it whole to this file first. */
  dumpOnClose?: string;
  /**
   * Called once if the embedded database's thread ends without being asked to (it has logged why
   * already); its queries are answered 503 from then on. Never called for PostgreSQL, whose lost
   * connections come back by themselves.
   */
  onLost?: (err: Error) => void;
  /**
   * The embedded database only: when its thread, idle, is replaced by a fresh one to give its
   * memory back (`embedded/thread-recycler.ts`); null never. Default: `DEFAULT_RECYCLE_POLICY`.
   */
  recycle?: RecyclePolicy | null;
  /**
   * The embedded database in memory only, for tests: a started thread to serve from (its database
   * as this opening expects it) instead of starting one, and where the thread goes at close
   * instead of ending, once this opening's connections have ended.
   */
  reuse?: ThreadReuse;
}

export interface ThreadReuse {
  thread: DatabaseThread | undefined;
  release(thread: DatabaseThread): Promise<void>;
}

/** Drizzle's logger, used only to count the queries. */
function queryCounter(onQuery: (() => void) | undefined) {
  return onQuery ? { logger: { logQuery: () => onQuery() } } : {};
}

// Any fixed 64-bit number; it only has to be the same in every studio process sharing a server.
const MIGRATION_LOCK_ID = 7_310_425_118;

export function defaultMigrationsFolder(): string {
  return path.resolve(process.cwd(), "lib/server/db/migrations");
}

/** Opens the database the environment names: PostgreSQL with `DATABASE_URL`, else PGlite in DATA_DIR. */
export async function openDatabase(
  env: Pick<StudioEnv, "dataDir" | "DATABASE_URL">,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (env.DATABASE_URL !== undefined) return openPostgresDatabase(env.DATABASE_URL, options);
  return openPgliteDatabase(path.join(env.dataDir, "db"), options);
}

/**
 * The embedded database's memory: Postgres's shared buffers are all touched in WASM memory, which
 * is never given back (an opened PGlite held 284 MB resident with the default 128 MB, 162 MB with
 * 16 MB, measured with `bench:memory`'s method). With 4 MB its WASM memory holds 18 MB resident
 * once the studio has started, against 30 MB with 16 MB. The studio's working set is small and the
 * data files stay in the operating system's page cache: keeping 300 results (`bench:keep`) cost
 * the database's thread 10.0 to 11.3 ms of CPU a result with 4 MB, 9.0 to 10.4 ms with 16 MB, on
 * a machine busy with other work.
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=4MB"];

/** How long a close lets the queries running or waiting finish before ending the pool. */
const CLOSE_DRAIN_MS = 10_000;

/** PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests), on its own thread. */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const migrationsFolder = checkMigrationsFolder(options.migrationsFolder);
  const where = dataDir ?? "memory";
  // One connection more than the pool holds: a connection being replaced is still counted.
  const threadOptions = {
    settings: EMBEDDED_SETTINGS,
    maxConnections: EMBEDDED_POOL_SIZE + 1,
    ...(dataDir === undefined && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  let thread: DatabaseThread;
  try {
    // A new database is made by a thread of its own, ended (its memory with it) before the
    // studio's thread starts: from the empty database the build dumped, else by initdb, which
    // grows the WASM memory to about 700 MB, never given back (embedded/new-database.ts).
    if (dataDir !== undefined && !hasDatabase(dataDir)) {
      const dump = options.emptyDump === undefined ? emptyDatabaseDump() : options.emptyDump;
      await makeDatabase(dataDir, threadOptions, dump ?? undefined);
    }
    const kept = dataDir === undefined ? options.reuse?.thread : undefined;
    kept?.resume();
    thread = kept ?? (await startDatabaseThread(dataDir, threadOptions));
  } catch (err) {
    throw new Error(
      `Could not open the embedded database in ${where}: ${message(err)}. ` +
        "Only one studio process can use a DATA_DIR at a time; set DATABASE_URL to share a PostgreSQL server.",
    );
  }
  const pool = new GatedPool({
    host: thread.socketDir,
    port: SOCKET_PORT,
    user: "postgres",
    database: "postgres",
    // Settings from the environment (PGSSLMODE, PGHOST...) are for a server, not this socket.
    ssl: false,
    max: EMBEDDED_POOL_SIZE,
    // The one connection stays: nothing is gained by closing it when idle.
    idleTimeoutMillis: 0,
  });
  pool.on("error", (err) => {
    logger().error({ database: where }, `Embedded database connection failed: ${err.message}`);
  });
  const listener = poolListener(pool);
  const lost = (err: Error) => {
    pool.refuse(
      studioErrors.unavailable(
        "The studio's database stopped; the studio is restarting. Try again in a moment.",
      ),
    );
    options.onLost?.(err);
  };
  const threads = new ThreadRecycler({
    pool,
    first: thread,
    where,
    policy: options.recycle === undefined ? DEFAULT_RECYCLE_POLICY : options.recycle,
    onThread: (current) => current.onLost(lost),
    prepare: () => listener.relisten((text) => pool.queryWhileHeld(text)),
    onFailed: lost,
    // A database in memory lives in its thread alone: it goes to the next one as a dump.
    replace: async (previous) => {
      if (dataDir !== undefined) {
        await previous.close();
        return startDatabaseThread(dataDir, threadOptions);
      }
      const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-studio-db-move-"));
      try {
        const dump = path.join(dumpDir, "db.tar.gz");
        await previous.dump(dump);
        await previous.close();
        return await startDatabaseThread(undefined, { ...threadOptions, loadDataDir: dump });
      } finally {
        fs.rmSync(dumpDir, { recursive: true, force: true });
      }
    },
  });
  return onPool(pool, {
    kind: "pglite",
    where,
    migrationsFolder,
    migrate: options.migrate ?? true,
    // The embedded database is one process's (the folder lock): nobody to wait for, and the lock's
    // own connection would leave none for the migrations.
    lockMigrations: false,
    listen: listener.listen,
    // Queries held back by a thread replacement are waiting ones: they run before the close.
    settle: () => threads.close(),
    async shutdown() {
      const reuse = dataDir === undefined ? options.reuse : undefined;
      if (reuse) return reuse.release(threads.current);
      try {
        if (options.dumpOnClose !== undefined) await threads.current.dump(options.dumpOnClose);
      } finally {
        await threads.current.close();
      }
    },
    onQuery: options.onQuery,
    recycle: () => threads.recycle(),
  });
}

/** A node-postgres pool on `url` (`postgres://` or `postgresql://`). */
export async function openPostgresDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const migrationsFolder = checkMigrationsFolder(options.migrationsFolder);
  const where = describePostgresUrl(url);
  const pool = new GatedPool({ connectionString: url, max: 10 });
  // An idle client that loses its server emits on the pool; without a listener that would end the
  // process. The next query reconnects, so a log line is enough.
  pool.on("error", (err) => {
    logger().error({ database: where }, `PostgreSQL idle connection failed: ${err.message}`);
  });
  return onPool(pool, {
    kind: "postgres",
    where,
    migrationsFolder,
    migrate: options.migrate ?? true,
    lockMigrations: true,
    listen: (channel, onMessage, onResumed) => listenOnPostgres(url, where, channel, onMessage, onResumed),
    async shutdown() {},
    onQuery: options.onQuery,
  });
}

interface PoolSetup {
  kind: DatabaseKind;
  where: string;
  migrationsFolder: string;
  migrate: boolean;
  lockMigrations: boolean;
  listen: OpenedDatabase["listen"];
  /** What has to end before the pool refuses new queries (a thread replacement under way). */
  settle?: () => Promise<void>;
  recycle?: () => Promise<void>;
  /** What ends after the pool (the embedded database's thread). */
  shutdown(): Promise<void>;
  onQuery: (() => void) | undefined;
}

/** The same for both databases: connect, migrate, and close in order. */
async function onPool(pool: GatedPool, setup: PoolSetup): Promise<OpenedDatabase> {
  const { where } = setup;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await setup.settle?.().catch(() => {});
      pool.refuse(studioErrors.unavailable("The studio's database is closing: the studio is stopping."));
      if (!(await drained(pool, CLOSE_DRAIN_MS))) {
        logger().warn({ database: where }, "Database queries still running at close; ending them");
      }
      try {
        await pool.end();
      } finally {
        await setup.shutdown();
      }
    })();
    return closing;
  };
  const db = drizzle(pool, { schema, ...queryCounter(setup.onQuery) });
  try {
    await pool.query("select 1");
  } catch (err) {
    await close().catch(() => {});
    const what =
      setup.kind === "postgres"
        ? `connect to PostgreSQL at ${where}`
        : `open the embedded database in ${where}`;
    throw new Error(`Could not ${what}: ${message(err)}`);
  }
  if (setup.migrate) {
    try {
      const run = () => migrate(db, { migrationsFolder: setup.migrationsFolder });
      await (setup.lockMigrations ? withMigrationLock(pool, run) : run());
    } catch (err) {
      await close().catch(() => {});
      const on = setup.kind === "postgres" ? ` on ${where}` : "";
      throw new Error(`Could not apply the database migrations${on}: ${message(err)}`);
    }
  }
  return {
    db,
    kind: setup.kind,
    close,
    listen: setup.listen,
    ...(setup.recycle ? { recycle: setup.recycle } : {}),
  };
}

/**
 * Several studio processes may start at once against one server; a session-level advisory lock
 * makes the others wait until the first has applied the migrations, then find nothing to do.
 */
async function withMigrationLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await run();
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    lockClient.release();
  }
}

/** `host:port/database`, never the user or password: this goes into logs and error messages. */
export function describePostgresUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("DATABASE_URL is not a valid URL; expected postgres://user:password@host:port/database");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new Error(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//); unset it to use the embedded database`,
    );
  }
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
}

function checkMigrationsFolder(folder: string | undefined): string {
  const resolved = folder ?? defaultMigrationsFolder();
  if (!fs.existsSync(path.join(resolved, "meta", "_journal.json"))) {
    throw new Error(
      `No database migrations in ${resolved} (meta/_journal.json is missing). ` +
        "Start the studio from the repository root, or pass migrationsFolder.",
    );
  }
  return resolved;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
