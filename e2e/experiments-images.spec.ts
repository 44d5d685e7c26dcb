import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { distinctLabels } from "@/lib/studio/experiments/axis-labels";
import { TAKE_SCREENS } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * What an experiment makes is what it shows: the Vary dialog sets the images per cell and counts
 * cells and images in words; a cell with several images shows them all and the viewer steps
 * through them; the grid image holds every tab, and a prompt axis shows the words its values
 * differ in, the whole prompt on hover; a closed vote says in words how far voters agreed.
 */
test.describe.configure({ mode: "serial" });

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`experiments-images-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`experiments-images-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const stamp = Date.now().toString(36);
const STORMY = `a castle on a hill ${stamp} under a stormy sky`;
const NIGHT = `a castle on a hill ${stamp} at night`;

/** Waits until every runnable cell of the experiment is done. */
async function finished(api: APIRequestContext, id: string, cells: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const view = (await (await api.get(`/api/experiments/${id}`)).json()) as {
          data: { progress: { done: number } };
        };
        return view.data.progress.done;
      },
      { timeout: 120_000 },
    )
    .toBe(cells);
}

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("Vary makes one image per cell unless asked, says cells and images, and a cell with several shows them all", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(STORMY);
  // The Create form asks for four images: a cell takes the dialog's count, not the form's.
  await page.getByRole("spinbutton", { name: "Images" }).fill("4");
  await page.getByRole("spinbutton", { name: "Width" }).fill("512");
  await page.getByRole("spinbutton", { name: "Height" }).fill("512");
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  const perCell = dialog.getByRole("spinbutton", { name: "Images per cell" });
  await expect(perCell).toHaveValue("1");
  const status = dialog.getByRole("status");
  await dialog.getByLabel("Prompts, one a line").fill(STORMY);
  await expect(status).toHaveText("1 cell, 1 image");
  await expect(dialog.getByRole("button", { name: "Run 1 cell", exact: true })).toBeVisible();

  await dialog.getByLabel("Prompts, one a line").fill(`${STORMY}\n${NIGHT}`);
  await expect(status).toHaveText("2 cells, 2 images");
  await perCell.fill("3");
  await expect(status).toHaveText("2 cells, 6 images");
  // How long it would take, on a line of its own: a range from the service's measured pace.
  await expect(dialog.getByTestId("time-estimate")).toHaveText(/^(About \d+|No measurement yet)/);
  await screens(page, "vary");
  await dialog.getByRole("button", { name: "Run 2 cells", exact: true }).click();

  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").at(-1) as string;
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^2 of 2 done$/, {
    timeout: 120_000,
  });
  // The experiment is named by what its cells hold.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`a castle on a hill ${stamp}`);
  const grid = page.getByRole("table", { name: "Experiment grid" });
  const cell = grid.locator("[data-cell='0']");
  await expect(cell).toHaveAttribute("data-images", "3");
  await expect(cell.getByRole("link")).toHaveCount(3);
  await expect(cell).toContainText("3 images");
  // The prompts' headers show the words they differ in; the whole prompt is the tooltip.
  const labels = grid.getByRole("columnheader").getByTestId("axis-label");
  await expect(labels).toHaveText(["…under a stormy sky", "…at night"]);
  await expect(labels.first()).toHaveAttribute("title", STORMY);
  await screens(page, "grid");

  // The viewer steps through the cell's images, and across keeps to the same image.
  await cell.getByRole("link", { name: "Open cell 0, image 1 of 3, in the viewer" }).click();
  const nav = page.getByRole("navigation", { name: "Experiment cell" });
  const which = nav.getByTestId("cell-image");
  await expect(which).toHaveText("Image 1 of 3");
  await expect(nav.getByRole("button", { name: "Previous image of this cell" })).toBeDisabled();
  await nav.getByRole("button", { name: "Next image of this cell" }).click();
  await expect(which).toHaveText("Image 2 of 3");
  await screens(page, "viewer");
  await nav.getByRole("button", { name: "Next image of this cell" }).click();
  await expect(which).toHaveText("Image 3 of 3");
  await expect(nav.getByRole("button", { name: "Next image of this cell" })).toBeDisabled();
  await nav.getByRole("button", { name: "Previous image of this cell" }).click();
  await expect(which).toHaveText("Image 2 of 3");
  await nav.getByRole("button", { name: "Next column" }).click();
  await expect(nav.getByTestId("cell-place")).toHaveText(`Column: ${NIGHT}`);
  await expect(which).toHaveText("Image 2 of 3");

  // Every image is in the exports: three links a cell in the CSV, three media a cell in the JSON.
  const csv = await (await page.request.get(`/api/experiments/${id}/export?format=csv`)).text();
  const rows = csv.trimEnd().split("\r\n").slice(1);
  expect(rows).toHaveLength(2);
  for (const row of rows) expect(row.match(/\/api\/items\/[0-9a-f-]{36}\/download/g)).toHaveLength(3);
  const json = (await (await page.request.get(`/api/experiments/${id}/export?format=json`)).json()) as {
    cells: { media: unknown[] }[];
  };
  expect(json.cells.map((c) => c.media.length)).toEqual([3, 3]);
});

test("the grid image holds every tab of a three-axis grid; rows show the words that differ", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  const created = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      base: {
        taskType: "imageInference",
        positivePrompt: STORMY,
        model: "runware:100@1",
        width: 128,
        height: 128,
        steps: 1,
      },
      axes: [
        { kind: "prompts", prompts: [STORMY, NIGHT] },
        { kind: "seeds", seeds: [1, 2] },
        { kind: "values", path: "CFGScale", values: [3, 7] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  await finished(page.request, id, 8);
  await page.goto(`/experiments/${id}`);
  const grid = page.getByRole("table", { name: "Experiment grid" });
  const rows = grid.getByRole("rowheader").getByTestId("axis-label");
  await expect(rows).toHaveText(["…under a stormy sky", "…at night"]);
  await rows.nth(1).hover();
  await expect(rows.nth(1)).toHaveAttribute("title", NIGHT);
  await expect(page.getByRole("tab")).toHaveText(["CFG 3", "CFG 7"]);
  await screens(page, "three-axes");

  // The link downloads one image with both tabs, one under the other: twice one tab's height.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Grid image" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  const every = pngSize(await readFile(path));
  const one = pngSize(
    Buffer.from(await (await page.request.get(`/api/experiments/${id}/export?format=png&layer=1`)).body()),
  );
  expect(every.width).toBe(one.width);
  expect(every.height).toBe(one.height * 2);
});

test("a closed vote says first in words how far voters agreed, the statistic in a disclosure", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  const created = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      base: {
        taskType: "imageInference",
        positivePrompt: "a lighthouse",
        model: "runware:100@1",
        width: 128,
        height: 128,
        steps: 1,
      },
      axes: [
        { kind: "prompts", prompts: [`a lighthouse ${stamp} at dawn`, `a lighthouse ${stamp} in fog`] },
        { kind: "seeds", seeds: [1, 2, 3] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  await finished(page.request, id, 6);
  const opened = await page.request.post(`/api/experiments/${id}/votes`, {
    headers: { origin },
    data: { axis: 0, name: `Which lighthouse ${stamp}?` },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const voteId = ((await opened.json()) as { data: { id: string } }).data.id;
  const reviewer = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "reviewer",
    `agreement-${stamp}@studio.test`,
  );
  // Two voters, each judging every pair: one picks the left side, the other the right.
  for (const [voter, pick] of [
    [page.request, "left"],
    [reviewer, "right"],
  ] as const) {
    const ballot = (await (await voter.get(`/api/votes/${voteId}/ballot`)).json()) as {
      data: { pairs: { id: string }[] };
    };
    for (const pair of ballot.data.pairs) {
      const voted = await voter.post(`/api/votes/${voteId}/picks`, {
        headers: { origin },
        data: { pairId: pair.id, pick },
      });
      expect(voted.status(), await voted.text()).toBe(200);
    }
  }
  await reviewer.dispose();
  const closed = await page.request.post(`/api/votes/${voteId}/close`, { headers: { origin }, data: {} });
  expect(closed.status()).toBe(200);

  await page.goto(`/experiments/${id}`);
  const card = page.getByRole("listitem", { name: `Which lighthouse ${stamp}?` });
  const ranking = card.getByTestId("vote-ranking");
  // The votes list reads after the grid: on a busy machine that takes a while.
  await expect(ranking).toBeVisible({ timeout: 30_000 });
  const headline = card.getByTestId("agreement");
  await expect(headline).toHaveText(/^Voters (agreed|partly agreed|often disagreed): /);
  await expect(headline).not.toContainText("kappa");
  // The verdict is the first thing the ranking says.
  await expect(ranking.locator("p").first()).toHaveAttribute("data-testid", "agreement");
  const details = card.getByTestId("agreement-details");
  await expect(details.getByText(/Fleiss' kappa/)).toBeHidden();
  await details.getByText("How far voters agreed").click();
  await expect(details.getByText(/Fleiss' kappa -?\d\.\d\d/)).toBeVisible();
  await expect(details).toContainText(/picked the same side on \d+% of the pairs/);
  await card.scrollIntoViewIfNeeded();
  await screens(page, "agreement");
});

const DAWN = `${stamp} a red dragon flying over a misty mountain lake at dawn, oil on canvas`;
const DUSK = `${stamp} a pale heron wading through a frozen river delta in snow, watercolour`;

/** Per cell of the grid: its images as drawn (tiles in sight), each tile's box inside the cell's. */
async function tilesOf(page: Page) {
  return page.locator("[data-cell][data-status=done]").evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      const tiles = [...cell.querySelectorAll<HTMLElement>("[data-tile]")].filter(
        (t) => t.getClientRects().length > 0,
      );
      const area = tiles.reduce((sum, t) => {
        const r = t.getBoundingClientRect();
        return sum + r.width * r.height;
      }, 0);
      return {
        key: cell.getAttribute("data-cell") ?? "",
        images: Number(cell.getAttribute("data-images")),
        drawn: tiles.filter((t) => t.dataset.tile === "image").length,
        more: tiles.find((t) => t.dataset.tile === "more")?.textContent ?? null,
        inside: tiles.every((t) => {
          const r = t.getBoundingClientRect();
          return (
            r.width >= 20 &&
            r.height >= 20 &&
            r.left >= box.left - 1 &&
            r.right <= box.right + 1 &&
            r.top >= box.top - 1 &&
            r.bottom <= box.bottom + 1
          );
        }),
        // The tiles cover the cell's square but for their 1 px seams: no empty quarter.
        covered: area / ((box.width - 2) * (box.height - 2)),
      };
    }),
  );
}

test("a cell shows every image at every zoom, 1 to 5 a cell, and long row labels wrap whole in the room there is", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  const created = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      base: {
        taskType: "imageInference",
        positivePrompt: DAWN,
        model: "runware:100@1",
        width: 128,
        height: 128,
        steps: 1,
      },
      axes: [
        { kind: "prompts", prompts: [DAWN, DUSK] },
        { kind: "values", path: "numberResults", values: [1, 2, 3, 4, 5] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  await finished(page.request, id, 10);
  await page.goto(`/experiments/${id}`);
  const grid = page.getByRole("table", { name: "Experiment grid" });
  await expect(grid.locator("[data-cell][data-status=done]")).toHaveCount(10);

  // A cell draws all its images but at Small with five (three and "+2").
  const drawnAt = (zoom: string, images: number) => (zoom === "Small" && images === 5 ? 3 : images);
  for (const zoom of ["Small", "Medium", "Large"] as const) {
    await page.getByRole("radio", { name: zoom }).click();
    // The grid is drawn at the new size once each cell shows what it shows at it, not at the click.
    await expect
      .poll(async () => (await tilesOf(page)).every((c) => c.drawn === drawnAt(zoom, c.images)))
      .toBe(true);
    const cells = await tilesOf(page);
    expect(cells.map((c) => c.images).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    for (const cell of cells) {
      const at = `${zoom}, cell ${cell.key} of ${cell.images}`;
      expect(cell.inside, at).toBe(true);
      expect(cell.covered, at).toBeGreaterThan(0.95);
      if (zoom === "Small" && cell.images === 5) {
        // Three pictures and "+2" for the fourth and fifth.
        expect(cell.drawn, at).toBe(3);
        expect(cell.more, at).toBe("+2");
      } else {
        expect(cell.drawn, at).toBe(cell.images);
        expect(cell.more, at).toBeNull();
      }
    }
  }

  // Small cells leave room beside them: the row labels use it, whole on at most two lines.
  await page.getByRole("radio", { name: "Small" }).click();
  const rows = grid.getByRole("rowheader").getByTestId("axis-label");
  const labels = distinctLabels([DAWN, DUSK]);
  expect(labels[0]?.length).toBeGreaterThan(50);
  await expect(rows).toHaveText(labels);
  for (const label of await rows.all()) {
    await expect(label).not.toHaveAttribute("data-cut");
    const box = await label.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(2 * 17 + 2);
  }
  // Large cells take the width, and each row has their height: a label wraps onto four lines
  // there, and one still too long is cut in its middle, both ends kept, the whole prompt on hover.
  await page.getByRole("radio", { name: "Large" }).click();
  const first = rows.first();
  const box = await first.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(4 * 17 + 2);
  const shown = (await first.textContent()) ?? "";
  if ((await first.getAttribute("data-cut")) !== null) {
    const whole = labels[0] ?? "";
    const [head, tail] = shown.split(/…(?=[^…]*$)/);
    expect(whole.startsWith(head ?? "-")).toBe(true);
    expect(whole.endsWith(tail ?? "-")).toBe(true);
    expect(shown.endsWith("canvas")).toBe(true);
  } else {
    expect(shown).toBe(labels[0]);
  }
  await expect(first).toHaveAttribute("title", DAWN);

  for (const zoom of ["Small", "Medium", "Large"] as const) {
    await page.getByRole("radio", { name: zoom }).click();
    await screens(page, `five-per-cell-${zoom.toLowerCase()}`);
  }

  // At the small zoom "+2" opens the fourth image; Shift with → and ← step through the cell.
  await page.getByRole("radio", { name: "Small" }).click();
  const five = grid.locator("[data-cell][data-images='5']").first();
  await five.getByRole("link", { name: /2 more images \(4 to 5 of 5\)/ }).click();
  const nav = page.getByRole("navigation", { name: "Experiment cell" });
  const which = nav.getByTestId("cell-image");
  await expect(which).toHaveText("Image 4 of 5");
  // Stepping through an experiment's cells is not the gallery.
  const shell = new StudioShell(page);
  await expect(shell.navLink("Experiments")).toHaveAttribute("aria-current", "page");
  await expect(shell.navLink("Gallery")).not.toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(which).toHaveText("Image 5 of 5");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(which).toHaveText("Image 4 of 5");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(which).toHaveText("Image 3 of 5");

  // The "?" list says what the arrows do here, ↑ and ↓ included, and the keys through a cell.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Experiment: the cell above (previous row)");
  await expect(help).toContainText("Experiment: the cell below (next row)");
  await expect(help).toContainText("Experiment: next image of this cell");
  await expect(help).toContainText("Viewer: back to the experiment");
  await expect(help).not.toContainText("previous item");
  await expect(help).toContainText("Viewer: rate 1 to 5 stars");
  await screens(page, "cell-shortcuts");
});
