/**
 * The embedded database's thread: PGlite (Postgres compiled to WASM) serving the PostgreSQL wire
 * protocol on a Unix socket, so its queries run here rather than on the server's event loop, and
 * the studio reaches it with the same `pg` driver it uses for a PostgreSQL server.
 *
 * Plain JavaScript: a worker thread cannot load TypeScript through the loader the main thread
 * uses under tsx and vitest, and this file is small. Its messages are typed in
 * `thread-messages.ts`; `database-thread.ts` starts it.
 */
import fs from "node:fs";
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @typedef {import("./thread-messages").DatabaseThreadData} DatabaseThreadData */
/** @typedef {import("./thread-messages").FromDatabaseThread} FromDatabaseThread */
/** @typedef {import("./thread-messages").ToDatabaseThread} ToDatabaseThread */
/** @typedef {import("./thread-messages").DatabaseMemory} DatabaseMemory */

if (!parentPort) throw new Error("pglite-worker runs as a worker thread");
// Postgres is 9 MB of WASM. V8 compiles it with its baseline compiler (Liftoff), then compiles
// the hot functions again with its optimising one, which left about 45 MB more resident in this
// thread (an opened database: 130 MB against 180 MB). Batches of inserts and sorts measured no
// slower on the baseline code alone, the optimising compiler's own time being saved. Set before
// PGlite compiles its module; V8's flags are the process's, and no other thread runs WASM.
v8.setFlagsFromString("--liftoff-only");
const port = parentPort;
/** @type {DatabaseThreadData} */
const data = workerData;
/** @param {FromDatabaseThread} message */
const send = (message) => port.postMessage(message);

// Named "pglite", so that `top -H`, `ps -L` and the benches' CPU by thread tell the database's
// share from Node's own threads (all "node" otherwise). Written synchronously: the call runs on
// this thread, and `thread-self` is the thread making it. Linux only; elsewhere nothing changes.
try {
  fs.writeFileSync("/proc/thread-self/comm", "pglite");
} catch {
  // Not Linux, or /proc not mounted: the thread keeps its name.
}

/** A mapping in /proc/self/smaps this large or more, without access, is a WASM memory's reservation. */
const GUARD_BYTES = 1024 ** 3;

/**
 * The WASM memory's size and how much of it is resident. V8 reserves gigabytes for a WASM memory
 * and opens its first `size` bytes read-write: in /proc/self/smaps, a read-write mapping of exactly
 * that size followed at once by an inaccessible one of a gigabyte or more. Elsewhere than Linux,
 * or if no such mapping is found, only the size is known.
 * @param {WebAssembly.Memory} memory
 * @returns {DatabaseMemory}
 */
function measureMemory(memory) {
  const size = memory.buffer.byteLength;
  let smaps;
  try {
    smaps = fs.readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return { size, resident: null };
  }
  /** @type {{ start: number; end: number; perms: string; rss: number }[]} */
  const maps = [];
  for (const line of smaps.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (head?.[1] && head[2] && head[3]) {
      maps.push({
        start: Number.parseInt(head[1], 16),
        end: Number.parseInt(head[2], 16),
        perms: head[3],
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss?.[1] && last) last.rss = Number(rss[1]) * 1024;
  }
  const found = maps.find((m, i) => {
    const next = maps[i + 1];
    return (
      m.perms.startsWith("rw") &&
      m.end - m.start === size &&
      next !== undefined &&
      next.start === m.end &&
      next.perms.startsWith("---") &&
      next.end - next.start >= GUARD_BYTES
    );
  });
  return { size, resident: found ? found.rss : null };
}

async function start() {
  const db = await PGlite.create(data.dataDir ?? "memory://", {
    startParams: [...PGlite.defaultStartParams, ...data.settings],
    ...(data.loadDataDir ? { loadDataDir: new Blob([fs.readFileSync(data.loadDataDir)]) } : {}),
  });
  const server = new PGLiteSocketServer({ db, path: data.socketPath, maxConnections: data.maxConnections });
  try {
    await server.start();
    // The folder holding the socket is the owner's alone already; the socket too, all the same.
    fs.chmodSync(data.socketPath, 0o600);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  port.on("message", (/** @type {ToDatabaseThread} */ message) => {
    if (message.type === "memory") {
      send({ type: "memory", memory: measureMemory(db.Module.wasmMemory) });
      return;
    }
    if (message.type === "dump") {
      void db
        .dumpDataDir("gzip")
        .then(async (dump) => fs.writeFileSync(message.file, Buffer.from(await dump.arrayBuffer())))
        .then(
          () => send({ type: "dumped" }),
          (/** @type {unknown} */ err) =>
            send({ type: "dumped", error: err instanceof Error ? err.message : String(err) }),
        );
      return;
    }
    if (message.type !== "close") return;
    // Connections first (a transaction left open is rolled back), then PGlite flushes its files.
    void server
      .stop()
      .then(() => db.close())
      .finally(() => {
        fs.rmSync(data.socketPath, { force: true });
        send({ type: "closed" });
        port.close();
      });
  });
  send({ type: "ready" });
}

start().catch((/** @type {unknown} */ err) => {
  send({ type: "failed", message: err instanceof Error ? err.message : String(err) });
  port.close();
});
