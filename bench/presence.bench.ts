/**
 * Presence with a crowd on one item: WATCHERS sockets on `/api/stream`, spread over members as
 * browsers' tabs are (SOCKETS_PER_MEMBER each, under a member's socket cap), every one on the same
 * item. Another member's tab then comes to the item and leaves it again, MOVES times; each move
 * changes who is there, so every watcher is told; then MOVES times more while the owner lists the
 * gallery (`GET /api/items`) one request after another.
 *
 * Measured for 10 watchers and for WATCHERS: a move's time from the mover's message to the last
 * watcher told (median over the moves, and the slowest) and the studio's CPU per move, over moves
 * alone; then the other member's request times during as many moves again (p99, beside a baseline
 * with no sockets open); and whether each watcher was told each move exactly once, in order.
 * Target: a move with 1,000 watchers costs as with 10; other requests stay under 50 ms.
 * The production studio (embedded engine and database, a throwaway DATA_DIR); the watchers'
 * sockets live in worker threads (bench/presence-clients.mjs), so reading them does not hold up
 * the mover's clock. BENCH_SERVER=<path>: another compiled server of this checkout (an earlier build).
 *
 *   npm run build && npm run bench:presence     (BENCH_WATCHERS, BENCH_MOVES)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { WebSocket } from "ws";
import { onStop, stopAll } from "./stop-on-exit";
import { cookieOf, setUpOwner, startStudio } from "./studio-process";

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1000);
const FEW = 10;
/** Under a session's socket cap (32) as a member's tabs in one browser are. */
const SOCKETS_PER_MEMBER = 30;
const MEMBERS = Math.ceil(WATCHERS / SOCKETS_PER_MEMBER);
const MOVES = Number(process.env.BENCH_MOVES ?? 16);
/** A tab may say where it is 20 times in 10 s: the mover keeps within that. */
const MOVE_EVERY_MS = 1_000;
const WORKERS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function post(origin: string, url: string, body: unknown, cookie = ""): Promise<Response> {
  return fetch(`${origin}${url}`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A member joined by invitation: their session cookie and id. */
async function invite(origin: string, owner: string, email: string, name: string) {
  const made = await post(origin, "/api/invitations", { role: "viewer", email }, owner);
  if (made.status !== 201) throw new Error(`invitation failed: ${made.status} ${await made.text()}`);
  const { url } = ((await made.json()) as { data: { url: string } }).data;
  const joined = await post(origin, "/api/invitations/accept", {
    token: url.split("/invite/")[1] ?? "",
    name,
    email,
    password: "bench password",
  });
  if (!joined.ok) throw new Error(`joining failed: ${joined.status} ${await joined.text()}`);
  return cookieOf(joined);
}

/** One image made by the owner: its gallery item's id. */
async function oneItem(origin: string, owner: string): Promise<string> {
  const task = {
    taskType: "imageInference",
    taskUUID: crypto.randomUUID(),
    positivePrompt: "a lighthouse at dusk",
    model: "runware:100@1",
    width: 512,
    height: 512,
  };
  const sent = await post(origin, "/api/tasks", [task], owner);
  if (sent.status !== 202) throw new Error(`task refused: ${sent.status} ${await sent.text()}`);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    const res = await fetch(`${origin}/api/items`, { headers: { cookie: owner } });
    const id = ((await res.json()) as { data?: { items?: { id: string }[] } }).data?.items?.[0]?.id;
    if (id) return id;
  }
  throw new Error("no item in 60 s");
}

/** The owner's gallery reads, one after another until `until()`: each one's time (ms). */
async function requestsWhile(origin: string, cookie: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const start = performance.now();
    const res = await fetch(`${origin}/api/items?limit=50`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/items answered ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

type Report = { events: { at: number; total: number }[]; closed: number | null }[];

/** `count` watchers on `target`, over the members' `cookies` round robin, in WORKERS threads. */
async function openWatchers(origin: string, cookies: string[], count: number, target: string) {
  const url = `${origin.replace(/^http/, "ws")}/api/stream`;
  const all = Array.from({ length: count }, (_, i) => ({
    url,
    origin,
    cookie: cookies[i % cookies.length] ?? "",
  }));
  const workers = Array.from({ length: WORKERS }, (_, w) => {
    const worker = new Worker(path.join(import.meta.dirname, "presence-clients.mjs"), {
      workerData: { sockets: all.filter((_, i) => i % WORKERS === w), target },
    });
    onStop(() => worker.terminate());
    return worker;
  });
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once("error", reject);
          worker.once("message", (m: { type: string; message?: string }) =>
            m.type === "ready" ? resolve() : reject(new Error(m.message)),
          );
        }),
    ),
  );
  return {
    async report(): Promise<Report> {
      const parts = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<Report>((resolve) => {
              worker.once("message", (m: { sockets: Report }) => resolve(m.sockets));
              worker.postMessage({ type: "report" });
            }),
        ),
      );
      return parts.flat();
    },
    async close() {
      for (const w of workers) w.postMessage({ type: "close" });
      await sleep(1_000);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** The mover's tab: its socket, greeted. */
async function moverSocket(origin: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/stream`, { headers: { origin, cookie } });
  onStop(() => ws.close());
  await new Promise<void>((resolve, reject) => {
    ws.on("error", reject);
    ws.on("message", (data) => {
      if (String(data).startsWith('{"type":"hello"')) resolve();
    });
  });
  return ws;
}

interface Round {
  watchers: number;
  /** Per move: mover's message to the last watcher told (ms). */
  moves: number[];
  lost: number;
  repeated: number;
  closed: number;
  cpuPerMoveMs: number;
  requests: number[];
}

/** MOVES moves of the mover's tab onto `target` and off it: when each was sent, and the studio's CPU seconds. */
async function moves(ws: WebSocket, target: string, pid: number): Promise<{ sent: number[]; cpu: number }> {
  const cpuFrom = cpuSeconds(pid);
  const sent: number[] = [];
  for (let k = 0; k < MOVES; k++) {
    sent.push(now());
    ws.send(JSON.stringify({ type: "presence", on: k % 2 === 0 ? target : null }));
    await sleep(MOVE_EVERY_MS);
  }
  return { sent, cpu: cpuSeconds(pid) - cpuFrom };
}

/**
 * `count` watchers on the item; MOVES moves alone (their delivery and the studio's CPU), then MOVES
 * more with the owner's requests going on (their times).
 */
async function round(
  studio: { origin: string; pid: number; owner: string; members: string[]; mover: string; item: string },
  count: number,
): Promise<Round> {
  const target = `item:${studio.item}`;
  const watchers = await openWatchers(studio.origin, studio.members, count, target);
  const present = Math.min(count, studio.members.length);
  // Every watcher has been told that all the watchers' members are there.
  for (const deadline = Date.now() + 120_000; ; await sleep(500)) {
    const report = await watchers.report();
    if (report.every((s) => s.events.at(-1)?.total === present)) break;
    if (Date.now() > deadline) throw new Error(`the ${count} watchers were not all told who is there`);
  }
  const mover = await moverSocket(studio.origin, studio.mover);
  await sleep(1_000);
  const alone = await moves(mover, target, studio.pid);
  await sleep(2_000);
  let moving = true;
  const requests = requestsWhile(studio.origin, studio.owner, () => !moving);
  await moves(mover, target, studio.pid);
  moving = false;
  const times = await requests;
  await sleep(2_000);
  mover.close();

  // Each watcher must have been told every move once, in order: who is there alternates.
  const report = await watchers.report();
  const expected = Array.from({ length: 2 * MOVES }, (_, k) => present + (k % 2 === 0 ? 1 : 0));
  const delivery: number[] = Array.from({ length: MOVES }, () => 0);
  let lost = 0;
  let repeated = 0;
  for (const socket of report) {
    const told = socket.events.filter((e) => e.at >= (alone.sent[0] as number));
    const totals = told.map((e) => e.total);
    if (totals.length < expected.length) lost += expected.length - totals.length;
    if (totals.length > expected.length) repeated += totals.length - expected.length;
    if (totals.length === expected.length && totals.some((t, k) => t !== expected[k])) repeated++;
    for (let k = 0; k < MOVES; k++) {
      const at = told[k]?.at;
      if (at !== undefined) delivery[k] = Math.max(delivery[k] ?? 0, at - (alone.sent[k] as number));
    }
  }
  await watchers.close();
  return {
    watchers: count,
    moves: delivery,
    lost,
    repeated,
    closed: report.filter((s) => s.closed !== null).length,
    cpuPerMoveMs: (alone.cpu / MOVES) * 1000,
    requests: times,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-presence-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const { child, origin } = await startStudio(
    { DATA_DIR: dataDir },
    process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : undefined,
  );
  const pid = child.pid ?? 0;
  const owner = await setUpOwner(origin);
  const item = await oneItem(origin, owner);
  const members: string[] = [];
  for (let i = 1; i <= MEMBERS; i++)
    members.push(await invite(origin, owner, `watcher${i}@studio.test`, `Watcher ${i}`));
  const mover = await invite(origin, owner, "mover@studio.test", "Mover");
  const studio = { origin, pid, owner, members, mover, item };

  let done = false;
  const warm = requestsWhile(origin, owner, () => done);
  await sleep(2_000);
  done = true;
  await warm;
  done = false;
  const baselineEnd = Date.now() + MOVES * MOVE_EVERY_MS;
  const baseline = await requestsWhile(origin, owner, () => Date.now() > baselineEnd);

  const few = await round(studio, FEW);
  const many = await round(studio, WATCHERS);

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const requestLine = (t: number[]) =>
    `${t.length} requests: median ${ms(percentile(t, 50))}, p99 ${ms(percentile(t, 99))}, slowest ${ms(Math.max(...t))}`;
  console.info(`other member's GET /api/items with no sockets open: ${requestLine(baseline)}`);
  for (const r of [few, many]) {
    console.info(
      `${r.watchers} watchers over ${Math.min(r.watchers, members.length)} members, ${MOVES} moves every ${MOVE_EVERY_MS} ms:`,
    );
    console.info(
      `  a move to the last watcher told: median ${ms(percentile(r.moves, 50))}, slowest ${ms(Math.max(...r.moves))}`,
    );
    console.info(
      `  watchers x moves lost ${r.lost}, repeated or out of order ${r.repeated} (of ${r.watchers * 2 * MOVES}); sockets closed by the studio ${r.closed}`,
    );
    console.info(`  studio CPU per move: ${ms(r.cpuPerMoveMs)}`);
    console.info(`  other member's GET /api/items during ${MOVES} more moves: ${requestLine(r.requests)}`);
  }
  console.info(
    `bench:presence: move with ${many.watchers} watchers ${percentile(many.moves, 50).toFixed(1)} ms vs ${few.watchers} watchers ${percentile(few.moves, 50).toFixed(1)} ms; other requests p99 ${percentile(many.requests, 99).toFixed(1)} ms`,
  );
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
