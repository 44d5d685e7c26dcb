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
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @typedef {import("./thread-messages").DatabaseThreadData} DatabaseThreadData */
/** @typedef {import("./thread-messages").FromDatabaseThread} FromDatabaseThread */
/** @typedef {import("./thread-messages").ToDatabaseThread} ToDatabaseThread */
/** @typedef {import("./thread-messages").DatabaseMemory} DatabaseMemory */
/** @typedef {import("./thread-messages").HeapUse} HeapUse */

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
 * A full collection of this thread's heap, when the database has gone quiet after work. The heap
 * grows with the socket server's buffers and the query results passing through, and a thread that
 * then idles allocates too little to collect it: after 1,000 results it held 23 MB resident, 12 MB
 * after a full collection. `gc` is V8's, exposed to a new context (as jest's leak detector does):
 * V8's flags are the process's, and nothing else looks for `gc`.
 * @returns {HeapUse}
 */
function collectGarbage() {
  const before = v8.getHeapStatistics().used_heap_size;
  v8.setFlagsFromString("--expose-gc");
  /** @type {() => void} */ (vm.runInNewContext("gc"))();
  return { before, after: v8.getHeapStatistics().used_heap_size };
}

/**
 * The start of the WASM memory's mapping, as /proc/self/maps writes it (hex), or null. V8 reserves
 * gigabytes for a WASM memory and opens its first `size` bytes read-write: a read-write mapping of
 * exactly that size followed at once by an inaccessible one of a gigabyte or more.
 * @param {string} maps
 * @param {number} size
 * @returns {string | null}
 */
function wasmMappingStart(maps, size) {
  /** @type {{ start: string; end: number; perms: string; length: number } | null} */
  let previous = null;
  for (const line of maps.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (!head?.[1] || !head[2] || !head[3]) continue;
    const start = Number.parseInt(head[1], 16);
    const end = Number.parseInt(head[2], 16);
    if (
      previous?.perms.startsWith("rw") &&
      previous.length === size &&
      previous.end === start &&
      head[3].startsWith("---") &&
      end - start >= GUARD_BYTES
    ) {
      return previous.start;
    }
    previous = { start: head[1], end, perms: head[3], length: end - start };
  }
  return null;
}

/**
 * The WASM memory's size and how much of it is resident (its mapping's Rss in /proc/self/smaps).
 * Elsewhere than Linux, or if no such mapping is found, only the size is known.
 *
 * Asked every few seconds while the database is idle, so it leaves next to nothing in this
 * thread's heap: the mapping is found in /proc/self/maps (a few tens of KB), and smaps (hundreds
 * of KB) is read into a Buffer, outside the heap, and searched there. Read whole as a string and
 * split into lines, each reading left about 2 MB in the old generation, which a thread this quiet
 * collects too seldom: its heap grew from 11 to 18 MB in a minute of idling.
 * @param {WebAssembly.Memory} memory
 * @returns {DatabaseMemory}
 */
function measureMemory(memory) {
  const size = memory.buffer.byteLength;
  try {
    const start = wasmMappingStart(fs.readFileSync("/proc/self/maps", "latin1"), size);
    if (start === null) return { size, resident: null };
    const smaps = fs.readFileSync("/proc/self/smaps");
    const at = smaps.indexOf(`${start}-`);
    if (at < 0 || (at > 0 && smaps[at - 1] !== 0x0a)) return { size, resident: null };
    const rss = smaps.indexOf("\nRss:", at);
    if (rss < 0) return { size, resident: null };
    const kb = Number.parseInt(smaps.toString("latin1", rss + 5, smaps.indexOf("\n", rss + 1)).trim(), 10);
    return { size, resident: Number.isFinite(kb) ? kb * 1024 : null };
  } catch {
    return { size, resident: null };
  }
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
    if (message.type === "collect") {
      send({ type: "collected", heap: collectGarbage() });
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
