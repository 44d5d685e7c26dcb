import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "@/lib/platform/logger";
import type { StudioEnv } from "../env";
import * as schema from "./schema";

/**
 * The studio's database: PGlite (Postgres compiled to WASM) in `${DATA_DIR}/db` by default, or a
 * PostgreSQL server when `DATABASE_URL` is set. Both run the same schema and the same SQL
 * migrations, applied when the database is opened.
 */

export type StudioSchema = typeof schema;
/** What the records API takes: either backend, typed by the schema. */
export type StudioDatabase = PgDatabase<PgQueryResultHKT, StudioSchema>;
export type DatabaseKind = "pglite" | "postgres";

export interface OpenedDatabase {
  db: StudioDatabase;
  kind: DatabaseKind;
  /** Ends the connection (PostgreSQL) or flushes and closes the embedded database. */
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
}

export interface OpenDatabaseOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Default: `lib/server/db/migrations` under the working directory (the repository root). */
  migrationsFolder?: string;
  /** Called for each query sent (the studio counts them: `studio_db_queries_total`). */
  onQuery?: () => void;
}

/** Drizzle's logger, used only to count the queries. */
function queryCounter(options: OpenDatabaseOptions) {
  const onQuery = options.onQuery;
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
 * The embedded database's memory: Postgres's default 128 MB of shared buffers are all touched in
 * WASM memory (an opened PGlite held 284 MB resident, 162 MB with 16 MB of buffers, measured with
 * `bench:memory`'s method). The studio's working set is small and the data files stay in the
 * operating system's page cache, so 16 MB loses no speed a person could notice.
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=16MB"];

/** PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const migrationsFolder = checkMigrationsFolder(options.migrationsFolder);
  let client: PGlite;
  try {
    if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir === undefined ? "memory://" : dataDir, {
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
  } catch (err) {
    throw new Error(
      `Could not open the embedded database in ${dataDir ?? "memory"}: ${message(err)}. ` +
        "Only one studio process can use a DATA_DIR at a time; set DATABASE_URL to share a PostgreSQL server.",
    );
  }
  const db = drizzlePglite(client, { schema, ...queryCounter(options) });
  const close = async () => {
    if (!client.closed) await client.close();
  };
  if (options.migrate ?? true) {
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (err) {
      await close().catch(() => {});
      throw new Error(`Could not apply the database migrations: ${message(err)}`);
    }
  }
  const listen: OpenedDatabase["listen"] = async (channel, onMessage) => {
    // One process holds the embedded database: its NOTIFYs reach its own listeners, and nothing
    // can be missed (no connection to lose).
    const unlisten = await client.listen(channel, onMessage);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  return { db, kind: "pglite", close, listen };
}

/** A node-postgres pool on `url` (`postgres://` or `postgresql://`). */
export async function openPostgresDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const migrationsFolder = checkMigrationsFolder(options.migrationsFolder);
  const where = describePostgresUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server emits on the pool; without a listener that would end the
  // process. The next query reconnects, so a log line is enough.
  pool.on("error", (err) => {
    logger().error({ database: where }, `PostgreSQL idle connection failed: ${err.message}`);
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  const db = drizzleNodePg(pool, { schema, ...queryCounter(options) });
  try {
    await pool.query("select 1");
  } catch (err) {
    await close().catch(() => {});
    throw new Error(`Could not connect to PostgreSQL at ${where}: ${message(err)}`);
  }
  if (options.migrate ?? true) {
    try {
      await withMigrationLock(pool, () => migrateNodePg(db, { migrationsFolder }));
    } catch (err) {
      await close().catch(() => {});
      throw new Error(`Could not apply the database migrations on ${where}: ${message(err)}`);
    }
  }
  const listen: OpenedDatabase["listen"] = (channel, onMessage, onResumed) =>
    listenOnPostgres(url, where, channel, onMessage, onResumed);
  return { db, kind: "postgres", close, listen };
}

/** Reconnect delays of a lost LISTEN connection: 250 ms doubling, at most 10 s. */
const LISTEN_BACKOFF_MS = { first: 250, max: 10_000 };
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A dedicated connection LISTENing on `channel` (a pooled one would be handed to other queries).
 * Resolves once listening; a connection lost later is made again with backoff until stopped.
 */
async function listenOnPostgres(
  url: string,
  where: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResumed?: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_BACKOFF_MS.first;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      current = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      if (stopped) return;
      logger().warn(
        { database: where, channel },
        `PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ""}; reconnecting`,
      );
      schedule();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      // The caller retries (or fails the start): this client's own events must not schedule too.
      lost = true;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = LISTEN_BACKOFF_MS.first;
  }

  function schedule(): void {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (!stopped) onResumed?.();
        },
        () => {
          if (stopped) return;
          delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
          schedule();
        },
      );
    }, delay);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
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
