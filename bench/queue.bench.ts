/**
 * A long queue. The production studio (embedded engine, a throwaway DATA_DIR; with
 * BENCH_DATABASE=postgres on a throwaway PostgreSQL cluster) gets five members: the owner from
 * set-up and four editors through invitation links. The engine holds every task whose prompt has
 * the marker below (ENGINE_FAULTS `held`, lib/engine/core/faults.ts): each member's first tasks
 * stay at the engine and the rest wait in the studio, so the queue only grows.
 *
 * Measured twice in one run, first on a fresh studio (the owner's adds start the queue: it holds
 * 0 to 200 then), then with 5,000 tasks waiting across the team (1,000 a member):
 * - `POST /api/tasks` of one task, sent one after another by the owner: p95 of 200 adds;
 * - the queue drawer's first paint in Chromium: from the press of the Queue button to the frame
 *   after the first row of the drawer is in the document, measured in the page; the drawer is
 *   opened PRESSES times on each of LOADS fresh loads of the Create page (closed with Escape
 *   between presses), and the p95 of all those presses is the figure.
 *
 *   npm run build && npm run bench:queue
 *   BENCH_DATABASE=postgres npm run bench:queue
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../scripts/chromium-path";
import { startLocalPostgres } from "./local-postgres";
import { onStop, stopAll } from "./stop-on-exit";
import { cookieOf, startStudio } from "./studio-process";

const MARKER = "[bench held]";
const MEMBERS = 5;
const WAITING = Number(process.env.BENCH_WAITING ?? 5_000);
const ADDS = Number(process.env.BENCH_ADDS ?? 200);
/** Fresh loads of the Create page, and drawer presses on each: 24 presses for the p95. */
const LOADS = Number(process.env.BENCH_LOADS ?? 4);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 6);
/** Each member's tasks at work: held by the engine, so the rest wait in the studio. */
const ACTIVE = 4;
const BATCH = 500;

const task = (n: number, member: number) => ({
  taskType: "imageInference",
  taskUUID: crypto.randomUUID(),
  positivePrompt: `a lighthouse in fog ${MARKER} member ${member} task ${n}`,
  model: "runware:100@1",
  width: 256,
  height: 256,
  deliveryMethod: "async",
});

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function team(origin: string): Promise<string[]> {
  const post = (url: string, body: unknown, cookie = "", method = "POST") =>
    fetch(`${origin}${url}`, {
      method,
      headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const setup = await post("/api/setup", {
    name: "Owner",
    email: "owner@studio.test",
    password: "bench password",
  });
  if (!setup.ok) throw new Error(`set-up failed: ${setup.status} ${await setup.text()}`);
  const owner = cookieOf(setup);
  const limits = await post(
    "/api/limits",
    {
      tasksPerRequest: BATCH,
      resultsPerRequest: 2_000,
      activePerMember: ACTIVE,
      waitingPerMember: 10_000,
      maxExperimentCells: 100,
    },
    owner,
    "PUT",
  );
  if (!limits.ok) throw new Error(`limits refused: ${limits.status} ${await limits.text()}`);
  const cookies = [owner];
  for (let i = 1; i < MEMBERS; i++) {
    const email = `member${i}@studio.test`;
    const invite = await post("/api/invitations", { role: "editor", email }, owner);
    if (invite.status !== 201) throw new Error(`invitation failed: ${invite.status} ${await invite.text()}`);
    const { url } = ((await invite.json()) as { data: { url: string } }).data;
    const joined = await post("/api/invitations/accept", {
      token: url.split("/invite/")[1] ?? "",
      name: `Member ${i}`,
      email,
      password: "bench password",
    });
    if (!joined.ok) throw new Error(`joining failed: ${joined.status} ${await joined.text()}`);
    cookies.push(cookieOf(joined));
  }
  return cookies;
}

async function send(origin: string, cookie: string, tasks: unknown[]): Promise<void> {
  const res = await fetch(`${origin}/api/tasks`, {
    method: "POST",
    headers: { origin, cookie, "content-type": "application/json" },
    body: JSON.stringify(tasks.length === 1 ? tasks[0] : tasks),
  });
  if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

/** Milliseconds of each of `ADDS` single-task adds by the owner. */
async function adds(origin: string, cookie: string, from: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ADDS; i++) {
    const start = performance.now();
    await send(origin, cookie, [task(from + i, 0)]);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Watches the next press of the Queue button: the press's time, and the frame after the first row
 * of the drawer is in the document (that frame has drawn it).
 */
const WATCH_PRESS = `(() => {
  window.__drawer = { pressed: 0, painted: 0 };
  document.addEventListener("click", () => {
    window.__drawer.pressed = performance.now();
    const look = () => {
      if (document.querySelector("[role=dialog] [data-testid=queue-row]")) {
        requestAnimationFrame(() => { window.__drawer.painted = performance.now(); });
      } else requestAnimationFrame(look);
    };
    look();
  }, { capture: true, once: true });
})()`;

/** Milliseconds from pressing Queue to its first row drawn, `PRESSES` times on each of `LOADS` fresh loads of Create. */
async function drawer(origin: string, cookie: string): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    // A machine busy with other work loads pages slowly; the figure is measured in the page.
    context.setDefaultTimeout(300_000);
    context.setDefaultNavigationTimeout(300_000);
    const page = await context.newPage();
    const times: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      await page.goto("/create/text-to-image");
      await page.locator("form[aria-busy=false]").waitFor();
      const button = page.getByTestId("queue-button");
      await button.waitFor();
      for (let press = 0; press < PRESSES; press++) {
        await page.evaluate(WATCH_PRESS);
        await button.click();
        await page.waitForFunction(
          () => ((window as unknown as { __drawer: { painted: number } }).__drawer.painted ?? 0) > 0,
          undefined,
          { timeout: 120_000 },
        );
        const { pressed, painted } = (await page.evaluate("window.__drawer")) as {
          pressed: number;
          painted: number;
        };
        times.push(painted - pressed);
        // Closed as a person closes it, and the page left to settle as between two looks.
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: "Queue" }).waitFor({ state: "hidden" });
        await page.waitForTimeout(500);
      }
    }
    return times;
  } finally {
    await browser.close();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

try {
  const postgres = process.env.BENCH_DATABASE === "postgres" ? await startLocalPostgres("bench_queue") : null;
  if (postgres) onStop(postgres.stop);
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-queue-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const { origin } = await startStudio({
    DATA_DIR: dataDir,
    ENGINE_FAULTS: `${MARKER}=held`,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const cookies = await team(origin);
  const owner = cookies[0] as string;
  // One add first: the studio's first request compiles what it runs.
  await send(origin, owner, [task(-1, 0)]);
  const emptyAdds = await adds(origin, owner, 0);
  console.info(`  fresh queue: add p95 ${ms(p95(emptyAdds))}`);
  const emptyDrawer = await drawer(origin, owner);
  console.info(`  fresh queue: drawer p95 ${ms(p95(emptyDrawer))}`);

  // Fill to WAITING across the team: each member ACTIVE at work and the same number waiting.
  const perMember = WAITING / MEMBERS;
  const filling = performance.now();
  for (const [member, cookie] of cookies.entries()) {
    const sent = member === 0 ? ADDS + 1 : 0;
    let left = perMember + ACTIVE - sent;
    for (let n = 0; left > 0; n += BATCH) {
      const size = Math.min(BATCH, left);
      await send(
        origin,
        cookie,
        Array.from({ length: size }, (_, i) => task(10_000 + n + i, member)),
      );
      left -= size;
    }
  }
  const fillSeconds = (performance.now() - filling) / 1000;
  console.info(`  filled to ${WAITING} waiting`);
  const fullAdds = await adds(origin, owner, 20_000);
  console.info(`  ${WAITING} waiting: add p95 ${ms(p95(fullAdds))}`);
  const fullDrawer = await drawer(origin, owner);

  const db = postgres ? "PostgreSQL" : "embedded database";
  console.info(`\nMedia Studio queue (${db}, ${MEMBERS} members, engine holding every task)`);
  console.info(`  filled to ${WAITING} waiting in ${fillSeconds.toFixed(1)} s`);
  console.info(
    `  add one task       p95 ${ms(p95(fullAdds))} with ${WAITING} waiting, ${ms(p95(emptyAdds))} on a fresh queue (median ${ms(median(fullAdds))} / ${ms(median(emptyAdds))})`,
  );
  console.info(
    `  drawer first row   p95 ${ms(p95(fullDrawer))} with ${WAITING} waiting, ${ms(p95(emptyDrawer))} on a fresh queue (median ${ms(median(fullDrawer))} / ${ms(median(emptyDrawer))}; ${fullDrawer.length} presses over ${LOADS} loads: ${fullDrawer.map(ms).join(", ")})`,
  );
  console.info(
    `bench:queue: add p95 ${ms(p95(fullAdds))}, drawer p95 ${ms(p95(fullDrawer))} with ${WAITING} waiting (empty queue: add p95 ${ms(p95(emptyAdds))}, drawer p95 ${ms(p95(emptyDrawer))})`,
  );
} finally {
  await stopAll();
}
