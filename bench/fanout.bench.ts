/**
 * Live events across studio instances: two production studios (`.build/server.mjs`, started as
 * `npm start` starts it, through bin/start-server.sh) on one PostgreSQL (a throwaway Debian cluster) and one data folder, the first running the embedded
 * engine and the second using it as its upstream. SOCKETS browser sockets on `/api/stream`
 * (signed in) are spread over both; RATE events per second for SECONDS seconds are published on
 * the same database by an EventLog in this process: exactly the path a studio's publish takes
 * (INSERT + NOTIFY, then LISTEN in every instance), since no public endpoint makes 500 events/s.
 * Each socket counts the events it gets and the delay from the time each was due (stamped in it).
 * The sockets belong to several members (a member holds at most 32 per session on an instance).
 * The same with every socket on one instance is printed beside it, and the machine's floor: a bare
 * server in its own process (fanout-floor.mjs) doing only what the relay must: the same JSON
 * framed once, one write per socket per 10 ms window, on the same schedule and stamps.
 * The floor is honest only if the clients are not the bottleneck: they read raw frames
 * (fanout-clients.mjs), the same code for the studio and the floor, since `ws` making a message of
 * each of a million frames a second was slower than either server (a bare server behind `ws`
 * clients reached 472 events/s on 2 cores). Clients run in BENCH_CLIENT_THREADS worker threads,
 * and each run says how busy the busiest was: near 100%, the clients set the pace, not the server.
 * Each run first offers one unmeasured second of events, so no run pays for warming up.
 * Target: two instances deliver 100% of events to every socket, with a p99 within twice the bare
 * server's, at 1,000 sockets and 1,000 events/s. The last line sums it up.
 *
 *   npm run build && npm run bench:fanout     (BENCH_RATE, BENCH_SECONDS, BENCH_SOCKETS)
 */
import "../scripts/register-server-only.mjs";
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { freePort, ROOT } from "../e2e/fixtures/processes";
import { startLocalPostgres } from "./local-postgres";
import { onStop, stopAll } from "./stop-on-exit";
import { startStudio } from "./studio-process";

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Events at RATE before the measured ones, for each run alike. */
const WARM_UP_SECONDS = 1;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const WORKERS = Number(process.env.BENCH_CLIENT_THREADS ?? 2);
/** Within this many times the bare server's p99. */
const TARGET_OVER_FLOOR = 2;
/** Sockets per member: under the per-session cap even with every socket on one instance. */
const SOCKETS_PER_MEMBER = 30;
/** With events missing, how long without any arriving before a socket counts as missing them. */
const DRAIN_MS = 3_000;

const COMPILED = path.join(ROOT, ".build", "server.mjs");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * A studio on `port` as `npm start` runs it (bin/start-server.sh: its young generation and
 * allocator settings, which decide its collection pauses), with BENCH_NODE_ARGS before the server.
 */
async function startStudioOn(port: number, env: Record<string, string>): Promise<void> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  await startStudio(env, COMPILED, ROOT, { port, nodeArgs });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function post(origin: string, url: string, body: unknown, cookie = ""): Promise<Response> {
  return fetch(`${origin}${url}`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The owner and `count - 1` viewers joined by invitation: their session cookies. */
async function signUp(origin: string, count: number): Promise<string[]> {
  const res = await post(origin, "/api/setup", {
    name: "Bench",
    email: "bench@studio.test",
    password: "bench password",
  });
  if (!res.ok) throw new Error(`set-up failed: ${res.status} ${await res.text()}`);
  const owner = cookieOf(res);
  const cookies = [owner];
  for (let i = 1; i < count; i++) {
    const email = `watcher${i}@studio.test`;
    const made = await post(origin, "/api/invitations", { role: "viewer", email }, owner);
    if (made.status !== 201) throw new Error(`invitation failed: ${made.status} ${await made.text()}`);
    const { url } = ((await made.json()) as { data: { url: string } }).data;
    const body = {
      token: url.split("/invite/")[1] ?? "",
      name: `Watcher ${i}`,
      email,
      password: "bench password",
    };
    const joined = await post(origin, "/api/invitations/accept", body);
    if (!joined.ok) throw new Error(`joining failed: ${joined.status} ${await joined.text()}`);
    cookies.push(cookieOf(joined));
  }
  return cookies;
}

type Clients = Awaited<ReturnType<typeof openClients>>;
type Report = { received: number; latencies: Float64Array; closed: number | null }[];

/** SOCKETS sockets over `ports` and the members' `cookies` (round robin), opened by WORKERS threads. */
async function openClients(ports: number[], cookies: string[], pathname = "/api/stream") {
  const all = Array.from({ length: SOCKETS }, (_, i) => {
    const port = ports[i % ports.length];
    const cookie = cookies[i % cookies.length] ?? "";
    return { url: `ws://127.0.0.1:${port}${pathname}`, origin: `http://127.0.0.1:${port}`, cookie };
  });
  const workers = Array.from({ length: WORKERS }, (_, w) => {
    const worker = new Worker(path.join(import.meta.dirname, "fanout-clients.mjs"), {
      workerData: { sockets: all.filter((_, i) => i % WORKERS === w) },
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
  const ask = (message: object) => {
    for (const w of workers) w.postMessage(message);
  };
  return {
    start: (prefix: string, total: number) => ask({ type: "start", prefix, total }),
    /** Events each socket has received so far (cheap: no latencies). */
    async counts(): Promise<number[]> {
      const parts = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<number[]>((resolve) => {
              worker.once("message", (m: { received: number[] }) => resolve(m.received));
              worker.postMessage({ type: "count" });
            }),
        ),
      );
      return parts.flat();
    },
    /** Every socket's events, and how busy the busiest client thread was (0 to 1). */
    async report(): Promise<{ sockets: Report; busy: number }> {
      const parts = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<{ sockets: Report; busy: number }>((resolve) => {
              worker.once("message", resolve);
              worker.postMessage({ type: "report" });
            }),
        ),
      );
      return { sockets: parts.flatMap((p) => p.sockets), busy: Math.max(...parts.map((p) => p.busy)) };
    },
    async close() {
      ask({ type: "close" });
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Sockets the server closed before the end, by close code. */
function closedEarly(report: Report): string {
  const codes = new Map<number, number>();
  for (const s of report) if (s.closed !== null) codes.set(s.closed, (codes.get(s.closed) ?? 0) + 1);
  if (codes.size === 0) return "";
  return `(closed by the server: ${[...codes].map(([code, n]) => `${n} with ${code}`).join(", ")})`;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

try {
  if (!existsSync(COMPILED)) throw new Error("no production build: run `npm run build` first");
  const { EventLog } = await import("../lib/server/stream/event-log");
  const { DatabaseEventStore } = await import("../lib/server/stream/event-store");
  const { openPostgresDatabase } = await import("../lib/server/db/database");

  const pg = await startLocalPostgres();
  onStop(() => pg.stop());
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-fanout-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const [portA, portB] = [await freePort(), await freePort()];
  const engineKey = `mse_bench_${randomBytes(18).toString("base64url")}`;
  const shared = { DATABASE_URL: pg.url, DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("base64") };
  // A first (it applies the migrations and serves the engine), then B with A's engine upstream.
  await startStudioOn(portA, { ...shared, ENGINE_API_KEYS: engineKey });
  await startStudioOn(portB, {
    ...shared,
    UPSTREAM_URL: `http://127.0.0.1:${portA}/v1`,
    UPSTREAM_WS_URL: `ws://127.0.0.1:${portA}/v1`,
    UPSTREAM_API_KEY: engineKey,
  });
  const cookies = await signUp(`http://127.0.0.1:${portA}`, Math.ceil(SOCKETS / SOCKETS_PER_MEMBER));

  const database = await openPostgresDatabase(pg.url, { migrate: false });
  onStop(() => database.close());
  const log = new EventLog({ store: new DatabaseEventStore(database) });
  await log.start();
  onStop(() => log.close());

  /** Publishes RATE events a second for SECONDS seconds through the shared event log. */
  async function publish(prefix: string, total: number): Promise<void> {
    const began = performance.now();
    let sent = 0;
    // A fixed rate: each 5 ms, whatever is due by now (a late tick catches up, it does not slow down).
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * RATE));
      // Stamped with when it was due, as the floor stamps its events.
      for (; sent < due; sent++)
        log.publishGallery({
          kind: "board",
          boardId: `${prefix}${sent}:${performance.timeOrigin + began + (sent * 1000) / RATE}`,
        });
      await sleep(5);
    }
    await log.flush();
  }

  /** `total` events at RATE to the clients: from the studios' event log, or from the floor. */
  async function offer(clients: Clients, total: number, floor?: ChildProcess): Promise<number> {
    const prefix = `fanout:${randomBytes(4).toString("hex")}:`;
    clients.start(prefix, total);
    await sleep(200);
    const began = performance.now();
    if (floor) {
      const done = new Promise<void>((resolve) => floor.once("message", () => resolve()));
      floor.send({ prefix, rate: RATE, total });
      await done;
    } else await publish(prefix, total);
    const offeredSeconds = (performance.now() - began) / 1000;
    // Late events still count (and show in the latency); a socket missing some once nothing has
    // arrived for DRAIN_MS has lost them.
    let count = -1;
    for (let quietSince = Date.now(); Date.now() - quietSince < DRAIN_MS; await sleep(250)) {
      const counts = await clients.counts();
      if (counts.every((n) => n >= total)) break;
      const now = counts.reduce((n, c) => n + c, 0);
      if (now !== count) quietSince = Date.now();
      count = now;
    }
    return offeredSeconds;
  }

  async function run(label: string, ports: number[], floor?: ChildProcess) {
    const clients = await openClients(ports, cookies, floor ? "/" : "/api/stream");
    // A first second that is not measured: the first events through a process just started (code
    // not yet compiled, modules loaded on first use) would count against whichever runs first.
    await offer(clients, Math.round(RATE * WARM_UP_SECONDS), floor);
    const total = RATE * SECONDS;
    const offeredSeconds = await offer(clients, total, floor);
    const { sockets: report, busy } = await clients.report();
    await clients.close();
    const received = report.reduce((n, s) => n + s.received, 0);
    const complete = report.filter((s) => s.received >= total).length;
    const all = new Float64Array(report.reduce((n, s) => n + s.latencies.length, 0));
    let filled = 0;
    for (const s of report) {
      all.set(s.latencies, filled);
      filled += s.latencies.length;
    }
    all.sort();
    const perSocketP99 = report.map((s) => percentile(Float64Array.from(s.latencies).sort(), 99));
    const worstP99 = Math.max(...perSocketP99.filter((v) => !Number.isNaN(v)));
    const delivered = (100 * received) / (total * report.length);
    console.info(
      [
        `${label.padEnd(14)} ${report.length} sockets, ${total} events at ${(total / offeredSeconds).toFixed(0)}/s offered:`,
        `delivered ${delivered.toFixed(3)}% (${complete}/${report.length} sockets got every event),`,
        `latency p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms,`,
        `worst socket's p99 ${worstP99.toFixed(1)} ms, max ${(all.at(-1) ?? Number.NaN).toFixed(1)} ms;`,
        `busiest client thread ${(100 * busy).toFixed(0)}% busy`,
        closedEarly(report),
      ].join(" "),
    );
    return { p99: percentile(all, 99), delivered };
  }

  console.info(
    `bench:fanout: events published by an EventLog on the studios' PostgreSQL (INSERT + NOTIFY, the studios' own path); ${SOCKETS} sockets of ${cookies.length} members`,
  );
  await run("one instance", [portA]);
  const two = await run("two instances", [portA, portB]);
  // The machine's own limit: the same frames written the same way, nothing else in the way.
  const floor = fork(path.join(import.meta.dirname, "fanout-floor.mjs"), { stdio: "inherit" });
  onStop(() => stopChild(floor));
  const floorPort = await new Promise<number>((resolve) =>
    floor.once("message", (m: { port: number }) => resolve(m.port)),
  );
  const bare = await run("bare floor", [floorPort], floor);
  const ratio = two.p99 / bare.p99;
  const met = two.delivered === 100 && ratio <= TARGET_OVER_FLOOR;
  console.info(
    `[target: 100% delivered, p99 within ${TARGET_OVER_FLOOR}x the bare server's: ${met ? "met" : "NOT met"}]`,
  );
  console.info(
    `bench:fanout: p99 ${two.p99.toFixed(1)} ms vs bare server ${bare.p99.toFixed(1)} ms (${ratio.toFixed(2)}x) at ${SOCKETS} sockets, ${RATE} events/s, ${Number(two.delivered.toFixed(3))}% delivered`,
  );
} finally {
  await stopAll();
}
