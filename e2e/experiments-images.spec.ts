import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
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
  await expect(status).toContainText("1 cell, 1 image ·");
  await expect(dialog.getByRole("button", { name: "Run 1 cell", exact: true })).toBeVisible();

  await dialog.getByLabel("Prompts, one a line").fill(`${STORMY}\n${NIGHT}`);
  await expect(status).toContainText("2 cells, 2 images ·");
  await perCell.fill("3");
  await expect(status).toContainText("2 cells, 6 images ·");
  await expect(status).toContainText(/about (a second|\d+ (seconds|minutes?))/);
  await screens(page, "vary");
  await dialog.getByRole("button", { name: "Run 2 cells", exact: true }).click();

  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/);
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
  await expect(ranking).toBeVisible();
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
