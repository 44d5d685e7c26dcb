/**
 * Prompt history at a team's scale: 10,000 generation tasks by four members (a third with results)
 * seeded straight into a fresh studio's database, then the history's reads timed on the embedded
 * database and on PostgreSQL (a throwaway local cluster; skipped with a line when the server
 * binaries are missing):
 *
 * - the handler's own work (`promptHistoryPage`: the page, its runs' results and counts, authors'
 *   names), median of 15, beside a floor: a bare SELECT of the same page's ids on the same index;
 * - the same reads over HTTP from the production studio (`GET /api/prompts` with a member's
 *   session: session, parsing, the page and its JSON), median of 15;
 * - LCP of the /prompts page in Debian's Chromium (embedded database only): first with the
 *   results' thumbnails made on demand, then with them cached. Every result is one 1024x1024 JPEG,
 *   hard-linked under each item's storage key.
 *
 * Reads: the first page (mine), the next page, a page deep in everyone's history (past 9,000
 * prompts), another member's prompts, and a search of everyone's. Target: under 300 ms each.
 * BENCH_EXPLAIN=1 prints each read's plan (EXPLAIN ANALYZE).
 *
 *   npm run build && npm run bench:prompts
 */
import "../scripts/register-server-only.mjs";
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { ROOT } from "../e2e/fixtures/processes";
import { chromiumPath } from "../scripts/chromium-path";
import { startLocalPostgres } from "./local-postgres";
import { seedPromptHistory } from "./prompts-seed";
import { onStop, stopAll } from "./stop-on-exit";
import { setUpOwner, startStudio, stopStudio } from "./studio-process";

const { openPgliteDatabase, openPostgresDatabase } = await import("../lib/server/db/database");
const { promptHistoryPage, promptHistoryRows } = await import("../lib/server/prompts/history");
const { encodeCursor } = await import("../lib/server/db/cursor");
const { promptQuerySchema } = await import("../lib/studio/prompts/query");
type Opened = Awaited<ReturnType<typeof openPgliteDatabase>>;

const PROMPTS = 10_000;
const RUNS = 15;
const TARGET = "target < 300 ms";
const OTHERS = ["bench-member-2", "bench-member-3", "bench-member-4"];

const _sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const row = (name: string, value: string, note = "") =>
  console.info(`${name.padEnd(56)}${value.padStart(12)}   ${note}`);

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
}

const rowsOf = async <T>(opened: Opened, query: SQL) =>
  ((await opened.db.execute(query)) as unknown as { rows: T[] }).rows;

/** One history read: its query string, and the bare SELECT of the same page's ids (the floor). */
interface Read {
  name: string;
  query: Record<string, string>;
  floor: SQL;
}

const GENERATION = sql`task_type in ('imageInference', 'videoInference')`;
const ORDER = sql`order by created_at desc, task_uuid desc limit 41`;

/** The reads, with the cursors they need taken from the seeded rows. */
async function readsOf(opened: Opened, owner: string): Promise<Read[]> {
  const key = async (where: SQL, offset: number) => {
    const [r] = await rowsOf<{ created_at: string | Date; task_uuid: string }>(
      opened,
      sql`select created_at, task_uuid from task where ${where} order by created_at desc, task_uuid desc offset ${offset} limit 1`,
    );
    if (!r) throw new Error("the seeded history is shorter than expected");
    return { at: new Date(r.created_at), id: r.task_uuid };
  };
  const mine = sql`author_id = ${owner} and ${GENERATION}`;
  const second = await key(mine, 39);
  const deep = await key(GENERATION, 9_000);
  const before = (k: { at: Date; id: string }) =>
    sql`(created_at, task_uuid) < (${k.at.toISOString()}::timestamptz, ${k.id}::uuid)`;
  return [
    { name: "first page (mine)", query: {}, floor: sql`select task_uuid from task where ${mine} ${ORDER}` },
    {
      name: "next page (mine)",
      query: { cursor: encodeCursor(second.at, second.id) },
      floor: sql`select task_uuid from task where ${mine} and ${before(second)} ${ORDER}`,
    },
    {
      name: "a page past 9,000 (everyone's)",
      query: { member: "all", cursor: encodeCursor(deep.at, deep.id) },
      floor: sql`select task_uuid from task where ${GENERATION} and ${before(deep)} ${ORDER}`,
    },
    {
      name: "another member's prompts",
      query: { member: OTHERS[0] ?? "" },
      floor: sql`select task_uuid from task where author_id = ${OTHERS[0]} and ${GENERATION} ${ORDER}`,
    },
    {
      name: "search everyone's: fox dusk",
      query: { member: "all", q: "fox dusk" },
      floor: sql`select task_uuid from task where to_tsvector('english', coalesce(params ->> 'positivePrompt', '')) @@ websearch_to_tsquery('english', 'fox dusk') ${ORDER}`,
    },
  ];
}

async function seed(opened: Opened): Promise<string> {
  const [owner] = await rowsOf<{ id: string }>(
    opened,
    sql`select id from "user" order by created_at limit 1`,
  );
  if (!owner) throw new Error("the studio has no owner");
  for (const id of OTHERS) {
    await opened.db.execute(
      sql`insert into "user" (id, name, email, role) values (${id}, ${`Member ${id.at(-1)}`}, ${`${id}@studio.test`}, 'editor')`,
    );
  }
  const t = performance.now();
  await seedPromptHistory(opened.db, [owner.id, ...OTHERS], PROMPTS);
  console.info(
    `  (seeded ${PROMPTS.toLocaleString("en")} tasks in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  return owner.id;
}

/** One JPEG hard-linked under every seeded item's key (8,000 results, one file). */
async function linkMedia(opened: Opened, dataDir: string) {
  const source = path.join(dataDir, "source.jpg");
  await sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 180, g: 110, b: 60 } } })
    .jpeg()
    .toFile(source);
  const keys = await rowsOf<{ storage_key: string }>(opened, sql`select storage_key from item`);
  for (const { storage_key } of keys) {
    const file = path.join(dataDir, "media", ...storage_key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    linkSync(source, file);
  }
}

async function timeHandler(opened: Opened, reads: Read[], owner: string) {
  for (const read of reads) {
    const query = promptQuerySchema.parse(read.query);
    const handler = await median(() => promptHistoryPage(opened.db, query, owner));
    const floor = await median(() => opened.db.execute(read.floor));
    row(`  ${read.name}`, `${handler.toFixed(1)} ms`, `floor ${floor.toFixed(1)} ms; ${TARGET}`);
    if (process.env.BENCH_EXPLAIN === "1") {
      const plan = await rowsOf<Record<string, string>>(
        opened,
        sql`explain analyze ${promptHistoryRows(opened.db, query, owner)}`,
      );
      console.info(plan.map((r) => `      ${Object.values(r)[0]}`).join("\n"));
    }
  }
}

async function timeHttp(origin: string, cookie: string, reads: Read[]) {
  // The first request after a start loads the route's modules and warms the database's caches.
  const first = performance.now();
  const cold = await fetch(`${origin}/api/prompts`, { headers: { cookie } });
  await cold.arrayBuffer();
  row(
    "  first page, the first request after a start",
    `${(performance.now() - first).toFixed(1)} ms`,
    TARGET,
  );
  for (const read of reads) {
    const url = `${origin}/api/prompts?${new URLSearchParams(read.query)}`;
    const time = await median(async () => {
      const res = await fetch(url, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
      await res.arrayBuffer();
    });
    row(`  ${read.name}`, `${time.toFixed(1)} ms`, TARGET);
  }
}

const VITALS = `${readFileSync(path.join(ROOT, "node_modules/web-vitals/dist/web-vitals.iife.js"), "utf8")}
  window.__lcp = [];
  webVitals.onLCP((m) => window.__lcp.push(m.value), { reportAllChanges: true });`;

/** LCP of /prompts, and when the first screen's last thumbnail was drawn (ms from navigation). */
async function pageLoads(origin: string, cookie: string): Promise<{ lcp: number; thumbs: number }[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  onStop(() => browser.close());
  // The wait below is a polled script, which the studio's Content Security Policy would refuse.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await context.addCookies(
    cookie.split("; ").map((c) => {
      const [name = "", ...value] = c.split("=");
      return { name, value: value.join("="), url: origin };
    }),
  );
  await context.addInitScript(VITALS);
  const page = await context.newPage();
  const out: { lcp: number; thumbs: number }[] = [];
  for (let i = 0; i < 2; i++) {
    await page.goto(`${origin}/prompts`);
    await page.getByTestId("prompt-chain").first().waitFor({ timeout: 60_000 });
    const thumbs = (await page.waitForFunction(
      `(() => {
        const shown = [...document.querySelectorAll("[data-testid=prompt-version] img")]
          .filter((img) => img.getBoundingClientRect().top < innerHeight);
        return shown.length > 0 && shown.every((img) => img.complete) ? performance.now() : 0;
      })()`,
      undefined,
      { timeout: 120_000, polling: 20 },
    )) as unknown as { jsonValue(): Promise<number> };
    const drawn = await thumbs.jsonValue();
    await page.waitForTimeout(500);
    const lcp = ((await page.evaluate("window.__lcp")) as number[]).at(-1) ?? Number.NaN;
    out.push({ lcp, thumbs: drawn });
  }
  await browser.close();
  return out;
}

async function backend(
  label: string,
  open: () => Promise<Opened>,
  env: Record<string, string> & { DATA_DIR: string },
) {
  console.info(`\n${label}: ${PROMPTS.toLocaleString("en")} prompts, 4 members`);
  // The studio makes its schema and its owner; it is stopped while the history is seeded (the
  // embedded database has one process at a time).
  const first = await startStudio(env);
  const cookie = await setUpOwner(first.origin);
  await stopStudio(first.child);
  const opened = await open();
  let reads: Read[];
  try {
    const owner = await seed(opened);
    await linkMedia(opened, env.DATA_DIR);
    reads = await readsOf(opened, owner);
    console.info("handler's work (promptHistoryPage), median of 15");
    await timeHandler(opened, reads, owner);
  } finally {
    await opened.close();
  }
  const { origin } = await startStudio(env);
  console.info("over HTTP from the production studio (GET /api/prompts), median of 15");
  await timeHttp(origin, cookie, reads);
  if (label === "embedded database" && process.env.BENCH_SKIP_BROWSER !== "1") {
    const [cold, warm] = await pageLoads(origin, cookie);
    row("  LCP of /prompts, thumbnails made on demand", `${cold?.lcp.toFixed(0)} ms`);
    row("  first screen's thumbnails all drawn, made on demand", `${cold?.thumbs.toFixed(0)} ms`);
    row("  LCP of /prompts, thumbnails cached", `${warm?.lcp.toFixed(0)} ms`);
    row("  first screen's thumbnails all drawn, cached", `${warm?.thumbs.toFixed(0)} ms`);
  }
  await stopAll();
}

try {
  row("", "figure", "");
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-prompts-"));
  onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  await backend("embedded database", () => openPgliteDatabase(path.join(dataDir, "db")), {
    DATA_DIR: dataDir,
  });

  let postgres: Awaited<ReturnType<typeof startLocalPostgres>> | null = null;
  try {
    postgres = await startLocalPostgres("bench_prompts");
  } catch (err) {
    console.info(`\nPostgreSQL: skipped (${(err as Error).message})`);
  }
  if (postgres) {
    const url = postgres.url;
    const pgDir = mkdtempSync(path.join(tmpdir(), "studio-bench-prompts-"));
    onStop(postgres.stop);
    onStop(() => rmSync(pgDir, { recursive: true, force: true }));
    await backend("PostgreSQL", () => openPostgresDatabase(url), { DATA_DIR: pgDir, DATABASE_URL: url });
  }
} finally {
  await stopAll();
}
