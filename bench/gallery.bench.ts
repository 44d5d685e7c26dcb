/**
 * The gallery at a team's scale. Seeds items straight into a fresh studio's database (one
 * multi-row insert from generate_series, ten minutes apart so 100,000 items span two years; one
 * small JPEG hard-linked under every item's key), then in Debian's Chromium with the web-vitals
 * library: LCP of the gallery's first load (thumbnails cold and warm), INP of a filter click, of
 * opening a card and of a jump on the date scrubber, and the DOM's node count after scrolling far
 * and after a jump, at 1,000, 10,000 and 100,000 items. Then 100,000 rows for the filtered page
 * query, the totals and the scrubber's months on the embedded database and on PostgreSQL
 * (TEST_DATABASE_URL, else a throwaway local cluster when the server binaries are installed),
 * beside a bare SELECT on the same index (a bare count(*) for the counts) as the floor, and the
 * first page with seed stacks folded beside the same page with each seed apart. About half the
 * seeded items share a recipe with up to three neighbours, so they fold into stacks.
 *
 * Targets: LCP < 500 ms, INP < 100 ms, DOM flat from 1,000 to 100,000, page query < 20 ms at
 * 100,000 rows on PostgreSQL. Runs the production build (`npm run build` first).
 *
 *   npm run bench:gallery
 */
import "../scripts/register-server-only.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import {
  freePort,
  type startProcess as StartProcess,
  startProcess,
  stopProcess,
} from "../e2e/fixtures/processes";
import { chromiumPath } from "../scripts/chromium-path";

const { openPgliteDatabase, openPostgresDatabase } = await import("../lib/server/db/database");
const { filterConditions, filteredItems, jumpCondition, searchIsRare, sortOrder } = await import(
  "../lib/server/gallery/filter-query"
);
const { item, itemColumns } = await import("../lib/server/db/schema");
const { filteredGalleryPage } = await import("../lib/server/gallery/gallery-page");
const { galleryTotals } = await import("../lib/server/gallery/filter-count");
const { galleryMonths } = await import("../lib/server/gallery/months");
const { galleryFacets } = await import("../lib/server/gallery/facets");
const { thumbKey } = await import("../lib/server/items/thumbnails");
const { parseGalleryFilter } = await import("../lib/studio/gallery/filter");
type Opened = Awaited<ReturnType<typeof openPgliteDatabase>>;

const dataDir = fs.mkdtempSync(path.join(tmpdir(), "studio-bench-gallery-"));
const mediaRoot = path.join(dataDir, "media");
const started: Awaited<ReturnType<typeof StartProcess>>[] = [];
let pgCluster: { dir: string; bin: string; as: string[] } | null = null;
const results: { name: string; value: string; target: string }[] = [];
const report = (name: string, value: string, target: string) => {
  results.push({ name, value, target });
  console.info(`${name.padEnd(58)}${value.padStart(12)}   ${target}`);
};

const WORKFLOWS = ["text-to-image", "image-to-image", "inpainting", "outpainting", "controlnet"];
const STATES = ["draft", "draft", "in_review", "approved", "rejected"];
const WORDS = ["fox", "owl", "city", "tower", "river", "forest", "glass", "snow", "harbour", "lighthouse"];

/** `count` items in total (adds to what is there), prompts and facts varied, newest last. */
async function seedItems(db: Opened["db"], authorId: string, from: number, to: number) {
  const task = crypto.randomUUID();
  await db.execute(sql`insert into task (task_uuid, task_type, author_id, params, status)
    values (${task}::uuid, 'imageInference', ${authorId},
      '{"taskType":"imageInference","positivePrompt":"a bench scene","model":"runware:100@1"}'::jsonb, 'success')`);
  await db.execute(sql`
    insert into item (task_uuid, author_id, media_uuid, kind, mime, width, height, seed, storage_key, bytes,
      created_at, task_type, workflow, model, prompt, review_state, rating_avg, rating_count, seed_key)
    select ${task}::uuid, ${authorId}, 'bench-' || g, 'image', 'image/jpeg',
      (array[512, 768, 512])[1 + h.a % 3], (array[512, 512, 768])[1 + h.a % 3], g,
      'items/bench/' || g || '.jpg', 4000,
      timestamptz '2024-01-01' + (g * 10 || ' minutes')::interval, 'imageInference',
      (${sql.raw(`array[${WORKFLOWS.map((w) => `'${w}'`).join(",")}]`)})[1 + h.b % ${WORKFLOWS.length}],
      'runware:' || (100 + h.c % 7) || '@1',
      'a ' || (${sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(",")}]`)})[1 + h.d % ${WORDS.length}]
        || ' at ' || (array['dawn','noon','dusk','night'])[1 + h.e % 4] || ', study ' || g,
      (${sql.raw(`array[${STATES.map((s) => `'${s}'`).join(",")}]`)})[1 + h.f % ${STATES.length}],
      case when h.a % 3 = 0 then 1 + (h.c % 5) else null end, case when h.a % 3 = 0 then 1 else 0 end,
      -- Runs of four neighbours share a recipe; about half of each run is in it: seed stacks of
      -- one to four, as tasks of one to four images leave them.
      case when h.e % 2 = 0 then 'bench-stack-' || (g / 4) else null end
    from generate_series(${from}::int, ${to - 1}::int) g,
      -- Facts drawn independently of each other (a hash per fact), as in a real team's gallery.
      lateral (select (hashint4(g) & 2147483647) a, (hashint4(g + 1000003) & 2147483647) b, (hashint4(g + 2000003) & 2147483647) c,
        (hashint4(g + 3000003) & 2147483647) d, (hashint4(g + 4000003) & 2147483647) e, (hashint4(g + 5000003) & 2147483647) f) h`);
  await db.execute(sql`analyze item`);
}

/** Hard links of one JPEG (and its thumbnails) under each item's key: 100,000 items, two files. */
async function linkMedia(from: number, to: number, warmThumbs: boolean) {
  const source = path.join(dataDir, "source.jpg");
  if (!fs.existsSync(source)) {
    await sharp({ create: { width: 512, height: 512, channels: 3, background: { r: 180, g: 110, b: 60 } } })
      .jpeg()
      .toFile(source);
    for (const [w, f] of [
      [320, "webp"],
      [640, "webp"],
      [1280, "webp"],
    ] as const) {
      const image = sharp(source).resize({ width: w, withoutEnlargement: true });
      await image.webp({ quality: 78 }).toFile(path.join(dataDir, `thumb-${w}.${f}`));
    }
  }
  // ext4 holds at most 65,000 links to one file: a copy of each file serves every 60,000 items.
  const link = (original: string, g: number, key: string) => {
    const copy = `${original}.${Math.floor(g / 60_000)}`;
    if (!fs.existsSync(copy)) fs.copyFileSync(original, copy);
    const file = path.join(mediaRoot, ...key.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.linkSync(copy, file);
  };
  for (let g = from; g < to; g++) {
    const key = `items/bench/${g}.jpg`;
    link(source, g, key);
    if (!warmThumbs) continue;
    link(path.join(dataDir, "thumb-320.webp"), g, thumbKey(key, 320, "webp"));
    link(path.join(dataDir, "thumb-640.webp"), g, thumbKey(key, 640, "webp"));
    link(path.join(dataDir, "thumb-1280.webp"), g, thumbKey(key, 1280, "webp"));
  }
}

async function withDatabase<T>(work: (opened: Opened) => Promise<T>): Promise<T> {
  const opened = await openPgliteDatabase(path.join(dataDir, "db"));
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
}

async function startStudio(port: number) {
  const server = await startProcess(
    "server.ts",
    { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    `http://127.0.0.1:${port}/sign-in`,
  );
  started.push(server);
  return server;
}

async function stopStudio(server: Awaited<ReturnType<typeof StartProcess>>) {
  await stopProcess(server);
  started.splice(started.indexOf(server), 1);
}

const VITALS = `${fs.readFileSync("node_modules/web-vitals/dist/web-vitals.iife.js", "utf8")}
  window.__vitals = { lcp: [], inp: [] };
  webVitals.onLCP((m) => window.__vitals.lcp.push(m.value), { reportAllChanges: true });
  webVitals.onINP((m) => window.__vitals.inp.push(m.value), { reportAllChanges: true, durationThreshold: 0 });`;

type Vitals = { lcp: number[]; inp: number[] };
const vitals = (page: Page) => page.evaluate("window.__vitals") as Promise<Vitals>;

async function lcpOf(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator("[data-testid=gallery-item] img").first().waitFor();
  await page.waitForFunction("document.querySelector('[data-testid=gallery-item] img').complete");
  await page.waitForTimeout(500);
  // LCP is final at the first input: a click on empty space settles it.
  const { lcp } = await vitals(page);
  return lcp.at(-1) ?? Number.NaN;
}

/** How far the DOM check scrolls: 50 pages of 60, or the end of a smaller gallery. */
const FAR_ITEMS = 3_000;

/** Scrolls down until `FAR_ITEMS` more items are loaded (or the end); answers the DOM's element count there. */
async function domScrolledFar(page: Page): Promise<{ nodes: number; loaded: number }> {
  const loaded = () => page.evaluate("window.__loaded ?? 0") as Promise<number>;
  for (let i = 0; i < 4000; i++) {
    await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
    await page.waitForTimeout(40);
    if ((await loaded()) >= FAR_ITEMS) break;
    const more = await page.evaluate(
      "document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') === '-1'",
    );
    if (!more) break;
  }
  await page.waitForTimeout(300);
  return {
    nodes: (await page.evaluate("document.getElementsByTagName('*').length")) as number,
    loaded: await loaded(),
  };
}

/** Counts the items the page's list requests bring in, so a far scroll knows when to stop. */
async function countLoaded(page: Page) {
  await page.evaluate("window.__loaded = 0");
  page.removeAllListeners("response");
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname !== "/api/items") return;
    const body = (await response.json().catch(() => null)) as { data?: { items?: unknown[] } } | null;
    const n = body?.data?.items?.length ?? 0;
    await page.evaluate(`window.__loaded = (window.__loaded ?? 0) + ${n}`).catch(() => undefined);
  });
}

async function browserPart() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server = await startStudio(port);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    const setup = await context.request.post("/api/setup", {
      headers: { origin },
      data: { name: "Bench", email: "bench@studio.test", password: "bench password" },
    });
    if (!setup.ok()) throw new Error(`set-up failed: ${setup.status()}`);
    await context.addInitScript(VITALS);
    const page = await context.newPage();
    await stopStudio(server);

    const sizes = [1_000, 10_000, 100_000];
    let seeded = 0;
    for (const size of sizes) {
      await withDatabase(async (opened) => {
        const { rows } = (await opened.db.execute(sql`select id from "user" limit 1`)) as unknown as {
          rows: { id: string }[];
        };
        await seedItems(opened.db, rows[0]?.id ?? "", seeded, size);
      });
      // The newest screen's thumbnails stay cold the first time: the first load makes them.
      await linkMedia(seeded, size, true);
      if (seeded === 0) {
        for (let g = size - 60; g < size; g++) {
          for (const [w, f] of [
            [320, "webp"],
            [640, "webp"],
            [1280, "webp"],
          ] as const) {
            fs.rmSync(path.join(mediaRoot, ...thumbKey(`items/bench/${g}.jpg`, w, f).split("/")), {
              force: true,
            });
          }
        }
      }
      seeded = size;
      server = await startStudio(port);
      // The server's first request of each route compiles nothing (production) but opens caches.
      await context.request.get("/api/items?limit=1");

      if (size === sizes[0]) {
        report(
          `LCP, first load, thumbnails made on demand (${size} items)`,
          `${(await lcpOf(page, "/gallery")).toFixed(0)} ms`,
          "< 500 ms",
        );
        report(
          `LCP, first load, thumbnails cached (${size} items)`,
          `${(await lcpOf(page, "/gallery")).toFixed(0)} ms`,
          "< 500 ms",
        );
      } else {
        report(
          `LCP, first load after a restart (${size} items)`,
          `${(await lcpOf(page, "/gallery")).toFixed(0)} ms`,
          "< 500 ms",
        );
        report(
          `LCP, first load, thumbnails cached (${size} items)`,
          `${(await lcpOf(page, "/gallery")).toFixed(0)} ms`,
          "< 500 ms",
        );
      }
      // INP of a filter click: the Starred toggle (a real click; the menus are native selects).
      await page.getByRole("button", { name: "Starred" }).click();
      await page.waitForURL(/starred=1/);
      await page.waitForTimeout(400);
      report(
        `INP, filter click (${size} items)`,
        `${Math.max(...(await vitals(page)).inp).toFixed(0)} ms`,
        "< 100 ms",
      );
      await page.goto("/gallery");
      await page.locator("[data-testid=gallery-item] img").first().waitFor();
      // INP ends at the next paint after the click, not when the next page arrives: the viewer's
      // request is held back so that this document is still there to report it.
      await page.route("**/gallery/item/**", async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue().catch(() => undefined);
      });
      await page.locator("[data-testid=gallery-item] a").first().click();
      await page.waitForTimeout(600);
      const opened = Math.max(...(await vitals(page)).inp);
      await page.waitForURL(/\/gallery\/item\//);
      await page.unroute("**/gallery/item/**");
      report(`INP, opening the first card (${size} items)`, `${opened.toFixed(0)} ms`, "< 100 ms");

      await page.goto("/gallery");
      await page.locator("[data-testid=gallery-item]").first().waitFor();
      await countLoaded(page);
      const start = performance.now();
      const far = await domScrolledFar(page);
      report(
        `DOM elements after scrolling ${far.loaded.toLocaleString("en")} items down (${size} items)`,
        String(far.nodes),
        "flat from 1,000 to 100,000",
      );
      console.info(`  (scrolled in ${((performance.now() - start) / 1000).toFixed(1)} s)`);

      // The scrubber: a press on the month in the middle of the rail, then far down from there.
      await page.goto("/gallery");
      await page.locator("[data-testid=gallery-item]").first().waitFor();
      const months = page.getByRole("navigation", { name: "Jump to a month" }).getByRole("button");
      await months.first().waitFor();
      const count = await months.count();
      if (count < 2) {
        report(`INP, scrubber jump (${size} items)`, "n/a", "one month: nothing to jump to");
        await stopStudio(server);
        continue;
      }
      // Not the first month: pressing it is the way back to the start, not a jump.
      const target = months.nth(Math.max(1, Math.floor(count / 2)));
      const label = (await target.getAttribute("aria-label")) ?? "";
      await target.click();
      await page.waitForURL(/[?&]at=\d{4}-\d{2}/);
      await page.locator("[data-testid=gallery-item]").first().waitFor();
      await page.waitForTimeout(400);
      // A new document before the press: the only interaction it holds is the jump.
      const jumpInp = Math.max(...(await vitals(page)).inp);
      report(
        `INP, scrubber jump to ${label.split(",")[0]} (${size} items)`,
        `${jumpInp.toFixed(0)} ms`,
        "< 100 ms",
      );
      await countLoaded(page);
      const jumped = await domScrolledFar(page);
      report(
        `DOM elements after a jump and ${jumped.loaded.toLocaleString("en")} items down (${size} items)`,
        String(jumped.nodes),
        "flat from 1,000 to 100,000",
      );
      await stopStudio(server);
    }
  } finally {
    await browser.close();
  }
}

// The query part ---------------------------------------------------------------------------------

const QUERY_ROWS = 100_000;
const FILTERS: string[] = [
  "",
  "workflow=inpainting",
  "state=approved&sort=rating",
  "q=lighthouse dusk",
  "q=study 4242",
  "model=runware:103@1&kind=image",
];

async function timeQueries(opened: Opened, label: string) {
  const [row] = (
    (await opened.db.execute(sql`select id from "user" limit 1`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const viewer = { id: row?.id ?? "" };
  const median = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
  };
  for (const query of FILTERS) {
    const parsed = parseGalleryFilter(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(query);
    const filter = parsed.filter;
    const page = await median(() => filteredItems(opened.db, filter, viewer, { cursor: null, limit: 60 }));
    const full = await median(() =>
      filteredGalleryPage(opened.db, filter, viewer, { cursor: null, limit: 60 }),
    );
    const where = filter.workflow
      ? sql`deleted_at is null and workflow = 'inpainting' order by created_at desc, id desc`
      : filter.state
        ? sql`deleted_at is null order by coalesce(rating_avg, 0) desc, created_at desc, id desc`
        : filter.q
          ? sql`search @@ websearch_to_tsquery('english', ${filter.q})`
          : filter.model
            ? sql`deleted_at is null and model = 'runware:103@1' order by created_at desc, id desc`
            : sql`deleted_at is null order by created_at desc, id desc`;
    if (process.env.BENCH_EXPLAIN === "1") {
      const select = opened.db
        .select(itemColumns)
        .from(item)
        .where(sql.join(filterConditions(filter, viewer), sql` and `))
        .orderBy(...sortOrder(filter.sort ?? "newest", "after", await searchIsRare(opened.db, filter)))
        .limit(61);
      const { rows } = (await opened.db.execute(sql`explain analyze ${select}`)) as unknown as {
        rows: Record<string, string>[];
      };
      console.info(rows.map((r) => Object.values(r)[0]).join("\n"));
    }
    const bare = await median(() => opened.db.execute(sql`select id from item where ${where} limit 61`));
    report(
      `${label}: ?${query || "(no filter)"}`,
      `${page.toFixed(2)} ms`,
      `floor ${bare.toFixed(2)} ms; with reviews and names ${full.toFixed(2)} ms${label === "PostgreSQL" ? "; target < 20 ms" : ""}`,
    );
  }
  // Folding seed stacks costs a cover test per card: the same first page with "Stack seeds" on
  // (the default) beside off (`seeds=apart`), same rows, same run.
  for (const query of ["", "workflow=inpainting", "q=lighthouse dusk", "state=approved&sort=rating"]) {
    const stacked = parseGalleryFilter(new URLSearchParams(query));
    const apart = parseGalleryFilter(new URLSearchParams(query ? `${query}&seeds=apart` : "seeds=apart"));
    if (!stacked.ok || !apart.ok) throw new Error(query);
    const on = await median(() =>
      filteredItems(opened.db, stacked.filter, viewer, { cursor: null, limit: 60 }),
    );
    const off = await median(() =>
      filteredItems(opened.db, apart.filter, viewer, { cursor: null, limit: 60 }),
    );
    const onFull = await median(() =>
      filteredGalleryPage(opened.db, stacked.filter, viewer, { cursor: null, limit: 60 }),
    );
    report(
      `${label}: stacks on, first page ?${query || "(no filter)"}`,
      `${on.toFixed(2)} ms`,
      `stacks off ${off.toFixed(2)} ms; on with counts and names ${onFull.toFixed(2)} ms`,
    );
  }
  // A jump on the scrubber: the page restarted at a month a year back, beside the bare index read.
  const jumped = await median(() =>
    filteredItems(opened.db, {}, viewer, { cursor: null, limit: 60, at: JUMP_MONTH }),
  );
  const jumpFloor = await median(() =>
    opened.db.execute(
      sql`select id from item where deleted_at is null and created_at < ${`${JUMP_MONTH}-01T00:00:00Z`}::timestamptz + interval '1 month' order by created_at desc, id desc limit 61`,
    ),
  );
  if (process.env.BENCH_EXPLAIN === "1") {
    const select = opened.db
      .select(itemColumns)
      .from(item)
      .where(sql.join([...filterConditions({}, viewer), jumpCondition("newest", JUMP_MONTH)], sql` and `))
      .orderBy(...sortOrder("newest"))
      .limit(61);
    const { rows } = (await opened.db.execute(sql`explain analyze ${select}`)) as unknown as {
      rows: Record<string, string>[];
    };
    console.info(rows.map((r) => Object.values(r)[0]).join("\n"));
  }
  report(
    `${label}: ?at=${JUMP_MONTH} (scrubber jump)`,
    `${jumped.toFixed(2)} ms`,
    `floor ${jumpFloor.toFixed(2)} ms`,
  );
  await timeCounts(opened, label, median);
}

/** A month a year into the seeded two years: the jump's page starts in the middle of the index. */
const JUMP_MONTH = "2025-01";

/** The counts beside the list: the scrubber's months and the "N of M" totals, floor a bare count. */
async function timeCounts(
  opened: Opened,
  label: string,
  median: (fn: () => Promise<unknown>) => Promise<number>,
) {
  const viewer = { id: "bench-q" };
  const floor = await median(() =>
    opened.db.execute(sql`select count(*) from item where deleted_at is null`),
  );
  for (const query of ["", "workflow=inpainting"]) {
    const parsed = parseGalleryFilter(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(query);
    const filter = parsed.filter;
    const months = await median(() => galleryMonths(opened.db, filter, viewer));
    const totals = await median(() => galleryTotals(opened.db, filter, viewer));
    if (process.env.BENCH_EXPLAIN === "1") {
      const { rows } = (await opened.db.execute(
        sql`explain analyze select date_trunc('month', created_at at time zone 'UTC') m, count(*) from item where ${sql.join(filterConditions(filter, viewer), sql` and `)} group by 1`,
      )) as unknown as { rows: Record<string, string>[] };
      console.info(rows.map((r) => Object.values(r)[0]).join("\n"));
    }
    report(
      `${label}: months ?${query || "(no filter)"}`,
      `${months.toFixed(2)} ms`,
      `floor (bare count(*)) ${floor.toFixed(2)} ms; totals ${totals.toFixed(2)} ms`,
    );
  }
  const facets = await median(() => galleryFacets(opened.db));
  report(
    `${label}: filter menus' facets`,
    `${facets.toFixed(2)} ms`,
    `floor (bare count(*)) ${floor.toFixed(2)} ms`,
  );
}

async function seedQueryRows(opened: Opened) {
  await opened.db.execute(
    sql`insert into "user" (id, name, email) values ('bench-q', 'Bench', 'q@bench.test') on conflict do nothing`,
  );
  await seedItems(opened.db, "bench-q", 0, QUERY_ROWS);
}

function startLocalPostgres(): string | null {
  const initdb = fs
    .readdirSync("/usr/lib/postgresql", { withFileTypes: true })
    .map((d) => path.join("/usr/lib/postgresql", d.name, "bin"))
    .find((bin) => fs.existsSync(path.join(bin, "initdb")));
  if (!initdb) return null;
  const dir = fs.mkdtempSync(path.join(tmpdir(), "studio-bench-pg-"));
  const as = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (as.length > 0) execFileSync("chown", ["postgres:", dir]);
  const run = (cmd: string, args: string[]) => {
    const [head, ...rest] = [...as, path.join(initdb, cmd), ...args];
    const out = spawnSync(head ?? cmd, rest, { stdio: "pipe" });
    if (out.status !== 0) throw new Error(`${cmd} failed: ${out.stderr.toString()}`);
  };
  pgCluster = { dir, bin: initdb, as };
  run("initdb", ["-D", `${dir}/data`, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = 20000 + Math.floor(Math.random() * 20000);
  run("pg_ctl", [
    "-D",
    `${dir}/data`,
    "-l",
    `${dir}/server.log`,
    "-w",
    "-t",
    "60",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
    "start",
  ]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "bench"]);
  return `postgres://postgres@127.0.0.1:${port}/bench`;
}

function stopLocalPostgres() {
  if (!pgCluster) return;
  const [head, ...rest] = [
    ...pgCluster.as,
    path.join(pgCluster.bin, "pg_ctl"),
    "-D",
    `${pgCluster.dir}/data`,
    "-m",
    "fast",
    "-w",
    "stop",
  ];
  spawnSync(head ?? "pg_ctl", rest, { stdio: "ignore" });
  fs.rmSync(pgCluster.dir, { recursive: true, force: true });
  pgCluster = null;
}

async function queryPart() {
  console.info(`\nFiltered page query (60 items) at ${QUERY_ROWS.toLocaleString("en")} rows, median of 25`);
  const embedded = await openPgliteDatabase(undefined);
  try {
    await seedQueryRows(embedded);
    await timeQueries(embedded, "embedded");
  } finally {
    await embedded.close();
  }
  let url = process.env.TEST_DATABASE_URL;
  let database: string | null = null;
  if (url) {
    database = `bench_gallery_${Date.now()}`;
    const admin = await openPostgresDatabase(url, { migrate: false });
    await admin.db.execute(sql.raw(`create database ${database}`));
    await admin.close();
    const u = new URL(url);
    u.pathname = `/${database}`;
    url = u.toString();
  } else {
    url = startLocalPostgres() ?? undefined;
  }
  if (!url) {
    console.info("PostgreSQL: skipped (set TEST_DATABASE_URL or install the postgresql server package)");
    return;
  }
  const postgres = await openPostgresDatabase(url);
  try {
    await seedQueryRows(postgres);
    await timeQueries(postgres, "PostgreSQL");
  } finally {
    await postgres.close();
    if (database && process.env.TEST_DATABASE_URL) {
      const admin = await openPostgresDatabase(process.env.TEST_DATABASE_URL, { migrate: false });
      await admin.db.execute(sql.raw(`drop database if exists ${database} with (force)`));
      await admin.close();
    }
  }
}

try {
  console.info(`${"".padEnd(58)}${"figure".padStart(12)}   target`);
  if (process.env.BENCH_SKIP_BROWSER !== "1") await browserPart();
  await queryPart();
} finally {
  for (const server of [...started]) await stopProcess(server);
  stopLocalPostgres();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
