import type { APIRequestContext, Page } from "@playwright/test";
import { imageTask, OWNER_STATE, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { intersects } from "./pages/screen-fit";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Every page of the studio at the two screens it is laid out for: nothing runs off the side, and
 * the parts a person works with first are on the first screen. Each page is photographed at both
 * sizes (e2e/.screens/layout-pages) for a person to look at.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
const shots = `${SCREENS_DIR}/layout-pages`;

interface Seeded {
  itemIds: string[];
  experimentId: string;
  pausedId: string;
  shareUrl: string;
  voteId: string | null;
}
let seeded: Seeded;

/** An experiment of two prompts down the side and six seeds across: six columns. */
async function sixColumnExperiment(request: APIRequestContext, origin: string): Promise<string> {
  const made = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Lantern, six seeds",
      base: {
        taskType: "imageInference",
        positivePrompt: "a paper lantern",
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [
        { kind: "prompts", prompts: ["a paper lantern at dusk", "a paper lantern in the rain"] },
        { kind: "seeds", seeds: [1, 2, 3, 4, 5, 6] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  await expect(async () => {
    const res = await request.get(`/api/experiments/${id}`);
    const view = ((await res.json()) as { data: { progress: { done: number } } }).data;
    expect(view.progress.done).toBe(12);
  }).toPass({ timeout: 120_000 });
  return id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const context = await browser.newContext({ storageState: OWNER_STATE });
  const request = context.request;
  const task = imageTask("a row of copper pots on a kitchen wall", { numberResults: 3 });
  expect((await sendTasks(request, origin, [task])).status()).toBe(202);
  const itemIds = (await finishedTask(request, task.taskUUID, 60_000)).items.map((i) => i.id);
  const experimentId = await sixColumnExperiment(request, origin);
  // One stopped part-way: its header offers Resume and Cancel besides the rest.
  const paused = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Lantern, paused",
      base: {
        taskType: "imageInference",
        positivePrompt: "a paper lantern",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
      },
      axes: [{ kind: "seeds", seeds: Array.from({ length: 16 }, (_, i) => 11 + i) }],
    },
  });
  expect(paused.status()).toBe(201);
  const pausedId = ((await paused.json()) as { data: { id: string } }).data.id;
  const pause = await request.post(`/api/experiments/${pausedId}/control`, {
    headers: { origin },
    data: { action: "pause" },
  });
  expect(pause.ok()).toBe(true);
  const share = await request.post("/api/share-links", {
    headers: { origin },
    data: { itemId: itemIds[0], showParams: true },
  });
  expect(share.status()).toBe(201);
  const shareUrl = ((await share.json()) as { data: { url: string } }).data.url;
  const round = await request.post("/api/votes", { headers: { origin }, data: { items: itemIds } });
  const voteId = round.ok() ? ((await round.json()) as { data: { id: string } }).data.id : null;
  seeded = { itemIds, experimentId, pausedId, shareUrl, voteId };
  await context.close();
});

/** How far the document runs past the screen's right edge (0 when nothing does). */
function sideOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const pages = (): { name: string; path: string; ready: (page: Page) => Promise<void> }[] => {
  const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const [a, b] = seeded.itemIds;
  return [
    { name: "home", path: "/", ready: heading },
    { name: "create", path: "/create", ready: heading },
    { name: "text-to-image", path: "/create/text-to-image", ready: heading },
    { name: "video", path: "/create/video", ready: heading },
    {
      name: "gallery",
      path: "/gallery",
      ready: (p) => expect(p.getByTestId("gallery-item").first()).toBeVisible(),
    },
    {
      name: "viewer",
      path: `/gallery/item/${a}`,
      ready: (p) => expect(p.getByTestId("viewer-image")).toBeVisible(),
    },
    { name: "compare", path: `/gallery/compare?ids=${a},${b}`, ready: heading },
    { name: "boards", path: "/gallery/boards", ready: heading },
    { name: "trash", path: "/gallery/trash", ready: heading },
    { name: "experiments", path: "/experiments", ready: heading },
    {
      name: "experiment",
      path: `/experiments/${seeded.experimentId}`,
      ready: (p) => expect(p.getByRole("table", { name: "Experiment grid" })).toBeVisible(),
    },
    { name: "eval-sets", path: "/experiments/sets", ready: heading },
    {
      name: "prompts",
      path: "/prompts",
      ready: (p) => expect(p.getByTestId("prompt-chain").first()).toBeVisible(),
    },
    ...(seeded.voteId ? [{ name: "vote", path: `/votes/${seeded.voteId}`, ready: heading }] : []),
    { name: "settings", path: "/settings", ready: heading },
    { name: "inbox", path: "/inbox", ready: heading },
    { name: "share", path: new URL(seeded.shareUrl).pathname, ready: heading },
  ];
};

test("every page fits 1440x900 and 1280x720: nothing runs off the side", async ({ page }) => {
  test.setTimeout(300_000);
  for (const entry of pages()) {
    await page.setViewportSize(SIZES[0]);
    await page.goto(entry.path);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await entry.ready(page);
      // Thumbnails are made on first sight: let the page settle for the picture, not the check.
      if (TAKE_SCREENS) await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      // Read once the page has laid itself out again for the new size: a grid measures its box
      // after the resize, and for a frame may still have the width it had.
      await expect
        .poll(() => sideOverflow(page), { message: `${entry.name} runs off the side at ${size.width}` })
        .toBeLessThanOrEqual(0);
      await saveScreen(page, { path: `${shots}/${entry.name}-${size.width}x${size.height}.png` });
    }
  }
});

const LAPTOP = { width: 1280, height: 720 };

test("the gallery at 1280x720: results on the first screen, filters that fold, three thumbnail sizes", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto("/gallery");
  const first = page.getByTestId("gallery-item").first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())?.y).toBeLessThan(300);

  // The filter menus fold away behind one button, and open on request.
  const filters = page.getByRole("button", { name: /^Filters/ });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Workflow" })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("combobox", { name: "Workflow" })).toBeVisible();
  await saveScreen(page, { path: `${shots}/gallery-filters-open-1280x720.png` });
  await filters.click();
  await expect(page.getByRole("combobox", { name: "Workflow" })).toBeHidden();

  // Small thumbnails put more in a row; the choice is kept on this device.
  const grid = page.getByRole("grid", { name: "Results" });
  const perRow = () => page.locator("[role=row]").first().getByTestId("gallery-item").count();
  const medium = await perRow();
  await page.getByRole("radio", { name: "Small" }).click();
  await expect(grid).toHaveAttribute("data-thumb-size", "small");
  await expect.poll(perRow).toBeGreaterThan(medium);
  await saveScreen(page, { path: `${shots}/gallery-small-1280x720.png` });
  await page.reload();
  await expect(page.getByRole("radio", { name: "Small" })).toHaveAttribute("aria-checked", "true");
  await expect(grid).toHaveAttribute("data-thumb-size", "small");
  await page.getByRole("radio", { name: "Large" }).click();
  await expect.poll(perRow).toBeLessThan(medium);
  await page.getByRole("radio", { name: "Medium" }).click();
  await expect.poll(perRow).toBe(medium);
});

test("the selection bar at 1280x720 stays clear of the navigation rail", async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await page.goto("/gallery");
  // Pinned by id: a result arriving live on top (other specs generate meanwhile) shifts positions,
  // and a second click by position would unselect the first card.
  const cards = page.getByTestId("gallery-item");
  await expect(cards.nth(1)).toBeVisible();
  const ids = await cards.evaluateAll((els) =>
    els.slice(0, 2).map((e) => e.getAttribute("data-item-id") ?? ""),
  );
  for (const id of ids) {
    const card = page.locator(`[data-testid=gallery-item][data-item-id="${id}"]`);
    await card.hover();
    await card.getByRole("button", { name: "Select" }).click();
  }
  const bar = page.getByRole("toolbar", { name: "Selected items" });
  await expect(bar).toBeVisible();
  const barBox = await bar.boundingBox();
  const rail = await page.getByRole("complementary").boundingBox();
  if (!barBox || !rail) throw new Error("no box");
  expect(intersects(barBox, rail), "the selection bar covers the navigation rail").toBe(false);
  expect(barBox.x + barBox.width).toBeLessThanOrEqual(LAPTOP.width);
  await saveScreen(page, { path: `${shots}/gallery-selection-1280x720.png` });
});

test("an experiment at 1280x720: its buttons in one row, and the grid says which columns show", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto(`/experiments/${seeded.pausedId}`);
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  const actions = page.getByTestId("experiment-actions").locator("a, button");
  const tops = await actions.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(6);
  expect(Math.max(...tops) - Math.min(...tops), "the header's buttons wrap").toBeLessThanOrEqual(4);
  await saveScreen(page, { path: `${shots}/experiment-paused-1280x720.png` });

  await page.goto(`/experiments/${seeded.experimentId}`);
  const note = page.getByTestId("columns-shown");
  const shown = async () => Number((await note.textContent())?.split(" ")[0]);
  await expect(note).toHaveText(/^[1-5] of 6 columns shown — scroll sideways for the rest$/);
  const atMedium = await shown();
  // Scrolled sideways, the note still counts what is in sight.
  const frame = page.getByRole("table", { name: "Experiment grid" }).locator("..");
  await frame.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(note).toBeVisible();
  await frame.evaluate((el) => {
    el.scrollLeft = 0;
  });
  // Smaller cells show more of the columns at once.
  await page.getByRole("radio", { name: "Small" }).click();
  await expect.poll(shown).toBeGreaterThan(atMedium);
  await saveScreen(page, { path: `${shots}/experiment-small-1280x720.png` });
  // On the wider screen the small cells all fit, and nothing needs saying.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(note).toBeHidden();
});

test("compare and the viewer at 1280x720: each item whole on the first screen, the prompt readable", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  const [a, b] = seeded.itemIds;
  await page.goto(`/gallery/compare?ids=${a},${b}`);
  const media = page.getByTestId("compare-column").locator("img");
  await expect(media.first()).toBeVisible();
  for (const img of await media.all()) {
    const found = await img.boundingBox();
    expect(found && found.y + found.height).toBeLessThanOrEqual(LAPTOP.height);
  }
  await page.goto(`/gallery/item/${a}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  expect((await title.boundingBox())?.width).toBeGreaterThanOrEqual(200);
});
