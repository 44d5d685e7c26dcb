/**
 * Resident memory of the production studio (embedded database and engine), read from
 * /proc/<pid>/status (VmRSS, the process and its render threads): idle after its first start
 * (which creates the embedded database) and sign-up; then, restarted on the same folder as it
 * runs from then on, idle, right after 1,000 results (100 image tasks of 10 results at 256x256 sent through
 * `POST /api/tasks` and kept), and idle again once its render threads have ended. Printed beside
 * the target: under 300 MB idle.
 *
 * Starts the studio as `npm start` does (the server compiled by `npm run build`; BENCH_TSX=1 runs
 * server.ts through tsx instead, as before), on a free port with a throwaway DATA_DIR.
 *
 *   npm run build && npm run bench:memory
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, ROOT } from "../e2e/fixtures/processes";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner } from "./studio-process";

const TARGET_MB = 300;
const TASKS = Number(process.env.BENCH_TASKS ?? 100);
const RESULTS_PER_TASK = 10;
const TASKS_PER_REQUEST = 10;
/** Long enough for a started server to settle (lazy modules, first GC) and, after, for idle threads to end. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 15_000);
const IDLE_AFTER_MS = Number(process.env.BENCH_IDLE_MS ?? 70_000);

const COMPILED = path.join(ROOT, ".build", "server.mjs");
const useTsx = process.env.BENCH_TSX === "1" || !existsSync(COMPILED);

const dataDir = mkdtempSync(path.join(tmpdir(), "studio-memory-"));
onStop(() => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

function threads(pid: number): number {
  return Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function start(): Promise<ChildProcess> {
  const args = useTsx ? ["--import", "tsx", "server.ts"] : [COMPILED];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // As `npm start` sets it: two glibc malloc arenas instead of eight per core, which the
      // render threads' and sharp's allocations otherwise leave resident after the work.
      ...(useTsx ? {} : { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  onStop(() => stop(child));
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(250)) {
    if (child.exitCode !== null) throw new Error("the studio exited while starting");
    const ready = await fetch(`${origin}/api/ready`).catch(() => null);
    if (ready?.ok) return child;
  }
  throw new Error("the studio did not become ready in 120 s");
}

async function sendAndKeep(cookie: string): Promise<number> {
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

try {
  const first = await start();
  const cookie = await setUpOwner(origin, "Bench", "bench@studio.test");
  await sleep(SETTLE_MS);
  const firstIdle = rssMb(first.pid ?? 0);
  await stop(first);
  const child = await start();
  const pid = child.pid ?? 0;
  await sleep(SETTLE_MS);
  const idle = rssMb(pid);
  const idleThreads = threads(pid);
  const began = performance.now();
  const results = await sendAndKeep(cookie);
  const seconds = (performance.now() - began) / 1000;
  const busy = rssMb(pid);
  const busyThreads = threads(pid);
  await sleep(IDLE_AFTER_MS);
  const after = rssMb(pid);
  const afterThreads = threads(pid);
  console.info(
    `\nMedia Studio memory (${useTsx ? "server.ts through tsx" : "compiled server"}, embedded database and engine)`,
  );
  console.info(`  first start (creates the database) ${String(firstIdle).padStart(5)} MB`);
  console.info(
    `  idle after a restart             ${String(idle).padStart(5)} MB  (${idleThreads} threads)  target < ${TARGET_MB} MB ${idle < TARGET_MB ? "met" : "NOT met"}`,
  );
  console.info(
    `  right after ${results} results       ${String(busy).padStart(5)} MB  (${busyThreads} threads)  (${seconds.toFixed(1)} s for ${TASKS} tasks)`,
  );
  console.info(
    `  idle ${Math.round(IDLE_AFTER_MS / 1000)} s after the results    ${String(after).padStart(5)} MB  (${afterThreads} threads)  target < ${TARGET_MB} MB ${after < TARGET_MB ? "met" : "NOT met"}`,
  );
} finally {
  await stopAll();
}
