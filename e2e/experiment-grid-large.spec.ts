import { expect, type Locator, type Page, request as playwrightRequest, test } from "@playwright/test";
import { TAKE_SCREENS } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * A large experiment grid: 12 prompts x 12 seeds from the Vary dialog, after the owner raises the
 * cap on cells in Settings. The grid fills live while only a window of its 144 cells is in the DOM
 * (at the smallest zoom the frame shows 8 columns by 5 rows, so 12 by 12 overflows it both ways);
 * scrolled down and across, its row and column labels stay at the edges over their own cells; the
 * keys walk to a far cell and bring it into sight; the zoom still applies.
 */
test.describe.configure({ mode: "serial" });

const SUBJECTS = [
  "fox",
  "owl",
  "otter",
  "heron",
  "badger",
  "lynx",
  "marten",
  "stoat",
  "hare",
  "wren",
  "walrus",
  "narwhal",
];
const SIDE = SUBJECTS.length;
const PROMPTS = SUBJECTS.map((s) => `a ${s} by the lake at dawn`);
const DEFAULT_CELLS = 100;

async function screens(page: Page, name: string) {
  // The page at its top (the grid keeps its own scroll): a full-page shot of a scrolled page
  // draws the fixed bar and sidebar where the scroll left them.
  await page.evaluate(() => window.scrollTo(0, 0));
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`experiment-grid-large-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`experiment-grid-large-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function setCellCap(page: Page, cells: string) {
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Limits" });
  const cap = panel.getByLabel("Cells in one experiment");
  // The fields take input once the limits are read.
  await expect(cap).toBeEnabled({ timeout: 30_000 });
  if ((await cap.inputValue()) === cells) return;
  await cap.fill(cells);
  await panel.getByRole("button", { name: "Save limits" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved. New requests follow these limits.", {
    timeout: 30_000,
  });
}

/** The cell (its box in the grid) that holds the keyboard's focus: "row-col". */
function focusedCell(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const box = document.activeElement?.closest<HTMLElement>("[data-row][data-col]");
    return box ? `${box.dataset.row}-${box.dataset.col}` : null;
  });
}

/** Tab from the zoom into the grid, as a person does, until a cell's control has the focus: that cell. */
async function tabIntoGrid(page: Page): Promise<string | null> {
  await page.getByRole("radio", { name: "Medium" }).focus();
  for (let i = 0; i < 80 && (await focusedCell(page)) === null; i++) await page.keyboard.press("Tab");
  return focusedCell(page);
}

/** The widths the drawn cells have, each once: read together, while live cells come and go. */
function drawnWidths(cells: Locator): Promise<number[]> {
  return cells.evaluateAll((els) => [...new Set(els.map((el) => el.getBoundingClientRect().width))]);
}

/** The cells drawn wholly beyond the frame's edges, as "row-col". */
async function drawnOutOfSight(frame: Locator, cells: Locator): Promise<string[]> {
  const sight = await box(frame);
  return cells.evaluateAll(
    (els, at) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        const inSight =
          r.right >= at.x && r.left <= at.x + at.width && r.bottom >= at.y && r.top <= at.y + at.height;
        return inSight ? [] : [el.getAttribute("data-cell") ?? "?"];
      }),
    sight,
  );
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return b;
}

test.afterAll(async ({ request, baseURL }) => {
  // Leave the cap as the other specs expect it, the other limits as they are.
  const limits = (await (await request.get("/api/limits")).json()) as { data: Record<string, number> };
  const reset = await request.put("/api/limits", {
    data: { ...limits.data, maxExperimentCells: DEFAULT_CELLS },
    headers: { origin: baseURL ?? "" },
  });
  expect(reset.status()).toBe(200);
});

test("a 12x12 grid fills live with a window of its cells in the DOM, scrolls both ways under its labels, walks by keys and zooms", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  // 144 renders through the studio on a shared two-core machine.
  test.setTimeout(600_000);
  const origin = baseURL ?? "";
  await ownerPage.setViewportSize({ width: 1440, height: 900 });
  await setCellCap(ownerPage, String(SIDE * SIDE));
  // The grid is an editor's: its 144 tasks wait their turn among that member's own, so the other
  // specs' tasks, the owner's, keep theirs.
  const editor = await memberWithRole(
    ownerPage.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    `grid-large-${Date.now().toString(36)}@studio.test`,
  );
  const context = await browser.newContext({
    baseURL: origin,
    storageState: await editor.storageState(),
    viewport: { width: 1440, height: 900 },
    colorScheme: "dark",
  });
  const page = await context.newPage();
  try {
    await walkLargeGrid(page);
  } finally {
    await context.close();
    await editor.dispose();
  }
});

/**
 * The column label under the row labels' corner: its label's left edge beside the corner's right
 * edge, or null while no column lies part under the corner.
 */
function columnUnderCorner(page: Page): Promise<{ label: number; corner: number } | null> {
  return page.evaluate(() => {
    const corner = document.querySelector("[data-virtual] thead th")?.getBoundingClientRect();
    if (!corner) return null;
    for (const th of document.querySelectorAll("[data-virtual] thead th[scope=col]")) {
      const at = th.getBoundingClientRect();
      const label = th.querySelector("[data-testid=axis-label]")?.getBoundingClientRect();
      if (label && at.left < corner.right - 8 && at.right > corner.right + 40) {
        return { label: label.left, corner: corner.right };
      }
    }
    return null;
  });
}

async function walkLargeGrid(page: Page) {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPTS[0] as string);
  // The smallest size the model renders: the grid's cells show at most 320 px.
  await page.getByRole("spinbutton", { name: "Width" }).fill("128");
  await page.getByRole("spinbutton", { name: "Height" }).fill("128");
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await dialog.getByLabel("Prompts, one a line").fill(PROMPTS.join("\n"));
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill(String(SIDE));
  await dialog.getByRole("button", { name: `Run ${SIDE * SIDE} cells` }).click();

  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const grid = page.getByRole("table", { name: "Experiment grid" });
  await expect(grid).toHaveAttribute("aria-rowcount", String(SIDE + 1));
  await expect(grid).toHaveAttribute("aria-colcount", String(SIDE + 1));
  const cells = grid.locator("[data-status]");
  const done = grid.locator("[data-status=done]");
  // Cells fill in the window drawn, which holds a part of the 144.
  await expect(done.first()).toBeVisible({ timeout: 120_000 });
  const drawn = await cells.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(SIDE * SIDE);
  await expect(grid.getByRole("rowheader", { name: /fox/ })).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: /narwhal/ })).toHaveCount(0);
  await screens(page, "filling");

  // Scrolled down and across as a person scrolls, with the wheel over the grid.
  const frame = page.locator("[data-virtual]");
  const frameAt = await box(frame);
  const firstColHead = await box(
    grid.getByRole("columnheader", { name: /seed \d+ as the reference/ }).first(),
  );
  const firstRowHead = await box(grid.getByRole("rowheader", { name: /fox/ }));
  await frame.hover();
  for (let i = 0; i < 12; i++) await page.mouse.wheel(600, 600);
  const lastRow = grid.getByRole("rowheader", { name: /narwhal/ });
  await expect(lastRow).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: /fox/ })).toHaveCount(0);
  const lastCol = grid.getByRole("columnheader", { name: /seed \d+ as the reference/ }).last();
  await expect(lastCol).toBeVisible();
  expect(await cells.count()).toBeLessThan(SIDE * SIDE);
  // The labels stay where they were, at the frame's top and left edges, each over its own cells.
  const frameNow = await box(frame);
  const colHead = await box(lastCol);
  const rowHead = await box(lastRow);
  expect(colHead.y - frameNow.y).toBe(firstColHead.y - frameAt.y);
  expect(rowHead.x - frameNow.x).toBe(firstRowHead.x - frameAt.x);
  const lastCell = grid.locator(`[data-row="${SIDE - 1}"][data-col="${SIDE - 1}"]`);
  const cellBox = await box(lastCell);
  expect(Math.abs(cellBox.x - colHead.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(cellBox.y + cellBox.height / 2 - (rowHead.y + rowHead.height / 2))).toBeLessThanOrEqual(1);
  await screens(page, "scrolled");

  // A column scrolled half under the row labels keeps its label in sight beside their corner.
  await frame.evaluate((el, left) => el.scrollTo({ left }), Math.round(cellBox.width / 2));
  await expect
    .poll(
      async () => {
        const under = await columnUnderCorner(page);
        if (!under) return "no column part under the corner";
        return under.label >= under.corner - 1 ? "label beside the corner" : "label under the corner";
      },
      { timeout: 10_000 },
    )
    .toBe("label beside the corner");
  await screens(page, "half-column");

  // Back to the top, then Tab into the grid and walk it by keys.
  for (let i = 0; i < 12; i++) await page.mouse.wheel(-600, -600);
  await expect(grid.getByRole("rowheader", { name: /fox/ })).toBeVisible();
  await expect(grid.locator("[data-cell='0-0']")).toHaveAttribute("data-status", "done", {
    timeout: 120_000,
  });
  // Tab passes every column's buttons first (each scrolled into sight as it takes the focus), so
  // it comes into the first row where the columns' end left the frame.
  expect(await tabIntoGrid(page)).toMatch(/^0-\d+$/);
  await page.keyboard.press("Control+Home");
  await expect.poll(() => focusedCell(page)).toBe("0-0");
  await expect(grid.locator('[data-row="0"][data-col="0"]')).toBeInViewport();
  await page.keyboard.press("Control+End");
  await expect.poll(() => focusedCell(page)).toBe(`${SIDE - 1}-${SIDE - 1}`);
  await expect(lastCell).toBeInViewport();
  await expect(grid.getByRole("rowheader", { name: /narwhal/ })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => focusedCell(page)).toBe(`${SIDE - 2}-${SIDE - 2}`);
  await page.keyboard.press("Home");
  await expect.poll(() => focusedCell(page)).toBe(`${SIDE - 2}-0`);
  await expect(grid.locator(`[data-row="${SIDE - 2}"][data-col="0"]`)).toBeInViewport();
  await page.keyboard.press("Control+Home");
  await expect.poll(() => focusedCell(page)).toBe("0-0");
  await expect(grid.getByRole("rowheader", { name: /fox/ })).toBeVisible();
  await page.keyboard.press("Control+End");
  await expect.poll(() => focusedCell(page)).toBe(`${SIDE - 1}-${SIDE - 1}`);

  // The zoom applies to the large grid, which keeps the rows and columns in sight where they were:
  // more cells in sight when small, still a window of them. A zoom draws only the cells the frame
  // shows at the new size (the corner, out of sight at the largest, is not drawn there).
  const walrus = grid.getByRole("rowheader", { name: /walrus/ });
  for (const [name, px] of [
    ["Small", 128],
    ["Large", 320],
    ["Medium", 200],
  ] as const) {
    await page.getByRole("radio", { name }).click();
    await expect.poll(() => drawnWidths(cells)).toEqual([px]);
    await expect.poll(() => drawnOutOfSight(frame, cells)).toEqual([]);
    // In the frame's sight (the frame may run below the screen's edge), once the window at the new
    // size has drawn it.
    await expect(walrus).toBeVisible();
    const [row, shown] = [await box(walrus), await box(frame)];
    expect(row.y + row.height).toBeGreaterThan(shown.y);
    expect(row.y).toBeLessThan(shown.y + shown.height);
    expect(await cells.count()).toBeLessThan(SIDE * SIDE);
  }
  await frame.hover();
  for (let i = 0; i < 12; i++) await page.mouse.wheel(-600, -600);

  // Every cell finishes; the DOM still holds only the window.
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(
    `${SIDE * SIDE} of ${SIDE * SIDE} done`,
    {
      timeout: 480_000,
    },
  );
  await expect(page.getByTestId("experiment-status")).toHaveText("Finished");
  expect(await cells.count()).toBeLessThan(SIDE * SIDE);
  await screens(page, "done");

  // A zoom press at the grid's top paints only the cells the frame shows at the new size, not
  // the far corner; scrolled to, the corner appears with its image.
  await page.getByRole("radio", { name: "Large" }).click();
  const origin = grid.locator('[data-row="0"][data-col="0"]');
  await expect.poll(async () => (await box(origin)).width).toBe(320);
  await expect(lastCell).toHaveCount(0);
  await expect.poll(() => drawnOutOfSight(frame, cells)).toEqual([]);
  const sight = await box(frame);
  const step = 320 + 8;
  const painted = await cells.count();
  expect(painted).toBeGreaterThan(0);
  expect(painted).toBeLessThanOrEqual(
    (Math.ceil(sight.height / step) + 1) * (Math.ceil(sight.width / step) + 1),
  );
  await screens(page, "zoomed");
  await frame.hover();
  for (let i = 0; i < 20; i++) await page.mouse.wheel(800, 800);
  const cornerImage = lastCell.locator("img");
  await expect(cornerImage).toBeVisible();
  await expect
    .poll(() => cornerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(lastCell).toBeInViewport();
  await page.getByRole("radio", { name: "Medium" }).click();
  await expect.poll(async () => (await box(origin.or(lastCell).first())).width).toBe(200);
  await frame.hover();
  for (let i = 0; i < 20; i++) await page.mouse.wheel(-800, -800);
  await expect(origin).toBeVisible();

  // The far corner's result opens in the viewer, which walks the grid from there.
  expect(await tabIntoGrid(page)).not.toBeNull();
  await page.keyboard.press("Control+End");
  await expect.poll(() => focusedCell(page)).toBe(`${SIDE - 1}-${SIDE - 1}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/gallery\/item\/[0-9a-f-]{36}\?experiment=/);
  const place = page.getByRole("navigation", { name: "Experiment cell" }).getByTestId("cell-place");
  await expect(place).toContainText("Row: a narwhal by the lake at dawn");
  await page.keyboard.press("ArrowUp");
  await expect(place).toContainText("Row: a walrus by the lake at dawn");
}
