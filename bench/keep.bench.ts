/**
 * The studio's CPU per result kept, beside its floor. The production studio (`.build/server.mjs`)
 * keeps N results (BENCH_RESULTS, 500) through its whole road: the upstream result arriving on the
 * service's socket, the fetch of its bytes, the store, the thumbnail, the records, the live event
 * and its relay to a signed-in browser socket on `/api/stream` (a `ws` client here, counting the
 * events). Its upstream is the embedded engine in a process of its own (keep-upstream.ts) that
 * draws each size once and answers the same bytes after: rendering costs the studio nothing.
 *
 * The floor (keep-floor.mjs) does the least the same job needs in a small Node process: read the
 * same bytes over HTTP, write one file, one INSERT on the same kind of database, one WebSocket
 * frame to a client. Both are measured the same way: utime + stime of the process (every thread)
 * from /proc/<pid>/stat before and after, over the results kept. Run on the embedded database
 * (PGlite, the floor's INSERT on a PGlite too) and on a throwaway PostgreSQL; BENCH_DATABASE=pglite
 * or =postgres runs one. BENCH_PROFILE_DIR writes a CPU profile of each studio's main thread.
 * Each figure is also split by thread: main (the event loop), pglite (the embedded database),
 * libvips worker (the thumbnail's pixels), node (libuv's pool, where files are written and sharp's
 * calls run, and V8's helpers, which collect garbage).
 *
 *   npm run build && npm run bench:keep     (BENCH_RESULTS, BENCH_SIZE, BENCH_DATABASE, BENCH_BEFORE)
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { freePort, ROOT } from "../e2e/fixtures/processes";
import { startLocalPostgres } from "./local-postgres";
import { threadsOf } from "./process-tree";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio, stopStudio } from "./studio-process";

const RESULTS = Number(process.env.BENCH_RESULTS ?? 500);
const SIZE = Number(process.env.BENCH_SIZE ?? 512);
const PER_TASK = 10;
const WARM_UP_TASKS = 3;
const TARGET_RATIO = 2;
const DATABASES = (process.env.BENCH_DATABASE ?? "pglite,postgres").split(",").map((d) => d.trim());

const COMPILED = path.join(ROOT, ".build", "server.mjs");
/** An earlier build's compiled server (`node scripts/build-server.mjs` in a copy of an older commit), measured first. */
const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/** CPU time of a process, every thread (live and ended), in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** CPU time of each thread of a process by thread id, with its name (main thread, libuv pool, vips, workers). */
function threadsMs(pid: number): Map<string, { name: string; ms: number }> {
  return new Map(
    threadsOf(pid).map(({ tid, name, ms }) => [tid, { name: tid === String(pid) ? "main" : name, ms }]),
  );
}

/** Per result, by thread name: what each kind of thread spent between two readings (ended threads lost). */
function byThread(
  before: Map<string, { name: string; ms: number }>,
  after: Map<string, { name: string; ms: number }>,
  results: number,
): string {
  const sums = new Map<string, number>();
  for (const [tid, t] of after) {
    const name = t.name.replace(/[0-9]+$/, "#");
    sums.set(name, (sums.get(name) ?? 0) + t.ms - (before.get(tid)?.ms ?? 0));
  }
  return [...sums]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${(ms / results).toFixed(1)}`)
    .join(", ");
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Forks `file` and resolves with its first IPC message. */
async function forkReady<T>(file: string, env: Record<string, string>, execArgv: string[] = []) {
  const child = fork(path.join(import.meta.dirname, file), [], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  onStop(() => stopChild(child));
  const first = await new Promise<T>((resolve, reject) => {
    child.once("message", (m) => resolve(m as T));
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code} while starting`)));
  });
  return { child, first };
}

/** A browser socket: counts the item frames and the ended task frames it is sent. */
async function openSocket(url: string, headers: Record<string, string>, greeting: string | null) {
  const counts = { items: 0, ended: 0 };
  const ws = new WebSocket(url, { headers });
  await new Promise<void>((resolve, reject) => {
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode} from ${url}`)));
    if (greeting === null) ws.once("open", () => resolve());
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as {
        type: string;
        task?: { status: string };
      };
      if (frame.type === greeting) resolve();
      if (frame.type === "item") counts.items++;
      if (frame.type === "task" && (frame.task?.status === "success" || frame.task?.status === "error"))
        counts.ended++;
    });
  });
  onStop(() => ws.close());
  return { counts, close: () => ws.close() };
}

async function until(done: () => boolean, what: string, ms = 600_000): Promise<void> {
  for (const deadline = Date.now() + ms; !done(); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

async function dbQueries(origin: string, token: string): Promise<number> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("studio_db_queries_total")) total += Number(line.split(" ").at(-1));
  }
  return total;
}

interface Figure {
  msPerResult: number;
  queriesPerResult?: number;
  threads: string;
  seconds: number;
}

/** The studio keeping RESULTS results; its CPU per result. */
async function studioRun(
  upstream: { port: number; key: string },
  env: Record<string, string>,
  server?: string,
): Promise<Figure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-keep-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const metricsToken = randomBytes(16).toString("hex");
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const { child, origin } = await startStudio(
    {
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("base64"),
      UPSTREAM_URL: `http://127.0.0.1:${upstream.port}/v1`,
      UPSTREAM_WS_URL: `ws://127.0.0.1:${upstream.port}/v1`,
      UPSTREAM_API_KEY: upstream.key,
      METRICS_TOKEN: metricsToken,
      ...(profileDir
        ? {
            BENCH_PROFILE_DIR: path.resolve(profileDir),
            NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "cpu-profile.mjs")}`,
          }
        : {}),
      ...env,
    },
    server,
  );
  const pid = child.pid ?? 0;
  const cookie = await setUpOwner(origin, "Bench", "bench@studio.test");
  const socket = await openSocket(`ws://${new URL(origin).host}/api/stream`, { origin, cookie }, "hello");

  const send = async (tasks: number, label: string) => {
    const batch = Array.from({ length: tasks }, (_, i) => ({
      taskType: "imageInference",
      taskUUID: crypto.randomUUID(),
      positivePrompt: `keep bench ${label} ${i}`,
      model: "runware:100@1",
      width: SIZE,
      height: SIZE,
      numberResults: PER_TASK,
    }));
    for (let at = 0; at < batch.length; at += 10) {
      const res = await fetch(`${origin}/api/tasks`, {
        method: "POST",
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify(batch.slice(at, at + 10)),
      });
      if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}: ${await res.text()}`);
    }
  };
  const kept = async (items: number, tasks: number) => {
    await until(() => socket.counts.items >= items && socket.counts.ended >= tasks, `${items} results`);
  };

  // Warm: code compiled, sharp and the database's caches loaded, as in a studio that has run a while.
  await send(WARM_UP_TASKS, "warm");
  await kept(WARM_UP_TASKS * PER_TASK, WARM_UP_TASKS);
  await sleep(1000);

  const tasks = Math.ceil(RESULTS / PER_TASK);
  const queriesBefore = await dbQueries(origin, metricsToken);
  const threadsBefore = threadsMs(pid);
  const cpuBefore = cpuMs(pid);
  const began = performance.now();
  await send(tasks, "run");
  await kept((WARM_UP_TASKS + tasks) * PER_TASK, WARM_UP_TASKS + tasks);
  const cpu = cpuMs(pid) - cpuBefore;
  const threads = byThread(threadsBefore, threadsMs(pid), tasks * PER_TASK);
  const seconds = (performance.now() - began) / 1000;
  const queries = (await dbQueries(origin, metricsToken)) - queriesBefore;
  socket.close();
  await stopStudio(child);
  return {
    msPerResult: cpu / (tasks * PER_TASK),
    queriesPerResult: queries / (tasks * PER_TASK),
    threads,
    seconds,
  };
}

/** The floor keeping RESULTS results of the same bytes; its CPU per result. */
async function floorRun(upstreamPort: number, databaseUrl: string | null): Promise<Figure> {
  const { child, first } = await forkReady<{ port: number }>(
    "keep-floor.mjs",
    databaseUrl ? { FLOOR_DATABASE_URL: databaseUrl } : {},
  );
  const pid = child.pid ?? 0;
  const socket = await openSocket(`ws://127.0.0.1:${first.port}/`, {}, null);
  const run = async (count: number) => {
    const done = new Promise<void>((resolve) => child.once("message", () => resolve()));
    child.send({
      url: `http://127.0.0.1:${upstreamPort}/prerendered`,
      count,
      concurrency: PER_TASK,
      width: SIZE,
      height: SIZE,
    });
    await done;
  };
  await run(WARM_UP_TASKS * PER_TASK);
  await until(() => socket.counts.items >= WARM_UP_TASKS * PER_TASK, "the floor's warm-up");
  await sleep(1000);
  const threadsBefore = threadsMs(pid);
  const cpuBefore = cpuMs(pid);
  const began = performance.now();
  await run(RESULTS);
  await until(() => socket.counts.items >= WARM_UP_TASKS * PER_TASK + RESULTS, "the floor's results");
  const cpu = cpuMs(pid) - cpuBefore;
  const threads = byThread(threadsBefore, threadsMs(pid), RESULTS);
  const seconds = (performance.now() - began) / 1000;
  socket.close();
  await stopChild(child);
  return { msPerResult: cpu / RESULTS, threads, seconds };
}

const NAMES: Record<string, string> = { pglite: "the embedded database", postgres: "PostgreSQL" };

try {
  if (!existsSync(COMPILED)) throw new Error("no production build: run `npm run build` first");
  const key = `mse_bench_${randomBytes(18).toString("base64url")}`;
  const upstreamPort = await freePort();
  await forkReady<{ port: number }>(
    "keep-upstream.ts",
    { KEEP_UPSTREAM_PORT: String(upstreamPort), KEEP_UPSTREAM_KEY: key, LOG_LEVEL: "warn" },
    ["--import", "tsx"],
  );
  console.info(
    `bench:keep: ${RESULTS} results of ${SIZE}x${SIZE} (${PER_TASK} a task), kept by the production studio from an upstream that renders each size once; CPU of the studio's process (all threads) per result, beside a bare pipeline's`,
  );
  const parts: string[] = [];
  for (const database of DATABASES) {
    if (!(database in NAMES)) throw new Error(`BENCH_DATABASE: pglite or postgres, not ${database}`);
    let url: string | null = null;
    /** A new cluster for each studio: each is set up from empty, as on the embedded database. */
    const freshPostgres = async (): Promise<string> => {
      const pg = await startLocalPostgres();
      onStop(() => pg.stop());
      return pg.url;
    };
    if (BEFORE) {
      if (database === "postgres") url = await freshPostgres();
      const before = await studioRun({ port: upstreamPort, key }, url ? { DATABASE_URL: url } : {}, BEFORE);
      console.info(`    earlier build by thread (ms per result): ${before.threads}`);
      console.info(
        `  ${NAMES[database]}: earlier build ${before.msPerResult.toFixed(1)} ms CPU per result (${before.queriesPerResult?.toFixed(1)} queries per result, ${before.seconds.toFixed(1)} s)`,
      );
    }
    if (database === "postgres") url = await freshPostgres();
    const studio = await studioRun({ port: upstreamPort, key }, url ? { DATABASE_URL: url } : {});
    const floor = await floorRun(upstreamPort, url);
    const ratio = studio.msPerResult / floor.msPerResult;
    console.info(`    studio by thread (ms per result): ${studio.threads}`);
    console.info(`    floor by thread (ms per result): ${floor.threads}`);
    console.info(
      `  ${NAMES[database]}: studio ${studio.msPerResult.toFixed(1)} ms CPU per result (${studio.queriesPerResult?.toFixed(1)} queries per result, ${studio.seconds.toFixed(1)} s), floor ${floor.msPerResult.toFixed(1)} ms (${floor.seconds.toFixed(1)} s): ${ratio.toFixed(2)}x [target < ${TARGET_RATIO}x: ${ratio < TARGET_RATIO ? "met" : "NOT met"}]`,
    );
    parts.push(
      database === "pglite"
        ? `${studio.msPerResult.toFixed(1)} ms per result vs floor ${floor.msPerResult.toFixed(1)} ms (${ratio.toFixed(2)}x) on the embedded database`
        : `${studio.msPerResult.toFixed(1)} ms vs ${floor.msPerResult.toFixed(1)} ms (${ratio.toFixed(2)}x) on PostgreSQL`,
    );
  }
  console.info(`bench:keep: ${parts.join("; ")}`);
} finally {
  await stopAll();
}
