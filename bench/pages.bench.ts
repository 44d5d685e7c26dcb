/**
 * What serving the studio's pages costs its process, with the young generation `npm start` gives
 * V8 (bin/start-server.sh: `--max-semi-space-size=2`, 2 MB a half) beside others in the same run
 * (BENCH_SEMI, "2,16": 16 MB is V8's own bound on 64-bit). A person meets this cost on each page
 * they open: the page's server render (its server components, the client components' first HTML,
 * the session and the data it reads).
 *
 * Each way is a studio of its own (the compiled server through the script, as `npm start` runs
 * it, on the embedded database in a fresh folder), its owner signed in, with SEED results in its
 * gallery. Every page of PAGES is fetched once before measuring (a route's modules load on its
 * first request), then ROUNDS rounds: each round fetches every page from each studio in turn, so
 * the machine's other work falls on all of them alike. The figure is the studio process's CPU
 * (every thread, /proc) per page served, and its memory at the end.
 *
 *   npm run build && npm run bench:pages     (BENCH_ROUNDS, BENCH_SEMI, BENCH_SEED, BENCH_PROFILE_DIR)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { treeCpu, treeMemory } from "./process-tree";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio } from "./studio-process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SEED = Number(process.env.BENCH_SEED ?? 48);
const WAYS = (process.env.BENCH_SEMI ?? "2,16").split(",").map((v) => Number(v.trim()));
const PAGES = [
  "/gallery",
  "/create/text-to-image",
  "/create/controlnet",
  "/experiments",
  "/prompts",
  "/inbox",
  "/settings",
];
/** What bin/start-server.sh gives V8 unless told otherwise. */
const NPM_START_SEMI = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Way {
  semi: number;
  origin: string;
  pid: number;
  cookie: string;
  cpuMs: number;
  pages: number;
  wallMs: number;
}

/** Sends SEED results (four a task) and waits until every task has finished. */
async function seed(origin: string, cookie: string): Promise<void> {
  const tasks = Array.from({ length: Math.ceil(SEED / 4) }, (_, i) => ({
    taskType: "imageInference",
    taskUUID: crypto.randomUUID(),
    positivePrompt: `a lantern-lit street in the rain, study ${i}`,
    model: "runware:100@1",
    width: 256,
    height: 256,
    numberResults: 4,
  }));
  const res = await fetch(`${origin}/api/tasks`, {
    method: "POST",
    headers: { origin, cookie, "content-type": "application/json" },
    body: JSON.stringify(tasks),
  });
  if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}: ${await res.text()}`);
  for (const { taskUUID } of tasks) {
    for (;;) {
      const view = (await (
        await fetch(`${origin}/api/tasks/${taskUUID}`, { headers: { cookie } })
      ).json()) as {
        data?: { status: string };
      };
      if (view.data?.status === "success") break;
      if (view.data?.status === "error") throw new Error(`seed task ${taskUUID} failed`);
      await sleep(200);
    }
  }
}

/** Fetches one page as the owner and reads it whole; throws unless the studio rendered it. */
async function page(way: Way, address: string): Promise<void> {
  const res = await fetch(`${way.origin}${address}`, { headers: { cookie: way.cookie }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200 || !html.includes("</html>")) {
    throw new Error(`${address} answered ${res.status} (semi-space ${way.semi} MB)`);
  }
}

async function main() {
  const ways: Way[] = [];
  for (const semi of WAYS) {
    const data = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
    onStop(() => rmSync(data, { recursive: true, force: true }));
    const { child, origin } = await startStudio(
      { DATA_DIR: data, AUTH_SECRET: randomBytes(32).toString("base64") },
      undefined,
      undefined,
      {
        nodeArgs: [
          `--max-semi-space-size=${semi}`,
          // BENCH_PROFILE_DIR: a CPU profile of each studio's main thread, written as it stops.
          ...(process.env.BENCH_PROFILE_DIR
            ? ["--import", path.join(import.meta.dirname, "cpu-profile.mjs")]
            : []),
        ],
      },
    );
    const cookie = await setUpOwner(origin);
    await seed(origin, cookie);
    ways.push({ semi, origin, pid: child.pid ?? 0, cookie, cpuMs: 0, pages: 0, wallMs: 0 });
    console.info(`studio with ${semi} MB semi-spaces ready at ${origin}`);
  }
  // Each route's modules load on its first request; that is start-up, not serving.
  for (const way of ways) for (const address of PAGES) await page(way, address);
  await sleep(2000);

  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which studio goes first, so neither always meets the other's leftovers.
    const order = round % 2 === 0 ? ways : [...ways].reverse();
    for (const way of order) {
      const before = treeCpu(way.pid).seconds;
      const started = performance.now();
      for (const address of PAGES) await page(way, address);
      way.wallMs += performance.now() - started;
      way.cpuMs += (treeCpu(way.pid).seconds - before) * 1000;
      way.pages += PAGES.length;
    }
  }

  const [ours, ...others] = ways;
  if (!ours) throw new Error("no way to measure");
  for (const way of ways) {
    console.info(
      `  ${`${way.semi} MB${way.semi === NPM_START_SEMI ? " (npm start)" : ""}`.padEnd(18)} ` +
        `${(way.cpuMs / way.pages).toFixed(1).padStart(6)} ms CPU a page, ` +
        `${(way.wallMs / way.pages).toFixed(1).padStart(6)} ms to serve it, ` +
        `${treeMemory(way.pid).rss.toFixed(0)} MB resident after`,
    );
  }
  const peer = others[0] ?? ours;
  const mine = ours.cpuMs / ours.pages;
  const theirs = peer.cpuMs / peer.pages;
  console.info(
    `bench:pages: ${mine.toFixed(1)} ms CPU per page at ${ours.semi} MB semi-spaces vs ${theirs.toFixed(1)} ms at ${peer.semi} MB (${(mine / theirs).toFixed(2)}x), ${ROUNDS * PAGES.length} pages each`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
