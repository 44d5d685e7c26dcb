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
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @typedef {import("./thread-messages").DatabaseThreadData} DatabaseThreadData */
/** @typedef {import("./thread-messages").FromDatabaseThread} FromDatabaseThread */
/** @typedef {import("./thread-messages").ToDatabaseThread} ToDatabaseThread */

if (!parentPort) throw new Error("pglite-worker runs as a worker thread");
const port = parentPort;
/** @type {DatabaseThreadData} */
const data = workerData;
/** @param {FromDatabaseThread} message */
const send = (message) => port.postMessage(message);

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
