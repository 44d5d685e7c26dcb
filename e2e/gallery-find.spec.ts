import type { Page } from "@playwright/test";
import { imageTask, OWNER_STATE, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

/**
 * Finding in the gallery: a person searches the team's prompts, narrows by a filter, shares the
 * view as a link, stars an item and finds it again, switches to justified rows, and works the
 * grid from the keyboard.
 */

const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];
const shots = "e2e/.screens";

async function screenshots(page: Page, name: string) {
  // Without pictures there is nothing to wait for: making every thumbnail in view is the server's
  // heaviest work here, and no check reads them.
  if (!TAKE_SCREENS) return;
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    // Every thumbnail on screen has arrived (made on first request, two at a time, so a loaded
    // machine takes a while): the picture is what a person sees.
    await expect
      .poll(
        () =>
          page
            .locator("[data-testid=gallery-item] img")
            .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
        { timeout: 90_000 },
      )
      .toBe(true);
    await saveScreen(page, { path: `${shots}/${name}-${screen.width}x${screen.height}.png` });
  }
  await page.setViewportSize(SCREENS[0] ?? { width: 1440, height: 900 });
}

// A word no other spec's prompt holds, so this spec's items are the only ones it finds.
const word = `zq${Math.random().toString(36).slice(2, 8)}`;
const square = imageTask(`a copper teapot on a shelf ${word}`);
const wide = imageTask(`a glass lighthouse at dusk ${word}`, { width: 768, height: 512 });
const tall = imageTask(`a copper kettle in the rain ${word}`, {
  width: 512,
  height: 768,
  lora: [{ model: "civitai:652699@993999", weight: 0.8 }],
});

const clipWord = `zv${Math.random().toString(36).slice(2, 8)}`;
const clip = {
  taskType: "videoInference",
  taskUUID: crypto.randomUUID(),
  model: "local:video@3.0-prime",
  positivePrompt: `a paper boat on a rainy street ${clipWord}`,
  // The smallest 16:9 size: the card reads the clip's length, not its size.
  width: 832,
  height: 480,
  duration: 4,
};

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ storageState: OWNER_STATE });
  // Sent one by one, oldest first, so newest first is tall, wide, square.
  for (const task of [clip, square, wide, tall]) {
    expect((await sendTasks(context.request, baseURL ?? "", [task])).status()).toBe(202);
    // A video takes a while on a machine busy with the rest of the suite.
    expect((await finishedTask(context.request, task.taskUUID, 120_000)).status).toBe("success");
  }
  await context.close();
});

const card = (page: Page, task: { taskUUID: string }) =>
  page.locator(`[data-testid=gallery-item][data-task-uuid="${task.taskUUID}"]`);
const cards = (page: Page) => page.locator("[data-testid=gallery-item]");

/** How many live items the whole gallery holds, as the studio counts them. */
async function galleryTotal(page: Page): Promise<number> {
  const res = await page.request.get("/api/gallery/totals");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { all: number } }).data.all;
}

/** The number the gallery's count line names first. */
async function countShown(page: Page): Promise<number> {
  const text = (await page.getByTestId("result-count").textContent()) ?? "";
  return Number(text.split(" ")[0]?.replaceAll(",", ""));
}

test("search, filter, share the view as a link, and clear it", async ({ page }) => {
  // Its last picture is the whole gallery, whose thumbnails (every spec's results by then) are made
  // on first sight, two at a time, on a machine busy with the rest of the suite.
  test.setTimeout(150_000);
  await page.goto("/gallery");
  await page.getByRole("searchbox", { name: "Search prompts" }).fill(`copper ${word}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=copper\\+${word}`));
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, square)).toBeVisible();
  await expect(card(page, tall)).toBeVisible();
  // The view's total and the gallery's, named at once.
  await expect(page.getByTestId("result-count")).toHaveText(/^2 of [\d,]+ results$/);
  expect(await galleryTotal(page)).toBeGreaterThanOrEqual(4);

  // The menus fold away until asked for.
  await expect(page.getByRole("combobox", { name: "Shape" })).toBeHidden();
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByRole("combobox", { name: "Shape" }).selectOption({ label: "Portrait" });
  await expect(page).toHaveURL(/aspect=portrait/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, tall)).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove filter Portrait" })).toBeVisible();
  await screenshots(page, "gallery-filtered");

  // The address is the view: a reload (or a teammate opening the link) shows the same.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search prompts" })).toHaveValue(`copper ${word}`);
  await expect(page.getByRole("combobox", { name: "Shape" })).toHaveValue("portrait");
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, tall)).toBeVisible();

  // A chip takes one filter away; "Clear filters" the rest.
  await page.getByRole("button", { name: "Remove filter Portrait" }).click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole("combobox", { name: "LoRA" }).selectOption("civitai:652699@993999");
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("combobox", { name: "Shape" }).selectOption({ label: "Landscape" });
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();
  await screenshots(page, "gallery-no-matches");
  await page.getByRole("main").getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("searchbox", { name: "Search prompts" })).toHaveValue("");
  // The whole gallery again: every spec's results, more than the search's two (ours may be far
  // down by now, past what the virtualized grid has drawn).
  await expect(cards(page).nth(2)).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(/^[\d,]+ results$/);
  expect(await countShown(page)).toBeGreaterThanOrEqual(4);
  await screenshots(page, "gallery-grid");
});

test("a star is the member's own, and the starred filter finds it", async ({ page }) => {
  await page.goto(`/gallery?q=${word}`);
  const teapot = card(page, square);
  await teapot.hover();
  await teapot.getByRole("button", { name: "Star" }).click();
  await expect(teapot.getByRole("button", { name: "Remove star" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Starred" }).click();
  await expect(page).toHaveURL(/starred=1/);
  await expect(cards(page)).toHaveCount(1);
  await expect(teapot).toBeVisible();

  // Still starred after a reload: the studio kept it.
  await page.reload();
  await expect(card(page, square).getByRole("button", { name: "Remove star" })).toBeAttached();
  await card(page, square).hover();
  await card(page, square).getByRole("button", { name: "Remove star" }).click();
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();
});

test("justified rows show each item at its own shape", async ({ page }) => {
  await page.goto(`/gallery?q=${word}`);
  await expect(cards(page)).toHaveCount(3);
  await page.getByRole("radio", { name: "Rows" }).click();
  await expect(page.getByRole("grid", { name: "Results" })).toHaveAttribute("data-layout", "rows");
  const box = await card(page, wide).boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(768 / 512, 1);
  const tallBox = await card(page, tall).boundingBox();
  expect((tallBox?.width ?? 0) / (tallBox?.height ?? 1)).toBeCloseTo(512 / 768, 1);
  await screenshots(page, "gallery-rows");
  // The choice stays on this device.
  await page.reload();
  await expect(page.getByRole("grid", { name: "Results" })).toHaveAttribute("data-layout", "rows");
  await page.getByRole("radio", { name: "Grid" }).click();
  await expect(page.getByRole("grid", { name: "Results" })).toHaveAttribute("data-layout", "grid");
});

test("the keyboard moves across the grid, selects and opens", async ({ page }) => {
  await page.goto(`/gallery?q=${word}`);
  await expect(cards(page)).toHaveCount(3);
  const first = cards(page).nth(0);
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const second = cards(page).nth(1);
  await expect(second).toBeFocused();

  await page.keyboard.press(" ");
  await expect(second).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(first).toBeFocused();
  await page.keyboard.press("x");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(second).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-testid=gallery-item][aria-selected=true]")).toHaveCount(0);

  // Shift-click picks the range between the last picked card and the clicked one.
  await cards(page).nth(0).getByRole("button", { name: "Select" }).click({ force: true });
  await cards(page)
    .nth(2)
    .locator("img")
    .click({ modifiers: ["Shift"] });
  await expect(page.locator("[data-testid=gallery-item][aria-selected=true]")).toHaveCount(3);
  await first.focus();
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-testid=gallery-item][aria-selected=true]")).toHaveCount(0);

  await page.keyboard.press("ArrowRight");
  const id = await second.getAttribute("data-item-id");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${id}\\?q=${word}(&seeds=apart)?$`));
});

test("a video shows its poster frame and scrubs through its frames on hover", async ({ page }) => {
  await page.goto(`/gallery?q=${clipWord}&kind=video`);
  const video = card(page, clip);
  await expect(cards(page)).toHaveCount(1);
  const poster = video.locator("img");
  await expect
    .poll(() => poster.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(video.getByText("4.0 s")).toBeVisible();
  const strip = video.getByTestId("scrub");
  const at = () =>
    strip.evaluate((el) => (el as HTMLElement).style.backgroundPositionX, undefined, { timeout: 2_000 });
  // The pointer goes to a share of the poster's width wherever the poster is at that moment, and
  // goes again if the grid moved under it (as a person would move their mouse again).
  const hoverAt = (share: number, shown: string) =>
    expect(async () => {
      const box = await poster.boundingBox();
      if (!box) throw new Error("no poster on screen");
      await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
      expect(await at()).toBe(shown);
    }).toPass({ timeout: 10_000 });
  await hoverAt(0.05, "0%");
  await expect(strip).toBeVisible();
  await hoverAt(0.95, "100%");
  await page.mouse.move(0, 0);
  await expect(strip).toHaveCount(0);
  const scrub = await page.request.get(`/api/items/${await video.getAttribute("data-item-id")}/scrub`);
  expect(scrub.headers()["content-type"]).toBe("image/jpeg");
});

test("a new result arrives live on top of the gallery, and in a filtered view that it fits", async ({
  page,
  browser,
  baseURL,
}) => {
  const fresh = `zn${Math.random().toString(36).slice(2, 8)}`;
  await page.goto(`/gallery?q=${fresh}`);
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();
  const other = await browser.newPage({ storageState: OWNER_STATE });
  await other.goto("/gallery");
  await expect(other.locator("[data-stream-state=live]")).toBeAttached();
  // The newest card before ours: other specs' results may land on top after ours, but ours lands
  // above every card that was there when it was sent.
  const before = await cards(other).first().getAttribute("data-item-id");

  const task = imageTask(`a brass compass ${fresh}`);
  expect((await sendTasks(page.request, baseURL ?? "", [task])).status()).toBe(202);
  // The filtered view asks the studio again; the unfiltered one puts it first at once.
  await expect(card(page, task)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("result-count")).toHaveText(/^1 of [\d,]+ results$/);
  const ours = card(other, task);
  await expect(ours).toBeVisible({ timeout: 15_000 });
  if (before) {
    const previousFirst = other.locator(`[data-testid=gallery-item][data-item-id="${before}"]`);
    const index = async (l: typeof ours) => Number(await l.getAttribute("data-index"));
    expect(await index(ours)).toBeLessThan(await index(previousFirst));
  }
  await other.close();
});

test("every view names its total at once, before the last page is scrolled to", async ({ page }) => {
  await page.goto(`/gallery?q=${word}&kind=image`);
  await expect(page.getByTestId("result-count")).toHaveText(/^3 of [\d,]+ results$/);
  // The gallery's own total: every spec's results, more than this view's.
  expect(await countShown(page)).toBe(3);
  expect(await galleryTotal(page)).toBeGreaterThan(3);
  // A saved view is an address like any other: its count is its own.
  await page.goto(`/gallery?q=${word}&aspect=square`);
  await expect(page.getByTestId("result-count")).toHaveText(/^1 of [\d,]+ results$/);
  // The API answers the same counts, and names a bad filter.
  const totals = await page.request.get(`/api/gallery/totals?q=${word}`);
  expect(((await totals.json()) as { data: { matching: number } }).data.matching).toBe(3);
  const bad = await page.request.get("/api/gallery/totals?state=done");
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe("state");
});

test("a card that arrives live tells what it tells after a reload: review state and rating", async ({
  page,
  baseURL,
}) => {
  await page.goto("/gallery");
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
  const fresh = `zl${Math.random().toString(36).slice(2, 8)}`;
  const task = imageTask(`a tin lantern on a step ${fresh}`);
  expect((await sendTasks(page.request, baseURL ?? "", [task])).status()).toBe(202);
  const live = card(page, task);
  await expect(live).toBeVisible({ timeout: 15_000 });
  await expect(live.getByTestId("review-state")).toHaveText("Draft");
  await expect(live.getByTestId("review-line")).toContainText("Not rated");
  const liveLine = (await live.getByTestId("review-line").textContent()) ?? "";
  const liveText = await live.textContent();

  // The same card read from the page's own query.
  await page.goto(`/gallery?q=${fresh}`);
  const reloaded = card(page, task);
  await expect(reloaded).toBeVisible();
  await expect(reloaded.getByTestId("review-line")).toHaveText(liveLine);
  expect(await reloaded.textContent()).toBe(liveText);
});

test("the gallery's API: filters named when wrong, neighbours, menus, thumbnails and downloads", async ({
  page,
}) => {
  const bad = await page.request.get("/api/items?rating=9&state=done");
  expect(bad.status()).toBe(400);
  const { errors } = (await bad.json()) as { errors: { parameter: string }[] };
  expect(errors.map((e) => e.parameter).sort()).toEqual(["rating", "state"]);

  const list = await page.request.get(`/api/items?q=${word}`);
  const items = ((await list.json()) as { data: { items: { id: string; taskUUID: string }[] } }).data.items;
  expect(items.map((i) => i.taskUUID)).toEqual([tall.taskUUID, wide.taskUUID, square.taskUUID]);
  const [a, b, c] = items.map((i) => i.id);
  const near = await page.request.get(`/api/items/${b}/neighbors?q=${word}`);
  expect((await near.json()).data).toEqual({ previousId: a, nextId: c });

  const facets = (await (await page.request.get("/api/gallery/facets")).json()).data;
  expect(facets.loras).toContainEqual(
    expect.objectContaining({ id: "civitai:652699@993999", count: expect.any(Number) }),
  );

  const thumb = await page.request.get(`/api/items/${b}/thumb?w=640`, {
    headers: { accept: "image/webp,*/*" },
  });
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()["content-type"]).toBe("image/webp");
  const etag = thumb.headers().etag ?? "";
  expect(thumb.headers()["cache-control"]).toContain("immutable");
  const again = await page.request.get(`/api/items/${b}/thumb?w=640`, {
    headers: { accept: "image/webp,*/*", "if-none-match": etag },
  });
  expect(again.status()).toBe(304);
  const jpeg = await page.request.get(`/api/items/${b}/thumb?w=320`, { headers: { accept: "*/*" } });
  expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
  expect((await page.request.get(`/api/items/${b}/thumb?w=100`)).status()).toBe(400);

  const download = await page.request.get(`/api/items/${b}/download`);
  expect(download.headers()["content-disposition"]).toMatch(
    new RegExp(`^attachment; filename="a-glass-lighthouse-at-dusk-${word}-[0-9a-f]{8}\\.\\w+"`),
  );
});
