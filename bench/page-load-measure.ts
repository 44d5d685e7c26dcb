/**
 * One page load, measured: the CPU all of one Chromium's processes spent from asking for a page (a
 * new context's, as a browser test has, or another way's: page-load-ways.ts) to the page shown and
 * idle and the page given back again, with its renderers' share, read from /proc
 * (process-tree.ts), and the script the page loaded. Used by page-load.bench.ts.
 */
import { readFileSync } from "node:fs";
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumPath } from "../scripts/chromium-path";
import type { Way } from "./page-load-ways";
import { childrenOf, ownCpuOf, readTree, threadsOf, treeCpu } from "./process-tree";
import { PAGE_LOAD_CATEGORIES, type TraceEvent } from "./trace-summary";

/** A page to load, and what says it is there beyond its heading and the live stream. */
export interface Target {
  name: string;
  path: string;
  /** A selector that appears once the page has read what it shows. */
  ready?: string;
  /** Text that `ready` holds once the page shows everything (an experiment's cells all done). */
  readyText?: string;
}

export interface Load {
  /**
   * CPU seconds of all Chromium's processes for the load; of its renderers alone until the page
   * was shown; of the GPU process (software compositing) and of the browser's own process.
   */
  cpu: number;
  renderer: number;
  gpu: number;
  browser: number;
  /** Script loaded by the page: bytes as decoded, as sent, and files. */
  decoded: number;
  sent: number;
  files: number;
  /** Each script file and its decoded bytes, largest first. */
  list: { name: string; decoded: number }[];
  /** Whether the page was shown by a renderer process started for this load (a cold script engine). */
  newRenderer: boolean;
  /** CPU seconds by process kind and thread name ("renderer/CrRendererMain"), the renderer's until shown. */
  threads: Map<string, number>;
  /** The load's trace events, when it was traced (its CPU figures then count the tracing too). */
  trace?: TraceEvent[];
}

/** A Chromium this bench started, and its own process (the root of its process tree). */
export interface Launched {
  browser: Browser;
  pid: number;
}

const isChromium = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("chrom");
  } catch {
    return false;
  }
};

/** Starts Debian's Chromium with `args` and finds its process among this bench's children. */
export async function launchChromium(args: readonly string[]): Promise<Launched> {
  const before = new Set(childrenOf(process.pid));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...args] });
  const pid = childrenOf(process.pid).find((child) => !before.has(child) && isChromium(child));
  if (pid === undefined) {
    await browser.close();
    throw new Error("no new Chromium process under this bench");
  }
  return { browser, pid };
}

/** A Chromium process's kind: its `--type` (renderer, gpu-process, utility, zygote), or browser. */
function kindOf(cmdline: string): string {
  return /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? "browser";
}

/** CPU seconds (user and system) each running process of the tree has used itself, and its kind. */
function ownCpu(root: number): Map<number, { kind: string; seconds: number }> {
  return new Map(
    readTree(root, (pid) => {
      const seconds = ownCpuOf(pid);
      if (seconds === null) return null;
      try {
        return [pid, { kind: kindOf(readFileSync(`/proc/${pid}/cmdline`, "utf8")), seconds }] as const;
      } catch {
        return null; // The process ended while it was read.
      }
    }),
  );
}

/** What the running processes of `kind` spent since `before` (one started since counts whole). */
function kindSince(kind: string, now: ReturnType<typeof ownCpu>, before: ReturnType<typeof ownCpu>): number {
  let seconds = 0;
  for (const [pid, cpu] of now)
    if (cpu.kind === kind) seconds += cpu.seconds - (before.get(pid)?.seconds ?? 0);
  return seconds;
}

/** CPU seconds of every thread of the tree's processes, summed by "kind/thread name". */
function threadCpu(processes: ReturnType<typeof ownCpu>): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const [pid, { kind }] of processes) {
    try {
      for (const { name, ms } of threadsOf(pid)) {
        const key = `${kind}/${name}`;
        seconds.set(key, (seconds.get(key) ?? 0) + ms / 1000);
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return seconds;
}

/** What each thread spent between two readings: the renderer's from `shown`, the rest from `after`. */
function threadsSince(before: Map<string, number>, shown: Map<string, number>, after: Map<string, number>) {
  const spent = new Map<string, number>();
  for (const [key, seconds] of shown)
    if (key.startsWith("renderer/")) spent.set(key, seconds - (before.get(key) ?? 0));
  for (const [key, seconds] of after)
    if (!key.startsWith("renderer/")) spent.set(key, seconds - (before.get(key) ?? 0));
  return spent;
}

/** Script resources the page loaded, from its resource timing (a string: tsx adds helpers to functions). */
const SCRIPTS = `performance.getEntriesByType("resource")
  .filter((e) => e.initiatorType === "script" || new URL(e.name).pathname.endsWith(".js"))
  .map((e) => ({ name: new URL(e.name).pathname, decoded: e.decodedBodySize, sent: e.encodedBodySize }))`;

/** Resolves once the page's main thread has had nothing left to do for a moment. */
const IDLE = `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 5000 }), { timeout: 5000 }))`;

/** How long the images in sight may take to load before the load is given up as failed. */
const IMAGES_WITHIN_MS = 30_000;

/**
 * Resolves once every image in sight has loaded (or failed): an experiment's grid drawn. Images
 * out of sight may wait for a scroll (lazy), so they are not waited for. Resolves with the
 * addresses of those still loading after IMAGES_WITHIN_MS: a Chromium that draws no frames (such
 * as one run with `--disable-threaded-compositing`) never starts a lazy image, and the bench
 * would otherwise wait on it for ever.
 */
const IMAGES = `(() => {
  const inSight = [...document.images]
    .filter((image) => { const r = image.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  const loaded = Promise.all(inSight.map((image) => image.complete ? null : new Promise((resolve) => {
    image.addEventListener("load", resolve, { once: true });
    image.addEventListener("error", resolve, { once: true });
  })));
  const late = new Promise((resolve) => setTimeout(resolve, ${IMAGES_WITHIN_MS}));
  return Promise.race([loaded, late]).then(() =>
    inSight.filter((image) => !image.complete).map((image) => new URL(image.currentSrc || image.src, location.href).pathname));
})()`;

async function shown(page: Page, target: Target) {
  await page
    .locator("h1")
    .first()
    .waitFor()
    .catch((error: unknown) => {
      throw new Error(
        `${target.name}: the page's heading never showed (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); does this Chromium draw frames with its switches?`,
      );
    });
  await page.locator("[data-stream-state=live]").waitFor();
  if (target.ready) {
    const ready = page.locator(target.ready);
    await (target.readyText ? ready.filter({ hasText: target.readyText }) : ready).first().waitFor();
  }
  const loading = (await page.evaluate(IMAGES)) as string[];
  if (loading.length > 0) {
    throw new Error(
      `${target.name}: ${loading.length} image(s) in sight still loading after ${IMAGES_WITHIN_MS / 1000} s (${loading.slice(0, 3).join(", ")}); does this Chromium draw frames with its switches?`,
    );
  }
  await page.evaluate(IDLE);
}

/** Waits until Chromium is back to `processes` processes (the closed context's renderer gone). */
async function settled(root: number, processes: number) {
  for (let i = 0; i < 50 && treeCpu(root).processes > processes; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a renderer among `now` was not running `before`. */
function rendererStarted(now: ReturnType<typeof ownCpu>, before: ReturnType<typeof ownCpu>): boolean {
  return [...now].some(([pid, { kind }]) => kind === "renderer" && !before.has(pid));
}

/** One load of `target` in a page `way` gives from `chromium`, given back to it after. */
export async function loadOnce(chromium: Launched, way: Way, target: Target, traced = false): Promise<Load> {
  const root = chromium.pid;
  const before = treeCpu(root);
  const processesBefore = ownCpu(root);
  const threadsBefore = threadCpu(processesBefore);
  const page = await way.open();
  if (traced) await chromium.browser.startTracing(page, { categories: PAGE_LOAD_CATEGORIES });
  await page.goto(target.path);
  await shown(page, target);
  const trace = traced
    ? (JSON.parse((await chromium.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    : null;
  const scripts = (await page.evaluate(SCRIPTS)) as { name: string; decoded: number; sent: number }[];
  const processesShown = ownCpu(root);
  const renderer = kindSince("renderer", processesShown, processesBefore);
  const threadsShown = threadCpu(processesShown);
  await way.close();
  await settled(root, before.processes);
  const after = ownCpu(root);
  const threads = threadsSince(threadsBefore, threadsShown, threadCpu(after));
  return {
    cpu: treeCpu(root).seconds - before.seconds,
    renderer,
    newRenderer: rendererStarted(processesShown, processesBefore),
    gpu: kindSince("gpu-process", after, processesBefore),
    browser: kindSince("browser", after, processesBefore),
    decoded: scripts.reduce((sum, s) => sum + s.decoded, 0),
    sent: scripts.reduce((sum, s) => sum + s.sent, 0),
    files: scripts.length,
    list: scripts.map(({ name, decoded }) => ({ name, decoded })).sort((a, b) => b.decoded - a.decoded),
    threads,
    ...(trace ? { trace: trace.traceEvents } : {}),
  };
}
