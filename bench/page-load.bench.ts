/**
 * What one studio page costs the browser to load: the gallery, a Create form, experiments, the
 * inbox and settings, each opened in a fresh browser context (as every browser test does, and as a
 * person's first visit does: no cached script, nothing compiled), in Debian's Chromium with the
 * browser tests' switches. For each page: the JavaScript it loads (as decoded, and as sent) and
 * the CPU all of Chromium's processes spent from the new context to the page shown and idle and
 * the context closed again, read from /proc (process-tree.ts), with the renderer's share.
 *
 * Runs the production build (`npm run build` first) on a free port with a throwaway DATA_DIR.
 * The machine's load average is printed before and after: figures are comparable only on a
 * machine about as busy.
 *
 *   npm run bench:page-load            (BENCH_ROUNDS=10 for more)
 *
 * Before and after a change, in one run: BENCH_BASELINE_DIR names a folder with the other build's
 * `.next` and `.build` beside links to this checkout's other entries (node_modules, lib, public,
 * next.config.mjs...); its pages load alternately with this build's and get a summary line of
 * their own.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { ROOT } from "../e2e/fixtures/processes";
import { CHROMIUM_ARGS, chromiumPath } from "../scripts/chromium-path";
import { childrenOf, treeCpu } from "./process-tree";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio } from "./studio-process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The pages, and what says each is there: its heading, the live stream, a form's draft read. */
const PAGES = [
  { name: "gallery", path: "/gallery" },
  { name: "create", path: "/create/text-to-image", ready: "form[aria-busy=false]" },
  { name: "experiments", path: "/experiments" },
  { name: "inbox", path: "/inbox" },
  { name: "settings", path: "/settings" },
] as const;

interface Load {
  /** CPU seconds of all Chromium's processes for the load, and of its renderers alone. */
  cpu: number;
  renderer: number;
  /** Script loaded by the page: bytes as decoded, as sent, and files. */
  decoded: number;
  sent: number;
  files: number;
  /** Each script file and its decoded bytes, largest first. */
  list: { name: string; decoded: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** The browser's own process: the Chromium this bench started (a child of this process). */
function browserPid(): number {
  const pid = childrenOf(process.pid).find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("chrom");
    } catch {
      return false;
    }
  });
  if (pid === undefined) throw new Error("no Chromium process under this bench");
  return pid;
}

/** CPU seconds of each running Chromium process started with `--type=renderer`, by process id. */
function rendererCpu(root: number): Map<number, number> {
  const seconds = new Map<number, number>();
  const pending = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    pending.push(...childrenOf(next));
    try {
      if (!readFileSync(`/proc/${next}/cmdline`, "utf8").includes("--type=renderer")) continue;
      const stat = readFileSync(`/proc/${next}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      seconds.set(next, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100);
    } catch {
      // The process ended while it was read.
    }
  }
  return seconds;
}

/** What the renderers running now spent since `before` (a renderer started since counts whole). */
function rendererSince(root: number, before: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, cpu] of rendererCpu(root)) seconds += cpu - (before.get(pid) ?? 0);
  return seconds;
}

/** Script resources the page loaded, from its resource timing (a string: tsx adds helpers to functions). */
const SCRIPTS = `performance.getEntriesByType("resource")
  .filter((e) => e.initiatorType === "script" || new URL(e.name).pathname.endsWith(".js"))
  .map((e) => ({ name: new URL(e.name).pathname, decoded: e.decodedBodySize, sent: e.encodedBodySize }))`;

/** Resolves once the page's main thread has had nothing left to do for a moment. */
const IDLE = `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve), { timeout: 5000 }))`;

async function shown(page: Page, ready: string | undefined) {
  await page.locator("h1").first().waitFor();
  await page.locator("[data-stream-state=live]").waitFor();
  if (ready) await page.locator(ready).waitFor();
  await page.evaluate(IDLE);
}

/** Waits until Chromium is back to `processes` processes (the closed context's renderer gone). */
async function settled(root: number, processes: number) {
  for (let i = 0; i < 50 && treeCpu(root).processes > processes; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One load of `page` in a fresh context signed in with `cookie`. */
async function loadOnce(
  browser: Browser,
  origin: string,
  cookie: string,
  target: (typeof PAGES)[number],
): Promise<Load> {
  const root = browserPid();
  const before = treeCpu(root);
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  const rendererBefore = rendererCpu(root);
  const page = await context.newPage();
  await page.goto(target.path);
  await shown(page, "ready" in target ? target.ready : undefined);
  const scripts = (await page.evaluate(SCRIPTS)) as { name: string; decoded: number; sent: number }[];
  const renderer = rendererSince(root, rendererBefore);
  await context.close();
  await settled(root, before.processes);
  return {
    cpu: treeCpu(root).seconds - before.seconds,
    renderer,
    decoded: scripts.reduce((sum, s) => sum + s.decoded, 0),
    sent: scripts.reduce((sum, s) => sum + s.sent, 0),
    files: scripts.length,
    list: scripts.map(({ name, decoded }) => ({ name, decoded })).sort((a, b) => b.decoded - a.decoded),
  };
}

function printPage(name: string, loads: Load[]) {
  const first = loads[0];
  console.info(
    `${name.padEnd(14)}${`${median(loads.map((l) => l.cpu)).toFixed(2)} s`.padStart(10)}${`${median(
      loads.map((l) => l.renderer),
    ).toFixed(2)} s`.padStart(12)}${kb(first?.decoded ?? 0).padStart(12)}${kb(first?.sent ?? 0).padStart(
      12,
    )}${String(first?.files ?? 0).padStart(8)}`,
  );
}

/** A studio to load pages from: this checkout's build, and with BENCH_BASELINE_DIR another one. */
interface Studio {
  label: string;
  origin: string;
  cookie: string;
  loads: Map<string, Load[]>;
}

/** Starts the build in `dir` (its `.next` and `.build`) with a data folder of its own, signed in. */
async function studioOf(label: string, dir: string): Promise<Studio> {
  const data = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  onStop(() => rmSync(data, { recursive: true, force: true }));
  const env = { DATA_DIR: data, ENGINE_DATA_DIR: path.join(data, "engine") };
  const { origin } = await startStudio(env, path.join(dir, ".build", "server.mjs"), dir);
  const cookie = await setUpOwner(origin);
  return { label, origin, cookie, loads: new Map(PAGES.map((p) => [p.name, []])) };
}

function printStudio(studio: Studio) {
  console.info(`\n${studio.label}: one page load in a fresh context, median of ${ROUNDS}`);
  console.info(
    `${"page".padEnd(14)}${"CPU".padStart(10)}${"renderer".padStart(12)}${"script".padStart(12)}${"sent".padStart(12)}${"files".padStart(8)}`,
  );
  for (const [name, list] of studio.loads) printPage(name, list);
  const all = [...studio.loads.values()].flat();
  const perPage = [...studio.loads.values()].map((list) => list[0]?.decoded ?? 0);
  const mb = perPage.reduce((a, b) => a + b, 0) / perPage.length / 1024 / 1024;
  return { cpu: median(all.map((l) => l.cpu)), renderer: median(all.map((l) => l.renderer)), mb };
}

try {
  console.info(`load average before: ${load()}`);
  // BENCH_BASELINE_DIR: a folder holding another build (`.next`, `.build`, and links to this
  // checkout's node_modules, lib and public): its pages load alternately with this build's, so the
  // machine's other work weighs on both alike.
  const baseline = process.env.BENCH_BASELINE_DIR;
  const studios = [await studioOf("this build", ROOT)];
  if (baseline) studios.push(await studioOf(`baseline (${baseline})`, baseline));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  onStop(() => browser.close());

  // One load of each first, not counted: the server's first request of a route opens its modules.
  for (const studio of studios) {
    for (const target of PAGES) {
      const { list } = await loadOnce(browser, studio.origin, studio.cookie, target);
      // BENCH_SCRIPTS=1: which files each page loads, to look into with the build's chunks.
      if (process.env.BENCH_SCRIPTS === "1") {
        console.info(`${target.name}: ${list.map((s) => `${s.name} ${kb(s.decoded)}`).join(", ")}`);
      }
    }
  }
  // Rounds over all pages, so the machine's other work weighs on each page alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of PAGES) {
      for (const studio of studios) {
        studio.loads.get(target.name)?.push(await loadOnce(browser, studio.origin, studio.cookie, target));
      }
    }
  }

  console.info(`\nChromium: ${chromiumPath()}`);
  const totals = studios.map(printStudio);
  console.info(`load average after: ${load()}`);
  totals.forEach(({ cpu, renderer, mb }, i) => {
    const label = i === 0 ? "bench:page-load" : "bench:page-load baseline";
    console.info(
      `${label}: ${cpu.toFixed(2)} s of browser CPU per page load (renderer ${renderer.toFixed(2)} s), ${mb.toFixed(1)} MB of script`,
    );
  });
} finally {
  await stopAll();
}
