/**
 * What the embedded database's thread (`pglite-worker.mjs`, which names these types in its JSDoc)
 * and the server's main thread say to each other.
 */

export interface DatabaseThreadData {
  /** The data folder, or undefined for a database in memory (tests). */
  dataDir: string | undefined;
  /** Where the thread serves the PostgreSQL wire protocol (a Unix socket). */
  socketPath: string;
  /** Postgres settings (`-c name=value` pairs) on top of PGlite's own. */
  settings: string[];
  /** Connections the socket server takes at once. */
  maxConnections: number;
  /** A database dumped earlier (`dump`, a gzipped tar) to start from instead of an empty one. */
  loadDataDir?: string;
}

export type FromDatabaseThread =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "closed" }
  | { type: "dumped"; error?: string };

/** `dump` writes the whole database to `file` as a gzipped tar, for `loadDataDir`. */
export type ToDatabaseThread = { type: "close" } | { type: "dump"; file: string };
