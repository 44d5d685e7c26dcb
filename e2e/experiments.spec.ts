import { type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * Experiments: from a Create page's form, Vary… into a grid, each value checked before it runs;
 * the grid fills live; zoom, pin, compare, re-run a column as a new version, pause, resume and
 * cancel, export; a viewer reads but does not run.
 */
test.describe.configure({ mode: "serial" });

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`experiments-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`experiments-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * The engine fails a prompt holding this marker the first time it runs (ENGINE_FAULTS in
 * playwright.config.ts); the stamp makes it a prompt this engine has not run yet.
 */
const FAULT = `(fails once) ${Date.now().toString(36)}`;
const PROMPTS = ["a red fox in the snow", "a grey wolf in the snow", `an owl on a branch ${FAULT}`];

test("the list is pleasant when empty, and leads to a Create page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Another spec may run an experiment at the same time: the list answers empty for this page.
  await page.route("**/api/experiments", (route) =>
    route.fulfill({ json: { data: { items: [], nextCursor: null } } }),
  );
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { name: "No experiments yet" })).toBeVisible();
  await screens(page, "empty");
  await page.getByRole("link", { name: "Start from text to image" }).click();
  await expect(page).toHaveURL(/\/create\/text-to-image$/);
  await expect(page.getByRole("button", { name: "Vary…" })).toBeVisible();
});

test("3 prompts x 3 CFG from text to image: a refused value is marked and removed, the grid fills, a failed cell retries, a cell opens in the viewer and walks the grid, a column re-runs as a new version, exports", async ({
  page,
  baseURL,
}) => {
  // Eighteen images, a retry and a walk through the viewer on a shared two-core machine.
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPTS[0] as string);
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Prompts, one a line").fill(PROMPTS.join("\n"));
  await dialog.getByRole("button", { name: "Vary a setting" }).click();
  await expect(dialog.getByLabel("Setting of axis 2")).toHaveValue("CFGScale");
  await dialog.getByLabel("Values, separated by commas").fill("3, 99, 7");

  // 99 is past the contract's CFG bound: marked on its value, in words, and not counted.
  const refused = dialog.getByRole("list", { name: "Values of axis 2" }).locator("li[data-refused]");
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("CFG 99");
  await expect(dialog.getByRole("status")).toContainText("6 cells, 6 images (3 cells refused, not sent)");
  await screens(page, "vary-refused");
  await refused.getByRole("button", { name: "Remove" }).click();
  await expect(refused).toHaveCount(0);
  await expect(dialog.getByLabel("Values, separated by commas")).toHaveValue("3, 7");
  await dialog.getByLabel("Values, separated by commas").fill("3, 7, 11");
  await expect(dialog.getByRole("status")).toContainText("9 cells, 9 images");
  await expect(dialog.getByTestId("time-estimate")).toHaveText(/^(About \d+|No measurement yet)/);
  await screens(page, "vary");
  await dialog.getByRole("button", { name: "Run 9 cells" }).click();

  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").at(-1) as string;
  const grid = page.getByRole("table", { name: "Experiment grid" });
  await expect(grid.getByRole("columnheader", { name: /CFG 11/ })).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: /an owl on a branch/ })).toBeVisible();
  // The engine fails the owl's first task: its cell says so in words and retries alone.
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^8 of 9 done · 1 failed$/, {
    timeout: 120_000,
  });
  const failed = grid.locator("[data-status=error]");
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText("The inference stopped on the service's worker");
  const failedKey = (await failed.getAttribute("data-cell")) as string;
  expect(failedKey).toMatch(/^2-[0-2]$/);
  await screens(page, "grid-failed");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^9 of 9 done$/, {
    timeout: 120_000,
  });
  await expect(grid.locator(`[data-cell='${failedKey}']`)).toHaveAttribute("data-status", "done");
  await expect(grid.locator("[data-status=done]")).toHaveCount(9);
  await expect(page.getByTestId("experiment-status")).toHaveText("Finished");

  // A cell opens in the viewer, which walks the grid: ←/→ along the row, ↑/↓ down the column.
  await grid.getByRole("link", { name: "Open cell 1-1 in the viewer" }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/item/[0-9a-f-]{36}\\?experiment=${id}$`));
  const cell = page.getByRole("navigation", { name: "Experiment cell" });
  const place = cell.getByTestId("cell-place");
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 7");
  await screens(page, "viewer-cell");
  await cell.getByRole("button", { name: "Next column" }).click();
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 11");
  await expect(cell.getByRole("button", { name: "Next column" })).toBeDisabled();
  await cell.getByRole("button", { name: "Previous row" }).click();
  await expect(place).toHaveText("Row: a red fox in the snow · Column: CFG 11");
  await expect(cell.getByRole("button", { name: "Previous row" })).toBeDisabled();
  await cell.getByRole("button", { name: "Next row" }).click();
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 11");
  await cell.getByRole("button", { name: "Previous column" }).click();
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 7");
  await page.keyboard.press("ArrowLeft");
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 3");
  await expect(cell.getByRole("button", { name: "Previous column" })).toBeDisabled();
  await page.keyboard.press("ArrowDown");
  await expect(place).toContainText("Row: an owl on a branch");
  await expect(cell.getByRole("button", { name: "Next row" })).toBeDisabled();
  await page.keyboard.press("ArrowUp");
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 3");
  await page.keyboard.press("ArrowRight");
  await expect(place).toHaveText("Row: a grey wolf in the snow · Column: CFG 7");
  await page.getByRole("link", { name: "Experiment", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/experiments/${id}$`));

  // Zoom, pin a column as the reference, select two cells and compare them.
  await page.getByRole("radio", { name: "Large" }).click();
  await expect(grid.locator("[data-cell='0-0']")).toHaveCSS("width", "320px");
  await page.getByRole("radio", { name: "Medium" }).click();
  const pin = grid.getByRole("button", { name: "Pin CFG 7 as the reference" });
  await pin.click();
  await expect(pin).toHaveAttribute("aria-pressed", "true");
  await expect(grid.locator("[data-cell='0-1']")).toHaveClass(/ring-2/);
  await screens(page, "grid");
  await grid.getByRole("checkbox", { name: "Select cell 0-0 to compare" }).check();
  await grid.getByRole("checkbox", { name: "Select cell 1-0 to compare" }).check();
  const compare = page.getByRole("link", { name: /Compare 2/ });
  await expect(compare).toHaveAttribute("href", /^\/gallery\/compare\?ids=[0-9a-f-]{36},[0-9a-f-]{36}$/);
  await expect(grid.getByRole("link", { name: "Open cell 2-2 in the viewer" })).toHaveAttribute(
    "href",
    new RegExp(`^/gallery/item/[0-9a-f-]{36}\\?experiment=${id}$`),
  );

  // Export: CSV by its link, one row per cell with its labels and media link.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^experiment-.+-v1\.csv$/);
  const csv = await (await page.request.get(`/api/experiments/${id}/export?format=csv`)).text();
  const lines = csv.trimEnd().split("\r\n");
  expect(lines).toHaveLength(10);
  // The axes, the parameters they vary, then every other one that made the cells and each result's seed.
  expect(lines[0]).toMatch(
    /^Prompt,CFG,CFGScale,positivePrompt,.*,seed,status,seconds,cost \(USD\),error,media$/,
  );
  expect(lines[0]?.split(",")).toEqual(expect.arrayContaining(["model", "width", "height", "steps"]));
  expect(
    lines.slice(1).every((l) => /,done,[\d.]+,/.test(l) && /\/api\/items\/[0-9a-f-]{36}\/download$/.test(l)),
  ).toBe(true);
  const json = (await (await page.request.get(`/api/experiments/${id}/export?format=json`)).json()) as {
    cells: unknown[];
  };
  expect(json.cells).toHaveLength(9);
  const png = await page.request.get(`/api/experiments/${id}/export?format=png`);
  expect(png.headers()["content-type"]).toBe("image/png");

  // Re-run the CFG 11 column with 9: a new version; its other cells keep their results.
  await grid.getByRole("button", { name: "Re-run CFG 11 with another value" }).click();
  const rerun = page.getByRole("dialog");
  await rerun.getByLabel("New CFG").fill("9");
  await screens(page, "rerun");
  await rerun.getByRole("button", { name: "Run the new version" }).click();
  await expect(page).not.toHaveURL(new RegExp(id));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("(v2)");
  await expect(grid.getByRole("columnheader", { name: /CFG 9/ })).toBeVisible();
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^9 of 9 done/, {
    timeout: 120_000,
  });
  await page.getByRole("link", { name: "version 1 (earlier)" }).click();
  // A page the server renders: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(new RegExp(`/experiments/${id}$`), { timeout: 30_000 });
  await expect(grid.getByRole("columnheader", { name: /CFG 11/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "version 2 (re-run)" })).toBeVisible();

  await page.goto("/experiments");
  const list = page.getByRole("list", { name: "Experiments" });
  await expect(list.locator(`a[href="/experiments/${id}"]`)).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "version 2" })).not.toHaveCount(0);
  await screens(page, "list");
  void origin;
});

test("pause, resume and cancel a running experiment", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  // Forty large images one at a time, paused right after it starts: most cells are still waiting.
  const created = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      base: {
        taskType: "imageInference",
        positivePrompt: "a slow fox",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
        steps: 50,
      },
      axes: [{ kind: "seedCount", start: 1, count: 40 }],
      concurrency: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const paused = await page.request.post(`/api/experiments/${id}/control`, {
    headers: { origin },
    data: { action: "pause" },
  });
  expect(paused.status()).toBe(200);
  await page.goto(`/experiments/${id}`);
  const status = page.getByTestId("experiment-status");
  await expect(status).toHaveText("Paused");
  await expect(page.locator("[data-status=pending]").first()).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(status).toHaveText("Running");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(status).toHaveText("Paused");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(status).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: /^(Resume|Pause|Cancel)$/ })).toHaveCount(0);
});

test("a video experiment: 2 prompts x 2 durations", async ({ page }) => {
  // Four videos on a shared two-core machine: rendering, not the studio, sets the pace.
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("video");
  // The smallest tier: the grid's cells show a few hundred pixels of each video.
  await page.getByTestId("video-tier").getByRole("radio", { name: "480p" }).click();
  await expect(page.getByTestId("video-size")).toContainText("832 × 480");
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await dialog.getByLabel("Prompts, one a line").fill("a fox running through snow\na boat on a calm lake");
  await dialog.getByRole("button", { name: "Vary a setting" }).click();
  await expect(dialog.getByLabel("Setting of axis 2")).toHaveValue("duration");
  await dialog.getByLabel("Values, separated by commas").fill("2, 3");
  await expect(dialog.getByRole("status")).toContainText("4 cells, 4 videos");
  await dialog.getByRole("button", { name: "Run 4 cells" }).click();
  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const grid = page.getByRole("table", { name: "Experiment grid" });
  await expect(grid.getByRole("columnheader", { name: /Duration 3/ })).toBeVisible();
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^4 of 4 done/, {
    timeout: 540_000,
  });
  await expect(grid.locator("[data-status=done] video")).toHaveCount(4);
  await screens(page, "video-grid");

  // A video opened from its cell varies as a video task: its settings are a video's.
  await grid.getByRole("link", { name: "Open cell 0-1 in the viewer" }).click();
  await expect(page.getByTestId("cell-place")).toHaveText(
    "Row: a fox running through snow · Column: Duration 3",
  );
  await page.getByRole("button", { name: "Vary…" }).click();
  const again = page.getByRole("dialog", { name: "Vary this task" });
  await expect(again.getByLabel("Prompts, one a line")).toHaveValue("a fox running through snow");
  await again.getByRole("button", { name: "Vary a setting" }).click();
  await expect(again.getByLabel("Setting of axis 2")).toHaveValue("duration");
  await again.getByLabel("Values, separated by commas").fill("2, 4");
  await expect(again.getByRole("status")).toContainText("2 cells, 2 videos");
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
});

test("a viewer reads experiments but cannot run, re-run or retry them", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const api = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "viewer",
    "experiments-viewer@studio.test",
  );
  const refused = await api.post("/api/experiments", {
    headers: { origin },
    data: {
      base: { taskType: "imageInference", positivePrompt: "a fox" },
      axes: [{ kind: "seedCount", start: 1, count: 2 }],
    },
  });
  expect(refused.status()).toBe(403);
  const list = (await (await api.get("/api/experiments")).json()) as { data: { items: { id: string }[] } };
  const first = list.data.items[0]?.id as string;
  expect(
    (
      await api.post(`/api/experiments/${first}/rerun`, {
        headers: { origin },
        data: { axis: 0, index: 0, value: 5 },
      })
    ).status(),
  ).toBe(403);
  expect(
    (
      await api.post(`/api/experiments/${first}/control`, { headers: { origin }, data: { action: "pause" } })
    ).status(),
  ).toBe(403);
  const context = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  const viewer = await context.newPage();
  await viewer.goto(`/experiments/${first}`);
  const grid = viewer.getByRole("table", { name: "Experiment grid" });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("button", { name: /^Re-run/ })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^(Pause|Resume|Cancel|Retry)/ })).toHaveCount(0);
  await context.close();
});

test("the list shows thirty experiments, then more on request", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  // Thirty-one small experiments, each cancelled at once: the list pages thirty at a time.
  for (let i = 0; i < 31; i++) {
    const created = await page.request.post("/api/experiments", {
      headers: { origin },
      data: {
        base: {
          taskType: "imageInference",
          positivePrompt: `a list page pebble ${i}`,
          model: "runware:100@1",
          width: 128,
          height: 128,
          steps: 1,
        },
        axes: [{ kind: "seeds", seeds: [1] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    await page.request.post(`/api/experiments/${id}/control`, {
      headers: { origin },
      data: { action: "cancel" },
    });
  }
  await page.goto("/experiments");
  const items = page.getByRole("list", { name: "Experiments" }).getByRole("listitem");
  await expect(items).toHaveCount(30);
  await page.getByRole("button", { name: "Show more" }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(30);
});
