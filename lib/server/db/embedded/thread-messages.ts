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
  | { type: "dumped"; error?: string }
  | { type: "memory"; memory: DatabaseMemory }
  | { type: "collected"; heap: HeapUse };

/** What the database's WASM memory holds, in bytes. */
export interface DatabaseMemory {
  /** Its size: what it has grown to. WASM memory never shrinks. */
  size: number;
  /** The part of it in RAM (pages Postgres has written to), or null where that cannot be read. */
  resident: number | null;
}

/** The thread's own JavaScript heap, in bytes, before and after a full collection. */
export interface HeapUse {
  before: number;
  after: number;
}

/**
 * `dump` writes the whole database to `file` as a gzipped tar, for `loadDataDir`; `collect` runs a
 * full collection of the thread's JavaScript heap.
 */
export type ToDatabaseThread =
  | { type: "close" }
  | { type: "dump"; file: string }
  | { type: "memory" }
  | { type: "collect" };
