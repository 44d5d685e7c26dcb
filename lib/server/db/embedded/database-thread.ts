import "server-only";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { logger } from "@/lib/platform/logger";
import type {
  DatabaseMemory,
  DatabaseThreadData,
  FromDatabaseThread,
  HeapUse,
  ToDatabaseThread,
} from "./thread-messages";

/**
 * The embedded database on a thread of its own (`pglite-worker.mjs`), serving the PostgreSQL wire
 * protocol on a Unix socket in a folder only this user can open: `${dataDir}.socket/` beside the
 * data (so `${DATA_DIR}/db.socket/` for the studio's), or a private temporary folder for a
 * database in memory or when that path is too long for a socket. No TCP port is opened, so no
 * other local user can reach the database, and no password has to be made and kept.
 *
 * The thread shares the process: if the process dies, so does the database. If the thread dies
 * alone (an abort inside Postgres, an exhausted WASM memory), `onLost` listeners hear it once.
 */

/** The port in the socket's name: `pg` connects to `${host}/.s.PGSQL.${port}` when host is a folder. */
export const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** A socket path holds at most 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 103;
/** How long a close waits for the thread to stop its server and flush PGlite's files. */
const CLOSE_MS = 15_000;
const WORKER_FILE = "pglite-worker.mjs";

export interface DatabaseThreadOptions {
  /** Postgres settings (`-c name=value` pairs) on top of PGlite's own. */
  settings: string[];
  /** Connections the thread's socket server takes at once. */
  maxConnections: number;
  /** A database dumped earlier (`dump`) to start from; only for a database in memory. */
  loadDataDir?: string;
}

export interface DatabaseThread {
  /** The folder holding the socket: the `host` a `pg` client connects to. */
  socketDir: string;
  /** Calls `listener` once if the thread ends without having been asked to. */
  onLost(listener: (err: Error) => void): void;
  /** Stops the server, closes PGlite (flushing its files) and ends the thread. Safe to call twice. */
  close(): Promise<void>;
  /** Ends the thread at once, as a crash would (tests). */
  kill(): Promise<void>;
  /** Writes the whole database to `file` (a gzipped tar) for `loadDataDir`. */
  dump(file: string): Promise<void>;
  /** How large its WASM memory has grown and how much of it is resident. */
  memory(): Promise<DatabaseMemory>;
  /** Runs a full collection of the thread's JavaScript heap; answers its use before and after. */
  collectGarbage(): Promise<HeapUse>;
  /**
   * Set aside between two openings (tests, which keep a few started threads): forgets who is told
   * of a loss, and no longer keeps the process running. `resume` keeps it running again.
   */
  park(): void;
  resume(): void;
}

/**
 * The thread's module: `pglite-worker.mjs` beside the compiled server (`npm run build` writes both
 * into `.build/`), else beside this file (tsx, vitest), else under the working directory (the
 * repository root, as for the migrations).
 */
function workerModule(): string {
  const here = import.meta.url;
  const beside = here.startsWith("file:") ? path.join(path.dirname(fileURLToPath(here)), WORKER_FILE) : "";
  if (beside && fs.existsSync(beside)) return beside;
  return path.resolve(process.cwd(), "lib/server/db/embedded", WORKER_FILE);
}

/** The folder beside a data folder that holds its thread's socket (when the path is short enough). */
export function socketFolderOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.socket`;
}

function socketFolder(dataDir: string | undefined): { dir: string; temporary: boolean } {
  if (dataDir !== undefined) {
    const dir = socketFolderOf(dataDir);
    if (path.join(dir, SOCKET_NAME).length <= MAX_SOCKET_PATH) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // A folder made earlier (or by hand) with a wider mode is narrowed before the socket exists.
      fs.chmodSync(dir, 0o700);
      return { dir, temporary: false };
    }
  }
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), "media-studio-db-")), temporary: true };
}

/** A socket file nobody serves (its process was killed) is removed; a served one is refused. */
async function clearStaleSocket(file: string): Promise<void> {
  if (!fs.existsSync(file)) return;
  const refused = await new Promise<string | null>((resolve) => {
    const probe = net.connect(file);
    probe.once("connect", () => {
      probe.destroy();
      resolve(null);
    });
    probe.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "error"));
  });
  if (refused !== "ECONNREFUSED" && refused !== "ENOENT") {
    throw new Error(`its socket ${file} is already served by another process`);
  }
  fs.rmSync(file, { force: true });
}

export async function startDatabaseThread(
  dataDir: string | undefined,
  options: DatabaseThreadOptions,
): Promise<DatabaseThread> {
  const folder = socketFolder(dataDir);
  const socketPath = path.join(folder.dir, SOCKET_NAME);
  const removeSocket = () => {
    if (folder.temporary) fs.rmSync(folder.dir, { recursive: true, force: true });
    else fs.rmSync(socketPath, { force: true });
  };
  try {
    await clearStaleSocket(socketPath);
    if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    if (folder.temporary) removeSocket();
    throw err;
  }
  const data: DatabaseThreadData = { dataDir, socketPath, ...options };
  // Next.js bundles this module into the Route Handlers too (they reach the runtime), and its
  // bundler takes a `Worker` imported from `node:worker_threads` for a module to bundle: a path
  // it cannot know makes it try every file of the project. Taken at run time, it is left alone.
  const { Worker } = process.getBuiltinModule("node:worker_threads");
  // No loader flags of the main thread's (tsx): the thread's module is JavaScript.
  const worker = new Worker(workerModule(), {
    workerData: data,
    execArgv: [],
    // The thread's JavaScript is PGlite's glue and the socket server: a small young generation is
    // plenty, where the default lets it grow by tens of megabytes between collections.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });

  let lastError: Error | null = null;
  worker.on("error", (err) => {
    lastError = err;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on("message", function started(message: FromDatabaseThread) {
        if (message.type === "ready") resolve();
        else if (message.type === "failed") reject(new Error(message.message));
        else return;
        worker.off("message", started);
      });
      worker.once("exit", (code) =>
        reject(lastError ?? new Error(`its thread ended (exit code ${code}) before it was ready`)),
      );
    });
  } catch (err) {
    await worker.terminate();
    removeSocket();
    throw err;
  }

  let state: "open" | "closing" | "ended" = "open";
  const lostListeners: ((err: Error) => void)[] = [];
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.once("exit", (code) => {
    const asked = state === "closing";
    state = "ended";
    removeSocket();
    if (asked) return;
    const reason = lastError ? `: ${lastError.message}` : "";
    const err = new Error(`The embedded database's thread ended unexpectedly (exit code ${code})${reason}`);
    logger().fatal({ database: dataDir ?? "memory", err: lastError ?? undefined }, err.message);
    for (const listener of lostListeners.splice(0)) listener(err);
  });

  let closing: Promise<void> | null = null;
  return {
    socketDir: folder.dir,
    onLost(listener) {
      lostListeners.push(listener);
    },
    close() {
      if (closing === null) {
        const ended = state === "ended";
        if (!ended) state = "closing";
        closing = ended ? Promise.resolve() : closeThread(worker, exited, dataDir);
      }
      return closing;
    },
    async kill() {
      await worker.terminate();
      await exited;
    },
    dump: (file) => askDump(worker, file),
    park() {
      lostListeners.length = 0;
      worker.unref();
    },
    resume() {
      worker.ref();
    },
    memory() {
      if (state !== "open") return Promise.reject(new Error("The embedded database's thread has ended"));
      return ask(worker, { type: "memory" }, "memory").then((answer) => answer.memory);
    },
    collectGarbage() {
      if (state !== "open") return Promise.reject(new Error("The embedded database's thread has ended"));
      return ask(worker, { type: "collect" }, "collected").then((answer) => answer.heap);
    },
  };
}

/** Asks the thread to stop its server and flush PGlite's files, then ends it (at once past `CLOSE_MS`). */
async function closeThread(
  worker: Worker,
  exited: Promise<void>,
  dataDir: string | undefined,
): Promise<void> {
  const acknowledged = new Promise<void>((resolve) =>
    worker.on("message", (message: FromDatabaseThread) => {
      if (message.type === "closed") resolve();
    }),
  );
  worker.postMessage({ type: "close" } satisfies ToDatabaseThread);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), CLOSE_MS);
  });
  const outcome = await Promise.race([Promise.race([acknowledged, exited]), late]);
  clearTimeout(timer);
  if (outcome === "late") {
    logger().error(
      { database: dataDir ?? "memory" },
      "The embedded database did not close in time; ending its thread",
    );
  }
  // Closed and flushed (or hopeless): whatever the thread still holds ends with it.
  await worker.terminate();
  await exited;
}

/** Dumps the database into `file`; rejects if the thread fails to, or ends first. */
async function askDump(worker: Worker, file: string): Promise<void> {
  const { error } = await ask(worker, { type: "dump", file }, "dumped");
  if (error !== undefined) throw new Error(`Could not dump the embedded database: ${error}`);
}

/** Sends the thread a question and answers its reply of the type `answer`; rejects if the thread ends. */
function ask<T extends FromDatabaseThread["type"]>(
  worker: Worker,
  question: ToDatabaseThread,
  answer: T,
): Promise<Extract<FromDatabaseThread, { type: T }>> {
  return new Promise((resolve, reject) => {
    const ended = () => {
      worker.off("message", answered);
      reject(new Error("The embedded database's thread has ended"));
    };
    const answered = (message: FromDatabaseThread) => {
      if (message.type !== answer) return;
      worker.off("message", answered);
      worker.off("exit", ended);
      resolve(message as Extract<FromDatabaseThread, { type: T }>);
    };
    worker.on("message", answered);
    worker.once("exit", ended);
    worker.postMessage(question);
  });
}
