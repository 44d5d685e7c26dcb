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
 *
 * Two sets of Chromium switches, in one run: PAGE_LOAD_ARGS_B holds switches added to the browser
 * tests' own (scripts/chromium-path.ts) for a second Chromium, and `!--switch` drops one of
 * theirs; a value with spaces goes in double quotes (`--js-flags="--no-opt --no-maglev"`). Both
 * load the same pages of this build in turn (A B, then B A), so the machine's other work weighs
 * on both alike, and each page's difference is printed. An empty PAGE_LOAD_ARGS_B loads A twice:
 * the difference the machine's noise alone makes. PAGE_LOAD_ARGS_C and _D add a third and fourth
 * set, in turn with the others.
 *
 *   PAGE_LOAD_ARGS_B="--num-raster-threads=1" npm run bench:page-load
 *
 * Other ways of giving each load its page, in one run: PAGE_LOAD_WAYS lists them (bench/page-load-ways.ts:
 * new-page, reset, reset:a+b, reset-but:a+b, kept), each in a Chromium of its own with the browser
 * tests' switches, loading the same pages in turn with the fresh contexts; each table says in how
 * many loads a renderer process was started for the page (its script engine cold).
 *
 *   PAGE_LOAD_WAYS=new-page,reset,kept BENCH_PAGES=gallery,create,inbox BENCH_ROUNDS=4 npm run bench:page-load
 *
 * Besides the five pages, an experiment's page: a 10x10 grid, every cell done (from the engine at
 * a service's pace, no render per task), its drawn cells' images loaded; the longest page.
 * BENCH_PAGES=create,experiment loads those alone; BENCH_THREADS=1 prints where the CPU went, by
 * Chromium process and thread; BENCH_TRACE=1 traces one more load of each page and prints the
 * trace events that took the most of each thread (bench/trace-summary.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "../e2e/fixtures/processes";
import { CHROMIUM_ARGS, chromiumPath } from "../scripts/chromium-path";
import { type Launched, type Load, launchChromium, loadOnce, type Target } from "./page-load-measure";
import { type Way, wayOf } from "./page-load-ways";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio } from "./studio-process";
import { argsWith, switchesOf } from "./switch-sets";
import { printTrace } from "./trace-summary";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIDE = 10;
/** BENCH_PAGES=create,experiment: those pages alone (gallery, create, experiments, inbox, settings, experiment). */
const ONLY = process.env.BENCH_PAGES?.split(",");

/** The pages, and what says each is there: its heading, the live stream, a form's draft read. */
const PAGES: Target[] = [
  { name: "gallery", path: "/gallery" },
  { name: "create", path: "/create/text-to-image", ready: "form[aria-busy=false]" },
  { name: "experiments", path: "/experiments" },
  { name: "inbox", path: "/inbox" },
  { name: "settings", path: "/settings" },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** A studio to load pages from: this checkout's build, and with BENCH_BASELINE_DIR another one. */
interface Studio {
  origin: string;
  cookie: string;
  /** Its pages, the experiment's with the id it has in this studio. */
  targets: Target[];
}

/** A studio's pages loaded in one Chromium: what each summary line of the bench is about. */
interface Variant {
  label: string;
  /** Its name on the summary lines: "" for the first, else B, baseline, a way's name. */
  tag: string;
  way: Way;
  studio: Studio;
  chromium: Launched;
  loads: Map<string, Load[]>;
}

/** Makes a SIDE x SIDE experiment in the studio and waits for every cell to be done; its id. */
async function seedExperiment(origin: string, cookie: string): Promise<string> {
  const headers = { origin, cookie, "content-type": "application/json" };
  const prompts = Array.from({ length: SIDE }, (_, i) => `a lighthouse at dusk, view ${i + 1}`);
  const made = await fetch(`${origin}/api/experiments`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Page load grid",
      base: {
        taskType: "imageInference",
        positivePrompt: prompts[0],
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [
        { kind: "prompts", prompts },
        { kind: "seedCount", start: 1, count: SIDE },
      ],
      concurrency: 20,
    }),
  });
  if (made.status !== 201) throw new Error(`the experiment was refused: ${made.status} ${await made.text()}`);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${origin}/api/experiments/${id}`, { headers });
    const status = ((await res.json()) as { data?: { status?: string } }).data?.status;
    if (status === "done") return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the experiment did not finish in five minutes");
}

/** Starts the build in `dir` (its `.next` and `.build`) with a data folder of its own, signed in. */
async function studioOf(dir: string): Promise<Studio> {
  const data = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  onStop(() => rmSync(data, { recursive: true, force: true }));
  const env = {
    DATA_DIR: data,
    ENGINE_DATA_DIR: path.join(data, "engine"),
    // The experiment's results at a service's pace: no render per task on the bench's cores.
    ENGINE_PACE_MS: "10",
    ENGINE_PACE_PARALLEL: "20",
  };
  const { origin } = await startStudio(env, path.join(dir, ".build", "server.mjs"), dir);
  const cookie = await setUpOwner(origin);
  const pages = PAGES.filter((p) => ONLY?.includes(p.name) ?? true);
  if (!(ONLY?.includes("experiment") ?? true)) return { origin, cookie, targets: pages };
  const experiment = await seedExperiment(origin, cookie);
  const grid: Target = {
    name: "experiment",
    path: `/experiments/${experiment}`,
    ready: '[role=status][aria-label="Progress"]',
    readyText: `${SIDE * SIDE} of ${SIDE * SIDE} done`,
  };
  return { origin, cookie, targets: [...pages, grid] };
}

async function variant(label: string, tag: string, studio: Studio, chromium: Launched, way = "fresh") {
  const loads = new Map<string, Load[]>(studio.targets.map((t) => [t.name, []]));
  const site = { origin: studio.origin, cookie: studio.cookie };
  return { label, tag, studio, chromium, way: await wayOf(way, chromium.browser, site), loads };
}

/** A Chromium of its own with `args`, closed when the bench ends. */
async function launched(args: readonly string[]): Promise<Launched> {
  const chromium = await launchChromium(args);
  onStop(() => chromium.browser.close());
  return chromium;
}

/** The variants this run compares: this build, and the baseline build or the B switches. */
async function variantsOf(): Promise<Variant[]> {
  const studio = await studioOf(ROOT);
  const chromium = await launched(CHROMIUM_ARGS);
  const variants = [await variant("this build", "", studio, chromium)];
  // BENCH_BASELINE_DIR: a folder holding another build (`.next`, `.build`, and links to this
  // checkout's node_modules, lib and public): its pages load alternately with this build's, so the
  // machine's other work weighs on both alike.
  const baseline = process.env.BENCH_BASELINE_DIR;
  if (baseline) {
    const other = await studioOf(baseline);
    variants.push(await variant(`baseline (${baseline})`, "baseline", other, chromium));
  }
  for (const name of ["B", "C", "D"]) {
    const text = process.env[`PAGE_LOAD_ARGS_${name}`];
    if (text === undefined) continue;
    const changes = switchesOf(text);
    const other = await launched(argsWith(CHROMIUM_ARGS, changes));
    const label = `${name}: ${changes.join(" ") || "the same switches again"}`;
    variants.push(await variant(label, name, studio, other));
  }
  // PAGE_LOAD_WAYS: other ways of giving each load its page, each in a Chromium of its own.
  for (const way of process.env.PAGE_LOAD_WAYS?.split(",").filter(Boolean) ?? []) {
    variants.push(await variant(way, way, studio, await launched(CHROMIUM_ARGS), way));
  }
  return variants;
}

/** The median of one figure of `loads`, as seconds in a column `width` wide. */
const column = (loads: Load[], figure: (l: Load) => number, width: number) =>
  `${median(loads.map(figure)).toFixed(2)} s`.padStart(width);

function printPage(name: string, loads: Load[]) {
  const first = loads[0];
  console.info(
    `${name.padEnd(14)}${column(loads, (l) => l.cpu, 10)}${column(loads, (l) => l.renderer, 12)}${column(
      loads,
      (l) => l.gpu,
      10,
    )}${column(loads, (l) => l.browser, 10)}${kb(first?.decoded ?? 0).padStart(12)}${kb(
      first?.sent ?? 0,
    ).padStart(12)}${String(first?.files ?? 0).padStart(8)}`,
  );
}

function printVariant(v: Variant) {
  const all = [...v.loads.values()].flat();
  const started = all.filter((l) => l.newRenderer).length;
  console.info(`\n${v.label}: ${v.way.description}, median of ${ROUNDS}`);
  console.info(`a renderer process started for the page in ${started} of ${all.length} loads`);
  console.info(
    `${"page".padEnd(14)}${"CPU".padStart(10)}${"renderer".padStart(12)}${"GPU".padStart(10)}${"browser".padStart(10)}${"script".padStart(12)}${"sent".padStart(12)}${"files".padStart(8)}`,
  );
  for (const [name, list] of v.loads) printPage(name, list);
  const perPage = [...v.loads.values()].map((list) => list[0]?.decoded ?? 0);
  const mb = perPage.reduce((a, b) => a + b, 0) / perPage.length / 1024 / 1024;
  return { cpu: median(all.map((l) => l.cpu)), renderer: median(all.map((l) => l.renderer)), mb };
}

/** BENCH_THREADS=1: where a load's CPU goes, by process kind and thread, median over all loads. */
function printThreads(v: Variant) {
  const all = [...v.loads.values()].flat();
  const keys = new Set(all.flatMap((l) => [...l.threads.keys()]));
  const rows = [...keys].map((key) => ({ key, seconds: median(all.map((l) => l.threads.get(key) ?? 0)) }));
  console.info(`\n${v.label}: CPU by process and thread, median over all loads`);
  for (const { key, seconds } of rows.sort((a, b) => b.seconds - a.seconds)) {
    if (seconds >= 0.01) console.info(`${key.padEnd(40)}${`${seconds.toFixed(2)} s`.padStart(10)}`);
  }
}

/** Each page's median difference from the first variant, load by load in the same round. */
function printDifferences(first: Variant, other: Variant) {
  console.info(`\n${other.label}, against ${first.label}: median of each round's difference`);
  console.info(`${"page".padEnd(14)}${"CPU".padStart(10)}${"share".padStart(9)}${"renderer".padStart(12)}`);
  const all: number[] = [];
  for (const [name, mine] of other.loads) {
    const theirs = first.loads.get(name) ?? [];
    const cpu = mine.map((l, i) => l.cpu - (theirs[i]?.cpu ?? 0));
    const renderer = mine.map((l, i) => l.renderer - (theirs[i]?.renderer ?? 0));
    all.push(...cpu);
    const share = (100 * median(cpu)) / median(theirs.map((l) => l.cpu));
    console.info(
      `${name.padEnd(14)}${`${median(cpu) >= 0 ? "+" : ""}${median(cpu).toFixed(2)} s`.padStart(10)}${`${share.toFixed(0)}%`.padStart(9)}${`${median(renderer).toFixed(2)} s`.padStart(12)}`,
    );
  }
  console.info(`${"all pages".padEnd(14)}${`${median(all).toFixed(2)} s`.padStart(10)}`);
}

try {
  console.info(`load average before: ${load()}`);
  const variants = await variantsOf();

  // One load of each first, not counted: the server's first request of a route opens its modules.
  for (const v of variants) {
    for (const target of v.studio.targets) {
      const { list } = await loadOnce(v.chromium, v.way, target);
      // BENCH_SCRIPTS=1: which files each page loads, to look into with the build's chunks.
      if (process.env.BENCH_SCRIPTS === "1") {
        console.info(`${target.name}: ${list.map((s) => `${s.name} ${kb(s.decoded)}`).join(", ")}`);
      }
    }
  }
  // Rounds over all pages, so the machine's other work weighs on each page alike; the variants
  // take turns, first and second swapping every round.
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const [index, target] of (variants[0]?.studio.targets ?? []).entries()) {
      for (const v of order) {
        const mine = v.studio.targets[index] ?? target;
        v.loads.get(mine.name)?.push(await loadOnce(v.chromium, v.way, mine));
      }
    }
  }

  // BENCH_TRACE=1: one more load of each page in the first set, traced, and where its time went.
  const first = variants[0];
  if (process.env.BENCH_TRACE === "1" && first) {
    for (const target of first.studio.targets) {
      const { trace } = await loadOnce(first.chromium, first.way, target, true);
      printTrace(`${target.name}, traced`, trace ?? []);
    }
  }

  console.info(`\nChromium: ${chromiumPath()}`);
  const totals = variants.map(printVariant);
  if (process.env.BENCH_THREADS === "1") variants.forEach(printThreads);
  if (first) for (const other of variants.slice(1)) printDifferences(first, other);
  console.info(`load average after: ${load()}`);
  totals.forEach(({ cpu, renderer, mb }, i) => {
    const label = `bench:page-load ${variants[i]?.tag ?? ""}`.trim();
    console.info(
      `${label}: ${cpu.toFixed(2)} s of browser CPU per page load (renderer ${renderer.toFixed(2)} s), ${mb.toFixed(1)} MB of script`,
    );
  });
} finally {
  await stopAll();
}
