// A process of `bench:keep`: the least keeping a result needs, as the bench's floor. For each
// result: read its bytes over HTTP, write them to one file, one INSERT into a table on the same
// kind of database as the studio's (an embedded PGlite, or the same PostgreSQL), one WebSocket
// frame to every client. Started with `fork`; answers `{ port }` (its WebSocket server) on IPC,
// then for `{ url, count, concurrency, width, height }` keeps `count` results and answers `{ done }`.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocketServer } from "ws";

const dir = mkdtempSync(path.join(tmpdir(), "studio-keep-floor-"));
mkdirSync(path.join(dir, "media"));
const TABLE = `create table if not exists floor_kept (
  id uuid primary key, task_uuid text not null, storage_key text not null, mime text not null,
  width integer not null, height integer not null, bytes integer not null,
  created_at timestamptz not null default now())`;
const INSERT =
  "insert into floor_kept (id, task_uuid, storage_key, mime, width, height, bytes) values ($1, $2, $3, $4, $5, $6, $7)";

let query;
let closeDb;
if (process.env.FLOOR_DATABASE_URL) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 4 });
  query = (text, params) => pool.query(text, params);
  closeDb = () => pool.end();
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dir, "db"));
  query = (text, params) => db.query(text, params);
  closeDb = () => db.close();
}
await query(TABLE);

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
await new Promise((resolve) => wss.once("listening", resolve));
const agent = new Agent({ keepAlive: true });

function read(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ bytes: Buffer.concat(chunks), mime: res.headers["content-type"] }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

async function keepOne(url, taskUUID, width, height) {
  const { bytes, mime } = await read(url);
  const id = randomUUID();
  const storageKey = `media/${id}`;
  await writeFile(path.join(dir, storageKey), bytes);
  await query(INSERT, [id, taskUUID, storageKey, mime, width, height, bytes.length]);
  const frame = JSON.stringify({
    type: "item",
    item: { id, taskUUID, storageKey, mime, bytes: bytes.length },
  });
  for (const ws of wss.clients) ws.send(frame);
}

process.on("message", async ({ url, count, concurrency, width, height }) => {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      await keepOne(url, randomUUID(), width, height);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  process.send({ done: count });
});

const stop = async () => {
  wss.close();
  agent.destroy();
  await closeDb().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);

process.send({ port: wss.address().port });
