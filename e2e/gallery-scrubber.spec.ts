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

/** Newest first: how many items each month holds, and the word their prompts carry. */
const MONTHS = [
  { month: "2026-11", word: "november", count: 130 },
  { month: "2026-09", word: "september", count: 20 },
  { month: "2026-06", word: "june", count: 12 },
  { month: "2026-01", word: "january", count: 70 },
  { month: "2025-12", word: "december", count: 5 },
] as const;

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

/** Items days apart within each month (the newest on the 20th), each with its own small JPEG. */
async function seed() {
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
        // Item n of a month is made n hours after the 1st began, so item `count` is its newest.
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
            new Date(Date.parse(`${month}-01T00:00:00Z`) + n * 3_600_000).toISOString(),
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
  test.setTimeout(360_000);
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
  await seed();
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
  const jumped = await context.request.get("/api/items?at=2026-10&limit=1");
  expect((await jumped.json()).data.items[0].prompt).toBe("a september study number 20");
});

test("a person jumps to a month on the rail, scrolls on, reloads, goes back, and returns to the newest", async () => {
  test.setTimeout(180_000);
  const page = await context.newPage();
  const listed: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/items") listed.push(r.url());
  });
  await page.goto("/gallery");
  await expect(cards(page).first()).toContainText("a november study number 130");
  await expect(rail(page)).toBeVisible();
  await expect(page.getByText("UTC", { exact: true })).toBeVisible();
  // The rail marks the month on screen.
  await expect(month(page, /^November 2026, 130 items$/)).toHaveAttribute("aria-current", "true");

  // Pointing at a month names it and its count.
  await month(page, /^September 2026/).hover();
  await expect(page.getByTestId("date-rail-bubble")).toHaveText("September 2026 · 20");
  await screenshots(page, "gallery-scrubber");

  listed.length = 0;
  await month(page, /^June 2026, 12 items$/).click();
  await expect(page).toHaveURL(/[?&]at=2026-06/);
  await expect(cards(page).first()).toContainText("a june study number 12");
  await expect(page.getByRole("status").filter({ hasText: "From June 2026 back" })).toBeVisible();
  await expect(month(page, /^June 2026/)).toHaveAttribute("aria-current", "true");
  // The pages between were not read: one list request, started at June.
  expect(listed).toHaveLength(1);
  expect(listed[0]).toContain("at=2026-06");
  await expect(page.getByText("a november study number", { exact: false })).toHaveCount(0);

  // Scrolling down continues into older months; the rail follows.
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(page.getByText("a december study number 5")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    month(page, /^(January 2026|December 2025)/).and(page.locator("[aria-current=true]")),
  ).toHaveCount(1);

  // Back up: the newest of June heads the list again, under the bar that leads to the newest.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(cards(page).first()).toContainText("a june study number 12");
  await expect(month(page, /^June 2026/)).toHaveAttribute("aria-current", "true");

  // A reload keeps the place.
  await page.reload();
  await expect(cards(page).first()).toContainText("a june study number 12");

  // A result that arrives live while the grid shows June belongs at the top, not in June: the
  // counts take it in, the grid holds still.
  const live = imageTask("a paper lantern arriving live");
  expect((await sendTasks(context.request, origin, [live])).status()).toBe(202);
  expect((await finishedTask(context.request, live.taskUUID, 120_000)).status).toBe("success");
  await expect(page.getByTestId("result-count")).toHaveText("238 results", { timeout: 30_000 });
  await expect(month(page, /^November 2026, 131 items$/)).toBeVisible();
  await expect(cards(page).first()).toContainText("a june study number 12");
  await expect(page.getByText("a paper lantern arriving live")).toHaveCount(0);

  // The keyboard: the month on screen is in the tab order; arrows move, Enter jumps.
  await month(page, /^June 2026/).focus();
  await page.keyboard.press("ArrowUp");
  await expect(month(page, /^September 2026/)).toBeFocused();
  await expect(page.getByTestId("date-rail-bubble")).toHaveText("September 2026 · 20");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]at=2026-09/);
  await expect(cards(page).first()).toContainText("a september study number 20");

  // The browser's back goes to the previous place.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]at=2026-06/);
  await expect(cards(page).first()).toContainText("a june study number 12");
  await screenshots(page, "gallery-scrubber-jumped");

  await page.getByRole("button", { name: "Back to newest" }).click();
  await expect(page).not.toHaveURL(/at=/);
  await expect(cards(page).first()).toContainText("a paper lantern arriving live");
  await expect(cards(page).nth(1)).toContainText("a november study number 130");
  await expect(page.getByRole("status").filter({ hasText: "From " })).toHaveCount(0);
  await page.close();
});

test("oldest first, the rail runs oldest first and a drag starts the grid at the month's oldest; best rated has no rail", async () => {
  const page = await context.newPage();
  await page.goto("/gallery?sort=oldest");
  await expect(cards(page).first()).toContainText("a december study number 1");
  // The months are read after the first page: wait for the rail's last before reading them all.
  await expect(month(page, /^November 2026/)).toBeVisible();
  const names = await rail(page)
    .getByRole("button")
    .evaluateAll((b) => b.map((e) => e.getAttribute("aria-label")));
  expect(names[0]).toBe("December 2025, 5 items");
  expect(names.at(-1)).toBe("November 2026, 131 items");
  // A drag down the rail names each month it passes and jumps where it is let go.
  const from = await month(page, /^December 2025/).boundingBox();
  const to = await month(page, /^September 2026/).boundingBox();
  if (!from || !to) throw new Error("the rail's months have no box");
  await page.mouse.move(from.x + from.width / 2, from.y + 1);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await expect(page.getByTestId("date-rail-bubble")).toHaveText("September 2026 · 20");
  await expect(page).not.toHaveURL(/at=/);
  await page.mouse.up();
  await expect(page).toHaveURL(/at=2026-09/);
  await expect(cards(page).first()).toContainText("a september study number 1");
  await expect(page.getByRole("button", { name: "Back to oldest" })).toBeVisible();

  await page.goto("/gallery?sort=rating");
  await expect(cards(page).first()).toBeVisible();
  await expect(rail(page)).toHaveCount(0);
  await page.close();
});
