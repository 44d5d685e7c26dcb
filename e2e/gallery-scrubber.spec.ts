import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { freePort, ROOT, startProcess, stopProcess } from "./fixtures/processes";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

/**
 * The gallery's date scrubber: a person points at the rail beside the grid and reads a month's
 * name and count, presses a month and sees the grid start there (without the months between),
 * scrolls on into older months as the rail follows, reloads and goes back keeping the place,
 * jumps from the keyboard, sees a live result wait at the top, and returns to the newest. Items are made months apart, which only the
 * database can do: this spec runs its own studio on its own folder, seeded while it is stopped.
 */
test.describe.configure({ mode: "serial" });

const dataDir = path.join(ROOT, "data", "e2e-scrubber");
const shots = "e2e/.screens";
const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

/** A month of the seed: `YYYY-MM`, its name as the rail reads it, its items' word and their count. */
type Month = { month: string; label: string; word: string; count: number };

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * Newest first: the month the spec runs in (UTC) and four before it, with how many items each holds.
 * A live result lands in the month it is made in, so the newest month is always the present one.
 */
function monthsBackFrom(now: Date): Month[] {
  return [
    { back: 0, count: 130 },
    { back: 2, count: 20 },
    { back: 5, count: 12 },
    { back: 10, count: 70 },
    { back: 11, count: 5 },
  ].map(({ back, count }) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const label = MONTH_NAME.format(first);
    return {
      month: first.toISOString().slice(0, 7),
      label,
      word: label.split(" ")[0]?.toLowerCase() ?? "",
      count,
    };
  });
}

let MONTHS: Month[] = [];
/** The seeded months by place: the newest (the present month), then older and older. */
const nth = (n: number): Month => {
  const entry = MONTHS[n];
  if (!entry) throw new Error(`no seeded month ${n}`);
  return entry;
};

/** How long until the present UTC month ends. */
function msLeftInMonth(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime();
}

let server: Awaited<ReturnType<typeof startProcess>> | undefined;
let context: BrowserContext;
let origin = "";

async function start(port: number) {
  server = await startProcess(
    "server.ts",
    { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    `${origin}/sign-in`,
    120_000,
  );
}

/**
 * When item `n` of `count` in `month` was made: in past months, n hours after the 1st began; in the
 * present month, spread evenly between its start and `now`, so every seeded item is older than a
 * live result.
 */
function madeAt(month: string, n: number, count: number, now: Date): Date {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  if (month !== now.toISOString().slice(0, 7)) return new Date(start + n * 3_600_000);
  const step = Math.min(3_600_000, Math.floor((now.getTime() - start) / (count + 1)));
  return new Date(now.getTime() - (count - n + 1) * step);
}

/** Each month's items, the newest made last, each with its own small JPEG. */
async function seed(now: Date) {
  const db = await PGlite.create(path.join(dataDir, "db"));
  try {
    const owner = (await db.query<{ id: string }>(`select id from "user" limit 1`)).rows[0]?.id ?? "";
    const media = path.join(dataDir, "media", "items", "scrub");
    fs.mkdirSync(media, { recursive: true });
    const jpeg = await sharp({
      create: { width: 256, height: 256, channels: 3, background: { r: 70, g: 110, b: 150 } },
    })
      .jpeg()
      .toBuffer();
    for (const { month, word, count } of MONTHS) {
      for (let n = 1; n <= count; n++) {
        const key = `items/scrub/${word}-${n}.jpg`;
        fs.writeFileSync(path.join(dataDir, "media", ...key.split("/")), jpeg);
        // Item `count` of a month is its newest.
        const task = crypto.randomUUID();
        const prompt = `a ${word} study number ${n}`;
        await db.query(
          `insert into task (task_uuid, task_type, author_id, params, status)
           values ($1, 'imageInference', $2, $3::jsonb, 'success')`,
          [
            task,
            owner,
            JSON.stringify({ taskType: "imageInference", positivePrompt: prompt, model: "runware:100@1" }),
          ],
        );
        await db.query(
          `insert into item (task_uuid, author_id, media_uuid, kind, mime, width, height, seed, storage_key,
             bytes, created_at, task_type, workflow, model, prompt)
           values ($1, $2, $3, 'image', 'image/jpeg', 256, 256, $4, $5, $6, $7::timestamptz, 'imageInference',
             'text-to-image', 'runware:100@1', $8)`,
          [
            task,
            owner,
            `scrub-${word}-${n}`,
            n,
            key,
            jpeg.length,
            madeAt(month, n, count, now).toISOString(),
            prompt,
          ],
        );
      }
    }
  } finally {
    await db.close();
  }
}

test.beforeAll(async ({ browser }) => {
  // The spec's months are the present one and those before it. Close to a month's end, it waits
  // for the next month, so that a live result cannot land in a month the seed never made.
  const margin = 15 * 60_000;
  const wait = msLeftInMonth(new Date()) < margin ? msLeftInMonth(new Date()) + 1_000 : 0;
  test.setTimeout(360_000 + wait);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const now = new Date();
  MONTHS = monthsBackFrom(now);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await start(port);
  context = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
  const setup = await context.request.post("/api/setup", {
    headers: { origin },
    data: { name: "Scrub Owner", email: "scrub@studio.test", password: "scrubber password" },
  });
  expect(setup.ok()).toBe(true);
  await stopProcess(server);
  await seed(now);
  await start(port);
});

test.afterAll(async () => {
  await context?.close();
  await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cards = (page: Page) => page.locator("[data-testid=gallery-item]");
const rail = (page: Page) => page.getByRole("navigation", { name: "Jump to a month" });
const month = (page: Page, name: RegExp) => rail(page).getByRole("button", { name });
/** A month's name on the rail, with its count when given. */
const named = (entry: Month, count?: number) =>
  new RegExp(count === undefined ? `^${entry.label}` : `^${entry.label}, ${count} items$`);
/** The address's jump to a month. */
const atParam = (entry: Month) => new RegExp(`[?&]at=${entry.month}`);
/** The month before `month` (`YYYY-MM`). */
function monthBefore(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7);
}

async function screenshots(page: Page, name: string) {
  // Without pictures there is nothing to wait for: no check reads the thumbnails, and making
  // every one in view is the server's heaviest work here.
  if (!TAKE_SCREENS) return;
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await expect
      .poll(
        () =>
          cards(page)
            .locator("img")
            .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
        { timeout: 90_000 },
      )
      .toBe(true);
    await saveScreen(page, { path: `${shots}/${name}-${screen.width}x${screen.height}.png` });
  }
  await page.setViewportSize(SCREENS[0] ?? { width: 1440, height: 900 });
}

test("the months index and the jump answer through the API, a bad month named", async () => {
  const months = await context.request.get("/api/gallery/months");
  expect(months.status()).toBe(200);
  expect((await months.json()).data).toEqual(MONTHS.map(({ month, count }) => ({ month, count })));
  const bad = await context.request.get("/api/items?at=2026-13");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors[0]).toMatchObject({ parameter: "at" });
  const jumped = await context.request.get(`/api/items?at=${monthBefore(nth(0).month)}&limit=1`);
  expect((await jumped.json()).data.items[0].prompt).toBe(`a ${nth(1).word} study number 20`);
});

test("a person jumps to a month on the rail, scrolls on, reloads, goes back, and returns to the newest", async () => {
  test.setTimeout(180_000);
  const page = await context.newPage();
  const listed: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/items") listed.push(r.url());
  });
  await page.goto("/gallery");
  await expect(cards(page).first()).toContainText(`a ${nth(0).word} study number 130`);
  await expect(rail(page)).toBeVisible();
  await expect(page.getByText("UTC", { exact: true })).toBeVisible();
  // The rail marks the month on screen.
  await expect(month(page, named(nth(0), 130))).toHaveAttribute("aria-current", "true");

  // Pointing at a month names it and its count.
  await month(page, named(nth(1))).hover();
  await expect(page.getByTestId("date-rail-bubble")).toHaveText(`${nth(1).label} · 20`);
  await screenshots(page, "gallery-scrubber");

  listed.length = 0;
  await month(page, named(nth(2), 12)).click();
  await expect(page).toHaveURL(atParam(nth(2)));
  await expect(cards(page).first()).toContainText(`a ${nth(2).word} study number 12`);
  await expect(page.getByRole("status").filter({ hasText: `From ${nth(2).label} back` })).toBeVisible();
  await expect(month(page, named(nth(2)))).toHaveAttribute("aria-current", "true");
  // The pages between were not read: one list request, started at June.
  expect(listed).toHaveLength(1);
  expect(listed[0]).toContain(`at=${nth(2).month}`);
  await expect(page.getByText(`a ${nth(0).word} study number`, { exact: false })).toHaveCount(0);

  // Scrolling down continues into older months; the rail follows.
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(page.getByText(`a ${nth(4).word} study number 5`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    month(page, new RegExp(`^(${nth(3).label}|${nth(4).label})`)).and(page.locator("[aria-current=true]")),
  ).toHaveCount(1);

  // Back up: the newest of June heads the list again, under the bar that leads to the newest.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(cards(page).first()).toContainText(`a ${nth(2).word} study number 12`);
  await expect(month(page, named(nth(2)))).toHaveAttribute("aria-current", "true");

  // A reload keeps the place.
  await page.reload();
  await expect(cards(page).first()).toContainText(`a ${nth(2).word} study number 12`);

  // A result that arrives live while the grid shows June belongs at the top, not in June: the
  // counts take it in, the grid holds still.
  const live = imageTask("a paper lantern arriving live");
  expect((await sendTasks(context.request, origin, [live])).status()).toBe(202);
  expect((await finishedTask(context.request, live.taskUUID, 120_000)).status).toBe("success");
  await expect(page.getByTestId("result-count")).toHaveText("238 results", { timeout: 30_000 });
  await expect(month(page, named(nth(0), 131))).toBeVisible();
  await expect(cards(page).first()).toContainText(`a ${nth(2).word} study number 12`);
  await expect(page.getByText("a paper lantern arriving live")).toHaveCount(0);

  // The keyboard: the month on screen is in the tab order; arrows move, Enter jumps.
  await month(page, named(nth(2))).focus();
  await page.keyboard.press("ArrowUp");
  await expect(month(page, named(nth(1)))).toBeFocused();
  await expect(page.getByTestId("date-rail-bubble")).toHaveText(`${nth(1).label} · 20`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(atParam(nth(1)));
  await expect(cards(page).first()).toContainText(`a ${nth(1).word} study number 20`);

  // The browser's back goes to the previous place.
  await page.goBack();
  await expect(page).toHaveURL(atParam(nth(2)));
  await expect(cards(page).first()).toContainText(`a ${nth(2).word} study number 12`);
  await screenshots(page, "gallery-scrubber-jumped");

  await page.getByRole("button", { name: "Back to newest" }).click();
  await expect(page).not.toHaveURL(/at=/);
  await expect(cards(page).first()).toContainText("a paper lantern arriving live");
  await expect(cards(page).nth(1)).toContainText(`a ${nth(0).word} study number 130`);
  await expect(page.getByRole("status").filter({ hasText: "From " })).toHaveCount(0);
  await page.close();
});

test("oldest first, the rail runs oldest first and a drag starts the grid at the month's oldest; best rated has no rail", async () => {
  const page = await context.newPage();
  await page.goto("/gallery?sort=oldest");
  await expect(cards(page).first()).toContainText(`a ${nth(4).word} study number 1`);
  // The months are read after the first page: wait for the rail's last before reading them all.
  await expect(month(page, named(nth(0)))).toBeVisible();
  const names = await rail(page)
    .getByRole("button")
    .evaluateAll((b) => b.map((e) => e.getAttribute("aria-label")));
  expect(names[0]).toBe(`${nth(4).label}, 5 items`);
  expect(names.at(-1)).toBe(`${nth(0).label}, 131 items`);
  // A drag down the rail names each month it passes and jumps where it is let go.
  const from = await month(page, named(nth(4))).boundingBox();
  const to = await month(page, named(nth(1))).boundingBox();
  if (!from || !to) throw new Error("the rail's months have no box");
  await page.mouse.move(from.x + from.width / 2, from.y + 1);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await expect(page.getByTestId("date-rail-bubble")).toHaveText(`${nth(1).label} · 20`);
  await expect(page).not.toHaveURL(/at=/);
  await page.mouse.up();
  await expect(page).toHaveURL(atParam(nth(1)));
  await expect(cards(page).first()).toContainText(`a ${nth(1).word} study number 1`);
  await expect(page.getByRole("button", { name: "Back to oldest" })).toBeVisible();

  await page.goto("/gallery?sort=rating");
  await expect(cards(page).first()).toBeVisible();
  await expect(rail(page)).toHaveCount(0);
  await page.close();
});
