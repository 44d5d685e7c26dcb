/**
 * Resident memory of the production studio on the embedded database and on PostgreSQL: VmRSS from
 * /proc/<pid>/status, summed over the studio's process (with its render threads and the embedded
 * database's thread) and every process it has started and not yet ended (ffmpeg; see
 * process-tree.ts), so memory moved into a child still counts. For each: idle after its first
 * start (which creates the database) and sign-up; then, restarted on the same folder and database
 * as it runs from then on, idle; right after 1,000 results (100 image tasks of 10 results at
 * 256x256 sent through `POST /api/tasks` and kept); and 70 s after them, once render threads have
 * ended and an idle embedded database has been given a fresh thread. Printed beside the target:
 * under 200 MB idle after a restart and 70 s after.
 *
 * PostgreSQL: a database made for the run on the `TEST_DATABASE_URL` server (dropped after), else
 * a throwaway local cluster when Debian's server binaries are installed, else skipped.
 *
 * Starts the studio as `npm start` does (`bin/start-server.sh` on the server compiled by `npm run
 * build`; tsx on server.ts when there is none), on a free port with a throwaway DATA_DIR.
 *
 *   npm run build && npm run bench:memory
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, ROOT } from "../e2e/fixtures/processes";
import { describeGrowth, readSnapshot, takeSnapshot } from "./heap-diff";
import { startLocalPostgres } from "./local-postgres";
import { whereMemoryIs } from "./memory-detail";
import { type TreeMemory, treeMemory } from "./process-tree";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio, stopStudio } from "./studio-process";

const TARGET_MB = 200;
const TASKS = Number(process.env.BENCH_TASKS ?? 100);
const RESULTS_PER_TASK = 10;
const TASKS_PER_REQUEST = 10;
/** Long enough for a started server to settle (lazy modules, first GC). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 15_000);
const IDLE_AFTER_MS = Number(process.env.BENCH_IDLE_MS ?? 70_000);

/**
 * BENCH_DETAIL=1: the restarted studio listens for an inspector, and each reading after it is
 * followed by where the memory is (memory-detail.ts). The inspector itself holds a few MB.
 */
const DETAIL = process.env.BENCH_DETAIL === "1";

/**
 * BENCH_HEAP_SNAPSHOTS=<folder>: the restarted studio's main thread is snapshotted idle, and again
 * once its readings after the results are taken; then it is sent another 1,000 results and
 * snapshotted as long after them. The objects new in each snapshot beside the one before are
 * printed by kind with what holds them (heap-diff.ts): what the first results loaded once (routes'
 * code, caches filled), then what results leave behind for good. The snapshots stay in the folder.
 */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS ? path.resolve(process.env.BENCH_HEAP_SNAPSHOTS) : null;

/**
 * BENCH_NODE_ARGS="--flag --other": Node's (and V8's) switches for the restarted studio, as
 * `bin/start-server.sh` passes them on; for those NODE_OPTIONS does not take.
 */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

const compiled = existsSync(path.join(ROOT, ".build", "server.mjs"));

type Status = TreeMemory;
const status = treeMemory;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sendAndKeep(origin: string, cookie: string): Promise<number> {
  const uuids: string[] = [];
  for (let sent = 0; sent < TASKS; sent += TASKS_PER_REQUEST) {
    const tasks = Array.from({ length: Math.min(TASKS_PER_REQUEST, TASKS - sent) }, (_, i) => {
      const taskUUID = crypto.randomUUID();
      uuids.push(taskUUID);
      return {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: `memory bench ${sent + i}`,
        model: "runware:100@1",
        width: 256,
        height: 256,
        numberResults: RESULTS_PER_TASK,
      };
    });
    const res = await fetch(`${origin}/api/tasks`, {
      method: "POST",
      headers: { origin, cookie, "content-type": "application/json" },
      body: JSON.stringify(tasks),
    });
    if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}: ${await res.text()}`);
  }
  let results = 0;
  for (const taskUUID of uuids) {
    for (;;) {
      const res = await fetch(`${origin}/api/tasks/${taskUUID}`, { headers: { cookie } });
      const view = ((await res.json()) as { data?: { status: string; items: unknown[] } }).data;
      if (view && (view.status === "success" || view.status === "error")) {
        if (view.status === "error") throw new Error(`task ${taskUUID} failed`);
        results += view.items.length;
        break;
      }
      await sleep(250);
    }
  }
  return results;
}

interface Figures {
  firstIdle: Status;
  idle: Status;
  busy: Status;
  after: Status;
  results: number;
  seconds: number;
}

async function measure(env: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-memory-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const studioEnv = { ...env, DATA_DIR: dataDir };
  const first = await startStudio(studioEnv);
  const cookie = await setUpOwner(first.origin, "Bench", "bench@studio.test");
  await sleep(SETTLE_MS);
  const firstIdle = status(first.child.pid ?? 0);
  await stopStudio(first.child);
  const inspector = DETAIL ? await freePort() : 0;
  const { child, origin }: { child: ChildProcess; origin: string } = await startStudio(
    DETAIL
      ? { ...studioEnv, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect=127.0.0.1:${inspector}` }
      : studioEnv,
    undefined,
    undefined,
    {
      nodeArgs: [
        ...NODE_ARGS,
        ...(SNAPSHOTS ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${SNAPSHOTS}`] : []),
      ],
    },
  );
  const pid = child.pid ?? 0;
  const read = async (moment: string) => {
    const figures = status(pid);
    if (DETAIL)
      console.info([`  ${moment}: ${figures.rss} MB`, ...(await whereMemoryIs(pid, inspector))].join("\n"));
    return figures;
  };
  await sleep(SETTLE_MS);
  const idle = await read("idle after a restart");
  const name = env.DATABASE_URL ? "PostgreSQL" : "embedded database";
  const idleSnapshot = SNAPSHOTS ? await snapshot(pid) : null;
  const began = performance.now();
  const results = await sendAndKeep(origin, cookie);
  const seconds = (performance.now() - began) / 1000;
  const busy = await read("right after the results");
  await sleep(IDLE_AFTER_MS);
  const after = await read(`${Math.round(IDLE_AFTER_MS / 1000)} s after the results`);
  if (idleSnapshot) await heapGrowth(pid, origin, cookie, name, idleSnapshot, results);
  await stopStudio(child);
  return { firstIdle, idle, busy, after, results, seconds };
}

async function snapshot(pid: number): Promise<string> {
  mkdirSync(SNAPSHOTS ?? "", { recursive: true });
  return takeSnapshot(pid, SNAPSHOTS ?? "");
}

function printGrowth(title: string, before: string, after: string): void {
  console.info(
    [
      `\n${title} (${path.basename(before)}, ${path.basename(after)})`,
      ...describeGrowth(readSnapshot(before), readSnapshot(after)),
    ].join("\n"),
  );
}

/**
 * BENCH_HEAP_SNAPSHOTS: what the first results left in the main thread's heap beside the idle
 * studio's (what they loaded once, and what they left for good), then what another round of them
 * leaves beside that (what they leave for good alone).
 */
async function heapGrowth(
  pid: number,
  origin: string,
  cookie: string,
  name: string,
  idle: string,
  first: number,
) {
  const seconds = Math.round(IDLE_AFTER_MS / 1000);
  const before = await snapshot(pid);
  printGrowth(
    `The main thread's heap (${name}): objects new ${seconds} s after the first ${first} results`,
    idle,
    before,
  );
  const results = await sendAndKeep(origin, cookie);
  await sleep(IDLE_AFTER_MS);
  const after = await snapshot(pid);
  printGrowth(
    `The main thread's heap (${name}): objects new ${seconds} s after another ${results} results`,
    before,
    after,
  );
}

/** A database of its own for the run, or null when no PostgreSQL server can be had. */
async function postgresUrl(): Promise<string | null> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `bench_memory_${Date.now()}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    onStop(() => admin(`drop database if exists ${name} with (force)`));
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  }
  try {
    const local = await startLocalPostgres("bench_memory");
    onStop(local.stop);
    return local.url;
  } catch (err) {
    console.info(`PostgreSQL: skipped (${(err as Error).message.split("\n")[0]})`);
    return null;
  }
}

const mb = (s: Status) => `${String(s.rss).padStart(5)} MB`;
const detail = (s: Status) =>
  `(${s.anon} anonymous, ${s.file} files; ${s.threads} threads${s.processes > 1 ? ` in ${s.processes} processes` : ""})`;
const met = (s: Status) => `target < ${TARGET_MB} MB ${s.rss < TARGET_MB ? "met" : "NOT met"}`;

function print(name: string, f: Figures): void {
  console.info(
    `\nMedia Studio memory (${compiled ? "compiled server" : "server.ts through tsx"}, ${name}; resident, the studio and the processes it started)`,
  );
  console.info(`  first start (creates the database) ${mb(f.firstIdle)}  ${detail(f.firstIdle)}`);
  console.info(`  idle after a restart               ${mb(f.idle)}  ${detail(f.idle)}  ${met(f.idle)}`);
  console.info(
    `  right after ${f.results} results         ${mb(f.busy)}  ${detail(f.busy)}  (${f.seconds.toFixed(1)} s for ${TASKS} tasks)`,
  );
  console.info(
    `  idle ${Math.round(IDLE_AFTER_MS / 1000)} s after the results      ${mb(f.after)}  ${detail(f.after)}  ${met(f.after)}`,
  );
}

try {
  const embedded = await measure({});
  print("embedded database", embedded);
  const url = process.env.BENCH_SKIP_POSTGRES === "1" ? null : await postgresUrl();
  const postgres = url === null ? null : await measure({ DATABASE_URL: url });
  if (postgres) print("PostgreSQL", postgres);
  const seconds = Math.round(IDLE_AFTER_MS / 1000);
  const onPostgres = postgres
    ? `${postgres.idle.rss} MB, ${postgres.after.rss} MB (PostgreSQL)`
    : "skipped (PostgreSQL)";
  console.info(
    `\nbench:memory: idle ${embedded.idle.rss} MB after restart, ${embedded.after.rss} MB ${seconds} s after ${embedded.results} results (embedded); ${onPostgres}; target ${TARGET_MB} MB`,
  );
} finally {
  await stopAll();
}
