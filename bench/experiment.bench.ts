/**
 * A 10x10 experiment at a real service's pace, in Debian's Chromium against the production studio:
 * ten prompts x ten seeds from the text-to-image page's Vary… dialog. The embedded engine runs
 * paced (ENGINE_PACE_MS, ENGINE_PACE_PARALLEL: each result held on a timer, a service's number at
 * once, no render per task), so the studio's own work is measured rather than its race with the
 * renderer for two cores. The owner sets the tasks at work per member a quarter above the
 * service's parallelism, so the service always has the next task at hand; BENCH_ACTIVE=8 sets it
 * to the parallelism itself, where each round waits on the studio handing over the next task once
 * a result is in (2026-12-02, one run each: the span of the service's work 28.08 s before a slot
 * was freed as its results arrived, 27.45 s after, beside the paced service's 26.3 s).
 *
 * Measures the time from pressing Run to the last of the 100 cells shown on the experiment page
 * (every cell finished, and every cell the grid draws showing its image) beside the paced
 * service's own makespan for the same 100 tasks (the cells' own parameters) sent straight to the
 * engine's HTTP API (`POST /v1`, sync, each image's bytes fetched) with as many in flight as it
 * works on at once. Meanwhile a script presses the grid's zoom once a second; the page's INP is the
 * slowest of those interactions (Event Timing entries, PerformanceObserver).
 *
 * Then four experimenters at once: the owner and three editors, each in a browser context of
 * their own, start a 10x10 from the Vary dialog together; the share of the service's rate they
 * keep is the service's own makespan for the same 400 tasks over the time from their Run presses
 * to the last cell shown on the last of the four pages.
 *
 * Then each cell's timeline of the first run, stage by stage: the server's points from
 * `GET /api/ops/timelines` (runner, submit, the service, the media bytes, keep, settle, the cell's
 * event, the relay) and the browser's own (the event received on its socket, the cell's image
 * shown), the median of each beside the engine's own round trip and bytes fetch; and the database
 * queries per cell (`studio_db_queries_total` from `/metrics`, before and after the run).
 *
 * Targets: the studio adds under 3% to the paced service; four at once keep 95% of its rate; INP
 * under 100 ms. Pace: BENCH_PACE_MS (2000), BENCH_PACE_SPREAD_MS (0), BENCH_PACE_PARALLEL (8).
 * Runs the production build (`npm run build` first) on a free port with a throwaway DATA_DIR, on
 * the embedded database, or with BENCH_DATABASE=postgres on a throwaway PostgreSQL cluster
 * (bench/local-postgres.ts).
 *
 * BENCH_FIRST_ONLY=1 runs the first 10x10 alone (its zoom presses, INP and timeline), not the four
 * at once. BENCH_TRACE=1 traces the page through the first run and prints where the main thread's
 * time went in the PRESS_WINDOW_MS after each zoom press (script, style, layout, paint), the
 * busiest presses and the median; BENCH_TRACE_FILE=<file> keeps the trace.
 *
 *   npm run bench:experiment
 *   BENCH_DATABASE=postgres npm run bench:experiment
 *   BENCH_FIRST_ONLY=1 BENCH_TRACE=1 npm run bench:experiment
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { freePort, startProcess, stopProcess } from "../e2e/fixtures/processes";
import { chromiumPath } from "../scripts/chromium-path";
import { startLocalPostgres } from "./local-postgres";
import { threadsOf } from "./process-tree";
import { onStop, stopAll } from "./stop-on-exit";
import {
  kindOf,
  kindsWithin,
  selfTimes,
  type TraceEvent,
  threadsNamed,
  type WorkKind,
} from "./trace-summary";

const SIDE = 10;
const CELLS = SIDE * SIDE;
const EXPERIMENTERS = 4;
const PACE = {
  ms: Number(process.env.BENCH_PACE_MS ?? 2_000),
  spreadMs: Number(process.env.BENCH_PACE_SPREAD_MS ?? 0),
  parallel: Number(process.env.BENCH_PACE_PARALLEL ?? 8),
};
/** A person changing the zoom while the grid fills: about once a second. */
const PRESS_EVERY_MS = 1_000;
/** The stretch after a zoom press's pointerdown that BENCH_TRACE=1 counts as the press's. */
const PRESS_WINDOW_MS = 250;
const FIRST_ONLY = process.env.BENCH_FIRST_ONLY === "1";
const TRACED = process.env.BENCH_TRACE === "1";
const KEY = `bench-${crypto.randomUUID()}`;
const METRICS_TOKEN = `bench-metrics-${crypto.randomUUID()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-experiment-"));
onStop(() => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://localhost:${port}`;
const SUBJECTS = [
  "fox",
  "owl",
  "lighthouse",
  "harbour",
  "forest",
  "glacier",
  "tower",
  "river",
  "desert",
  "orchard",
];
const PROMPTS = SUBJECTS.map((s) => `a ${s} at dusk, soft light, wide view`);

interface Cell {
  key: string;
  taskUUID: string | null;
  params: Record<string, unknown>;
  status: string;
}

/** `studio_db_queries_total` from the studio's `/metrics`. */
async function dbQueries(): Promise<number> {
  const text = await (
    await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split("\n").find((l) => l.startsWith("studio_db_queries_total "));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

/**
 * CPU seconds (user + system) used so far by `pid` and every process below it (Linux `/proc`),
 * leaving out the processes in `skip` (and theirs) and, with `ownToo` false, `pid` itself.
 */
function cpuSeconds(pid: number | undefined, skip: (number | undefined)[] = [], ownToo = true): number {
  if (pid === undefined) return Number.NaN;
  const tick = 100; // USER_HZ on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        cpu: (Number(fields[11]) + Number(fields[12])) / tick,
      });
    } catch {
      // Ended between the listing and the read.
    }
  }
  let total = 0;
  const walk = (p: number, own: boolean) => {
    if (skip.includes(p)) return;
    if (own) total += stats.get(p)?.cpu ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) walk(child, true);
  };
  walk(pid, ownToo);
  return total;
}

/** CPU seconds of each thread of `pid`, summed by the thread's name. */
function threadCpu(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (pid === undefined) return out;
  for (const { tid, name, ms } of threadsOf(pid)) {
    const key = tid === String(pid) ? "main thread" : name;
    out.set(key, (out.get(key) ?? 0) + ms / 1000);
  }
  return out;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] as number);
};

/** Each task's round trip (POST /v1 to its answer) and its bytes fetch, ms. */
const engineStages = { render: [] as number[], bytes: [] as number[] };

/** Sends `tasks` straight to the engine, `concurrency` at a time; ms until the last image's bytes. */
async function direct(
  tasks: Record<string, unknown>[],
  concurrency: number,
  stages = engineStages,
): Promise<number> {
  const queue = [...tasks];
  const start = performance.now();
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const sentAt = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/v1`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify([{ ...task, taskUUID: crypto.randomUUID() }]),
      });
      const body = (await res.json()) as { data?: { imageURL?: string }[] };
      const url = body.data?.[0]?.imageURL;
      if (!url) throw new Error(`engine answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      const answeredAt = performance.now();
      await (await fetch(url)).arrayBuffer();
      stages.render.push(answeredAt - sentAt);
      stages.bytes.push(performance.now() - answeredAt);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - start;
}

/**
 * Marks, in the page's own clock, the press of Run and the moment the last cell is shown: every
 * cell finished (the grid's progress bar full) and every cell the grid draws done with its image
 * loaded. A large grid draws only the cells in sight, so the cells out of sight are counted by
 * the bar, as a person reads it.
 */
/**
 * Page-side: runs `see` (batched to one call a task) whenever the document changes or an image
 * finishes loading, from the page's start.
 */
const WATCH_PAGE = `function watchPage(see) {
  let queued = false;
  const soon = () => { if (queued) return; queued = true; setTimeout(() => { queued = false; see(); }, 0); };
  document.addEventListener("load", soon, true);
  const observe = () => new MutationObserver(soon).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status", "src", "aria-valuenow"] });
  if (document.documentElement) observe(); else document.addEventListener("readystatechange", observe, { once: true });
}`;

const WATCH_RUN = `(() => {
  ${WATCH_PAGE}
  const b = { runAt: 0, lastAt: 0, runWall: 0, lastWall: 0, interactions: new Map(), parts: new Map(), frames: [] };
  window.__bench = b;
  const wall = () => performance.timeOrigin + performance.now();
  document.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target.closest("button") : null;
    if (t && /^Run \\d+ cells/.test(t.textContent.trim())) { b.runAt = performance.now(); b.runWall = wall(); }
  }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      b.interactions.set(e.interactionId, Math.max(b.interactions.get(e.interactionId) ?? 0, e.duration));
      // Where the slowest event of each press went: waiting for the main thread, its handlers,
      // and from their end to the frame that showed their effect.
      const was = b.parts.get(e.interactionId);
      if (!was || e.duration > was.duration) b.parts.set(e.interactionId, {
        start: e.startTime, duration: e.duration, type: e.name,
        input: e.processingStart - e.startTime,
        handlers: e.processingEnd - e.processingStart,
        presentation: e.startTime + e.duration - e.processingEnd,
      });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  // Long animation frames, with the scripts that ran in them: what held a press's frame back.
  if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) new PerformanceObserver((list) => {
    for (const f of list.getEntries()) b.frames.push({
      start: f.startTime, duration: f.duration, blocking: f.blockingDuration,
      render: f.renderStart ? f.startTime + f.duration - f.renderStart : 0,
      style: f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0,
      scripts: f.scripts.map((x) => ({ invoker: x.invoker, duration: Math.round(x.duration), source: x.sourceFunctionName || x.sourceURL.split("/").at(-1) })),
    });
  }).observe({ type: "long-animation-frame", buffered: true });
  const shown = () => {
    const bar = document.querySelector('[role=progressbar][aria-label="Cells finished"]');
    if (!bar || Number(bar.getAttribute("aria-valuenow")) < ${CELLS}) return false;
    const drawn = document.querySelectorAll("[data-cell]");
    if (drawn.length === 0) return false;
    for (const cell of drawn) {
      if (cell.getAttribute("data-status") !== "done") return false;
      const img = cell.querySelector("img");
      if (!img || !img.complete || img.naturalWidth === 0) return false;
    }
    return true;
  };
  // Checked when the page changes or an image loads, not on every frame: a probe polling each
  // frame keeps the page drawing 60 frames a second, which no person's page does, and its frames
  // would stand in the way of the presses it measures.
  const check = () => {
    if (b.lastAt > 0 || !shown()) return;
    b.lastAt = performance.now();
    b.lastWall = wall();
  };
  watchPage(check);
})()`;

/** The text-to-image page with the Vary dialog filled for ten prompts x ten seeds: its Run button. */
async function readyToRun(page: Page, prompts: string[]) {
  await page.goto("/create/text-to-image");
  await page.locator("form[aria-busy=false]").waitFor();
  await page.locator("[data-stream-state=live]").waitFor();
  await page.locator("#f-positivePrompt").fill(prompts[0] as string);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await dialog.getByLabel("Prompts, one a line").fill(prompts.join("\n"));
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill(String(SIDE));
  const run = dialog.getByRole("button", { name: `Run ${CELLS} cells` });
  await run.waitFor();
  return run;
}

/** Until the page's last cell is shown (WATCH_RUN). */
async function lastShown(page: Page): Promise<void> {
  // Read by the page's evaluate, not waitForFunction: the studio's CSP refuses the latter's eval.
  while (((await page.evaluate("window.__bench.lastAt")) as number) === 0) await page.waitForTimeout(250);
}

/** The experiment's cells as tasks to send straight to the engine. */
async function cellTasks(context: BrowserContext, id: string) {
  const view = (await (await context.request.get(`/api/experiments/${id}`)).json()) as {
    data: { cells: Cell[]; concurrency: number };
  };
  const cells = view.data.cells;
  if (cells.length !== CELLS || cells.some((c) => c.status !== "done")) {
    throw new Error(`the grid did not finish: ${cells.filter((c) => c.status === "done").length} done`);
  }
  const tasks = cells.map(({ params }) => {
    const { deliveryMethod: _async, taskUUID: _id, ...rest } = params;
    return rest;
  });
  return { cells, tasks, concurrency: view.data.concurrency };
}

const row = (name: string, value: string, target: string) =>
  console.info(`${name.padEnd(52)}${value.padStart(12)}   ${target}`);

/**
 * Where the page's main thread went in the PRESS_WINDOW_MS after each zoom press's pointerdown:
 * the three busiest presses and the median of each kind of work over all of them.
 */
function printPresses(events: TraceEvent[]) {
  const main = threadsNamed(events, "CrRendererMain");
  // The main thread's complete events in time order, each press's stretch cut out of them.
  const spans = events
    .filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`))
    .sort((x, y) => x.ts - y.ts);
  const downs = spans.filter(
    (e) =>
      e.name === "EventDispatch" &&
      (e.args as { data?: { type?: string } } | undefined)?.data?.type === "pointerdown",
  );
  const firstAt = (ts: number) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((spans[mid]?.ts ?? 0) < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const kinds: WorkKind[] = ["script", "style", "layout", "paint", "other"];
  const own = new Map<string, number>();
  const presses = downs.map((d) => {
    const end = d.ts + PRESS_WINDOW_MS * 1000;
    const inside = spans.slice(firstAt(d.ts), firstAt(end));
    const k = kindsWithin(inside, main, d.ts, end);
    for (const { name, ms } of selfTimes(inside, main)) own.set(name, (own.get(name) ?? 0) + ms);
    return { ...k, busy: kinds.reduce((sum, kind) => sum + k[kind], 0) };
  });
  const line = (p: Record<WorkKind | "busy", number>) =>
    `busy ${p.busy.toFixed(0)} ms: ${kinds.map((k) => `${k} ${p[k].toFixed(0)}`).join(", ")}`;
  console.info(
    `\nthe page's main thread in the ${PRESS_WINDOW_MS} ms after each of ${presses.length} traced presses`,
  );
  for (const p of [...presses].sort((x, y) => y.busy - x.busy).slice(0, 3))
    console.info(`  press: ${line(p)}`);
  const med = Object.fromEntries(
    [...kinds, "busy" as const].map((k) => [k, median(presses.map((p) => p[k]))]),
  ) as Record<WorkKind | "busy", number>;
  console.info(`  median: ${line(med)}`);
  // The trace events that took the most of those stretches, on average over the presses.
  for (const [name, ms] of [...own].sort((x, y) => y[1] - x[1]).slice(0, 12))
    console.info(
      `    ${name.padEnd(44)}${(ms / Math.max(1, downs.length)).toFixed(1).padStart(8)} ms a press (${kindOf(name)})`,
    );
}

try {
  const postgres =
    process.env.BENCH_DATABASE === "postgres" ? await startLocalPostgres("bench_experiment") : null;
  if (postgres) onStop(postgres.stop);
  const server = await startProcess(
    "server.ts",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ENGINE_DATA_DIR: path.join(dataDir, "engine"),
      ENGINE_API_KEYS: KEY,
      ENGINE_PACE_MS: String(PACE.ms),
      ENGINE_PACE_SPREAD_MS: String(PACE.spreadMs),
      ENGINE_PACE_PARALLEL: String(PACE.parallel),
      METRICS_TOKEN,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      // BENCH_SERVER_NODE_OPTIONS="--import ./bench/cpu-profile.mjs" with BENCH_PROFILE_DIR=DIR: the
      // studio's CPU profile of the run.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
    `http://127.0.0.1:${port}/sign-in`,
    // Six people's builds and tests on two cores can hold a production start for minutes.
    600_000,
  );
  onStop(() => stopProcess(server));
  // BENCH_SERVER_LOG=<file>: the studio's log of the run, to see where the time went.
  const logFile = process.env.BENCH_SERVER_LOG;
  if (logFile) onStop(() => writeFileSync(logFile, server.output()));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  onStop(() => browser.close());
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  // A page's first load on a production build can wait minutes behind other work on two cores.
  context.setDefaultTimeout(300_000);
  const setup = await context.request.post("/api/setup", {
    headers: { origin },
    data: { name: "Bench", email: "bench@studio.test", password: "bench password" },
  });
  if (!setup.ok()) throw new Error(`set-up failed: ${setup.status()}`);
  // The owner of a studio on a service that works on PACE.parallel at once lets each member keep as
  // many at work as an experiment keeps in flight there (its slots, and a quarter more waiting).
  const limits = (await (await context.request.get("/api/limits")).json()) as {
    data: Record<string, number>;
  };
  const raised = await context.request.put("/api/limits", {
    headers: { origin },
    data: {
      ...limits.data,
      activePerMember:
        Number(process.env.BENCH_ACTIVE ?? 0) ||
        Math.max(limits.data.activePerMember ?? 0, PACE.parallel + Math.ceil(PACE.parallel / 4)),
    },
  });
  if (!raised.ok()) throw new Error(`the limits were not saved: ${raised.status()}`);

  const page = await context.newPage();
  // The browser's points of each cell: its "done" event read from the live socket, and its image
  // shown (loaded and in a cell marked done), in the same clock as the server's timelines.
  await page.addInitScript(`(() => {
    ${WATCH_PAGE}
    const wall = () => performance.timeOrigin + performance.now();
    const times = { received: {}, shown: {} };
    window.__cellTimes = times;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (e) => {
          const at = wall();
          if (typeof e.data !== "string" || !e.data.includes('"experiment"')) return;
          try {
            const cells = JSON.parse(e.data)?.change?.cells ?? [];
            for (const c of cells) if (c.status === "done" && !(c.key in times.received)) times.received[c.key] = at;
          } catch {}
        });
      }
    };
    const look = () => {
      for (const cell of document.querySelectorAll("[data-status=done][data-cell]")) {
        const key = cell.getAttribute("data-cell");
        if (key in times.shown) continue;
        const img = cell.querySelector("img");
        if (img && img.complete && img.naturalWidth > 0) times.shown[key] = wall();
      }
    };
    watchPage(look);
  })()`);
  const run = await readyToRun(page, PROMPTS);

  // One task straight to the engine first: the pace's one render of this model and size is made.
  await direct(
    [
      {
        taskType: "imageInference",
        positivePrompt: "a warm-up",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
      },
    ],
    1,
    { render: [], bytes: [] },
  );

  // Run is pressed by the page's own click handler, so the clock starts with the press. The grid
  // page is a client-side navigation: the same window keeps the clock and the observers.
  await page.evaluate(WATCH_RUN);
  // The grid's reads while it fills: how often the page refetched the experiment, and how long each took.
  const reads: number[] = [];
  const thumbs: number[] = [];
  page.on("requestfinished", (request) => {
    if (/\/api\/items\/[0-9a-f-]{36}\/thumb/.test(request.url())) {
      const t = request.timing();
      thumbs.push(t.responseEnd - t.requestStart);
    }
    if (/\/api\/experiments\/[0-9a-f-]{36}$/.test(request.url()) && request.method() === "GET") {
      const t = request.timing();
      reads.push(t.responseEnd - t.requestStart);
    }
  });
  const queriesBefore = await dbQueries();
  // The browser: every process this bench started but the studio's.
  const browserCpu = () => cpuSeconds(process.pid, [server.pid], false);
  const cpuBefore = { server: cpuSeconds(server.pid), browser: browserCpu() };
  const threadsBefore = threadCpu(server.pid);
  // BENCH_PROFILE_DIR: the page's own CPU profile of the run too (DevTools' Profiler).
  const cdp = process.env.BENCH_PROFILE_DIR ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.start");
  }
  if (TRACED)
    await browser.startTracing(page, {
      categories: [
        "toplevel",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "blink",
      ],
    });
  await run.click();
  await page.waitForURL(/\/experiments\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1) as string;

  // Zoom pressed while the cells stream in, until the last one is shown.
  const sizes = ["Small", "Medium", "Large"];
  let presses = 0;
  for (;;) {
    const done = (await page.evaluate("window.__bench.lastAt")) as number;
    if (done > 0) break;
    await page.getByRole("radio", { name: sizes[presses % sizes.length] }).click();
    presses++;
    await page.waitForTimeout(PRESS_EVERY_MS);
  }
  const traceText = TRACED ? (await browser.stopTracing()).toString() : null;
  // BENCH_TRACE_FILE: the trace itself too, to open in DevTools' Performance panel.
  if (traceText && process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, traceText);
  const trace = traceText ? (JSON.parse(traceText) as { traceEvents: TraceEvent[] }).traceEvents : null;
  const figures = (await page.evaluate(
    "({ runWall: window.__bench.runWall, lastWall: window.__bench.lastWall, total: window.__bench.lastAt - window.__bench.runAt, worst: Math.max(0, ...window.__bench.interactions.values()), slow: window.__bench.interactions.size })",
  )) as { runWall: number; lastWall: number; total: number; worst: number; slow: number };

  // The three slowest presses, each with the long frames that overlapped it.
  const slowest = (await page.evaluate(`(() => {
    const b = window.__bench;
    return [...b.parts.values()].sort((x, y) => y.duration - x.duration).slice(0, 3).map((p) => ({
      ...p,
      frames: b.frames.filter((f) => f.start < p.start + p.duration && f.start + f.duration > p.start),
    }));
  })()`)) as {
    type: string;
    duration: number;
    input: number;
    handlers: number;
    presentation: number;
    frames: {
      duration: number;
      style: number;
      render: number;
      scripts: { invoker: string; source: string; duration: number }[];
    }[];
  }[];
  const queriesAfter = await dbQueries();
  if (cdp && process.env.BENCH_PROFILE_DIR) {
    const { profile } = await cdp.send("Profiler.stop");
    mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, "page.cpuprofile"), JSON.stringify(profile));
  }
  const threadsAfter = threadCpu(server.pid);
  const cpuStudio = {
    server: cpuSeconds(server.pid) - cpuBefore.server,
    browser: browserCpu() - cpuBefore.browser,
  };
  const { cells, tasks, concurrency } = await cellTasks(context, id);
  const timelines = (await (await context.request.get("/api/ops/timelines?limit=2000")).json()) as {
    data: { points: string[]; tasks: { taskUUID: string; at: Record<string, number> }[] };
  };
  const browserTimes = (await page.evaluate("window.__cellTimes")) as {
    received: Record<string, number>;
    shown: Record<string, number>;
  };
  const serverBeforeEngine = cpuSeconds(server.pid);
  const engine = await direct(tasks, PACE.parallel);
  const cpuEngine = cpuSeconds(server.pid) - serverBeforeEngine;
  // BENCH_SCREENSHOT_DIR: the finished grid as a person sees it, on a laptop and a smaller screen.
  const shots = process.env.BENCH_SCREENSHOT_DIR;
  if (shots) {
    await page.screenshot({ path: path.join(shots, "experiment-10x10-1440x900.png") });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: path.join(shots, "experiment-10x10-1280x720.png") });
  }
  await page.close();

  const added = (figures.total - engine) / engine;
  console.info(
    `\n${SIDE}x${SIDE} experiment (${PROMPTS.length} prompts x ${SIDE} seeds), ${concurrency} cells in flight, paced service: ${PACE.ms} ms${PACE.spreadMs ? ` + up to ${PACE.spreadMs} ms` : ""} a task, ${PACE.parallel} at once, ${postgres ? "PostgreSQL" : "embedded database"}`,
  );
  row("studio: Run to the last cell shown", `${(figures.total / 1000).toFixed(2)} s`, "");
  row(
    `paced service: the same ${CELLS} tasks, ${PACE.parallel} at once`,
    `${(engine / 1000).toFixed(2)} s`,
    "",
  );
  row("studio adds", `${(added * 100).toFixed(1)} %`, "target < 3 %");
  row(
    `INP while cells stream in (${presses} zoom presses)`,
    figures.slow === 0 ? "< 16 ms" : `${figures.worst.toFixed(0)} ms`,
    "target < 100 ms",
  );
  if (figures.slow > 0) row("presses slower than 16 ms", String(figures.slow), "");
  for (const press of slowest) {
    console.info(
      `  press ${press.type} ${press.duration.toFixed(0)} ms: input delay ${press.input.toFixed(0)}, handlers ${press.handlers.toFixed(0)}, to the next frame ${press.presentation.toFixed(0)}`,
    );
    for (const f of press.frames)
      console.info(
        `    frame ${f.duration.toFixed(0)} ms (style and layout ${f.style.toFixed(0)}, render ${f.render.toFixed(0)}): ${f.scripts.map((x) => `${x.invoker} ${x.source} ${x.duration}`).join("; ")}`,
      );
  }
  if (trace) printPresses(trace);
  row(
    "grid reads while it filled (GET the experiment)",
    `${reads.length} x ${median(reads).toFixed(0)} ms`,
    "median each",
  );
  row(
    "thumbnails the grid read while it filled",
    `${thumbs.length} x ${median(thumbs).toFixed(0)} ms`,
    "median each",
  );
  row(
    "database queries per cell (the whole run / 100)",
    ((queriesAfter - queriesBefore) / cells.length).toFixed(1),
    "",
  );

  // Where the two cores went: the studio's run on the server and in the browser, beside the
  // engine's own run of the same tasks on the same server process.
  row(
    "CPU per cell, studio run: server process (engine in it)",
    `${((cpuStudio.server / cells.length) * 1000).toFixed(1)} ms`,
    `engine alone ${((cpuEngine / cells.length) * 1000).toFixed(1)} ms`,
  );
  const byThread = [...threadsAfter]
    .map(([name, cpu]) => [name, cpu - (threadsBefore.get(name) ?? 0)] as const)
    .filter(([, cpu]) => cpu > 0.05)
    .sort((x, y) => y[1] - x[1]);
  for (const [name, cpu] of byThread)
    row(`  of which threads named "${name}"`, `${((cpu / cells.length) * 1000).toFixed(1)} ms`, "");
  row(
    "CPU per cell, studio run: Chromium",
    `${((cpuStudio.browser / cells.length) * 1000).toFixed(1)} ms`,
    "",
  );

  // A cell's timeline: each stage's median over the grid's cells, beside the engine's own.
  const byTask = new Map(timelines.data.tasks.map((t) => [t.taskUUID, t.at]));
  const points = [...timelines.data.points, "received", "shown"];
  const stages = new Map<string, number[]>(points.slice(1).map((p) => [p, []]));
  for (const cell of cells) {
    const at: Record<string, number> = { ...(cell.taskUUID ? byTask.get(cell.taskUUID) : undefined) };
    const received = browserTimes.received[cell.key];
    const shown = browserTimes.shown[cell.key];
    if (received !== undefined) at.received = received;
    if (shown !== undefined) at.shown = shown;
    let before: number | undefined;
    for (const point of points) {
      const now = at[point];
      if (now === undefined) continue;
      if (before !== undefined) stages.get(point)?.push(now - before);
      before = now;
    }
  }
  const engineBeside: Record<string, string> = {
    arrived: `engine's round trip ${median(engineStages.render).toFixed(1)} ms`,
    fetched: `engine's bytes ${median(engineStages.bytes).toFixed(1)} ms`,
  };
  console.info("\na cell's timeline: median ms of each stage (from the point before)");
  let studioOwn = 0;
  for (const [point, values] of stages) {
    const m = median(values);
    if (point !== "arrived" && Number.isFinite(m)) studioOwn += m;
    row(
      `  ${point} (${values.length} cells)`,
      Number.isFinite(m) ? `${m.toFixed(1)} ms` : "-",
      engineBeside[point] ?? "",
    );
  }
  row("  the studio's own stages, summed (all but the service)", `${studioOwn.toFixed(1)} ms`, "");
  // The run's two ends, where what the studio adds to the service's makespan shows: from the Run
  // press to the service's first task, and from its last result to the last cell shown.
  const edge = (point: string, pick: (xs: number[]) => number) => {
    const times = cells.flatMap((c) => {
      const at = c.taskUUID ? byTask.get(c.taskUUID)?.[point] : undefined;
      return at === undefined ? [] : [at];
    });
    return times.length > 0 ? pick(times) : Number.NaN;
  };
  const firstSent = edge("sent", (xs) => Math.min(...xs));
  const lastArrived = edge("arrived", (xs) => Math.max(...xs));
  const firstPicked = edge("picked", (xs) => Math.min(...xs));
  const firstSubmitted = edge("submitted", (xs) => Math.min(...xs));
  row(
    "Run press to the first task at the service",
    `${(firstSent - figures.runWall).toFixed(0)} ms`,
    `to the runner's first pick ${(firstPicked - figures.runWall).toFixed(0)} ms, its submit ${(firstSubmitted - figures.runWall).toFixed(0)} ms`,
  );
  row(
    "the service's span: first task sent to last result in",
    `${((lastArrived - firstSent) / 1000).toFixed(2)} s`,
    `paced service alone ${(engine / 1000).toFixed(2)} s`,
  );
  row("last result in to the last cell shown", `${(figures.lastWall - lastArrived).toFixed(0)} ms`, "");
  const firstRun = `studio adds ${(added * 100).toFixed(1)}% to the paced service (INP ${figures.slow === 0 ? "< 16" : figures.worst.toFixed(0)} ms)`;
  if (FIRST_ONLY)
    console.info(`\nbench:experiment: ${firstRun}; load ${readFileSync("/proc/loadavg", "utf8").trim()}`);
  else await fourAtOnce(browser, context, firstRun);
} finally {
  await stopAll();
}

/**
 * Four experimenters: the owner and three editors who joined by invitation, each in a context of
 * their own, with their Vary dialogs ready; Run pressed on the four together.
 */
async function fourAtOnce(browser: Browser, context: BrowserContext, firstRun: string) {
  const contexts: BrowserContext[] = [context];
  for (let i = 1; i < EXPERIMENTERS; i++) {
    const email = `member${i}@studio.test`;
    const invite = await context.request.post("/api/invitations", {
      headers: { origin },
      data: { role: "editor", email },
    });
    if (invite.status() !== 201) throw new Error(`invitation failed: ${invite.status()}`);
    const { url } = ((await invite.json()) as { data: { url: string } }).data;
    const member = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    member.setDefaultTimeout(300_000);
    const joined = await member.request.post("/api/invitations/accept", {
      headers: { origin },
      data: { token: url.split("/invite/")[1] ?? "", name: `Member ${i}`, email, password: "bench password" },
    });
    if (!joined.ok()) throw new Error(`joining failed: ${joined.status()}`);
    contexts.push(member);
  }
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  const runs = await Promise.all(
    pages.map((p, i) =>
      readyToRun(
        p,
        SUBJECTS.map((s) => `a ${s} at dusk, experimenter ${i + 1}'s take, soft light`),
      ),
    ),
  );
  await Promise.all(pages.map((p) => p.evaluate(WATCH_RUN)));
  await Promise.all(runs.map((r) => r.click()));
  await Promise.all(pages.map((p) => p.waitForURL(/\/experiments\/[0-9a-f-]{36}$/)));
  await Promise.all(pages.map(lastShown));
  const walls = (await Promise.all(
    pages.map((p) => p.evaluate("({ run: window.__bench.runWall, last: window.__bench.lastWall })")),
  )) as { run: number; last: number }[];
  const together = Math.max(...walls.map((w) => w.last)) - Math.min(...walls.map((w) => w.run));
  const all = await Promise.all(
    pages.map((p, i) => cellTasks(contexts[i] as BrowserContext, p.url().split("/").at(-1) as string)),
  );
  const engineFour = await direct(
    all.flatMap((a) => a.tasks),
    PACE.parallel,
    { render: [], bytes: [] },
  );
  const kept = engineFour / together;

  row(
    `${EXPERIMENTERS} at once: Runs to the last cell shown (${EXPERIMENTERS * CELLS})`,
    `${(together / 1000).toFixed(2)} s`,
    "",
  );
  row(`paced service: the same ${EXPERIMENTERS * CELLS} tasks`, `${(engineFour / 1000).toFixed(2)} s`, "");
  row(
    `${EXPERIMENTERS} at once keep of the service's rate`,
    `${(kept * 100).toFixed(0)} %`,
    "target >= 95 %",
  );
  console.info(`\nbench:experiment: ${firstRun}; four at once keep ${(kept * 100).toFixed(0)}% of its rate`);
}
