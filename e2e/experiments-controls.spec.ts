import fs from "node:fs";
import { expect, test } from "./fixtures/reused-page";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * The experiment screens' other controls: the Vary dialog's axis editors (words replaced, a
 * setting typed by name over a range, a seed count, an axis removed), a third axis as tabs, zoom,
 * a row pinned, compare, the JSON and grid-image exports; and Vary… from a gallery item.
 */
test.describe.configure({ mode: "serial" });

/** Unique words, so this file's experiments are told apart from another spec's. */
const STAMP = `k${Date.now().toString(36)}`;
const PROMPT = `a paper boat on a pond ${STAMP}`;
let firstItem = "";

test("three axes from the Vary dialog's editors run as tabs; zoom, pin a row, compare, export JSON and the grid image", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });

  // Axis 1: words of the prompt replaced (the words themselves kept as one of the values).
  await dialog.getByLabel("What axis 1 varies").selectOption("promptReplace");
  await dialog.getByLabel("Words to replace").fill("paper boat");
  await dialog.getByLabel("Replacements, one a line").fill("paper boat\nsailing ship");
  const values1 = dialog.getByRole("list", { name: "Values of axis 1" }).getByRole("listitem");
  await expect(values1).toHaveText(["paper boat", "sailing ship"]);

  // Axis 2: a setting typed by its name, over a range.
  await dialog.getByRole("button", { name: "Vary a setting" }).click();
  await dialog.getByLabel("Setting of axis 2").selectOption({ label: "Other…" });
  await dialog.getByLabel("Setting name").fill("height");
  await dialog.getByRole("radio", { name: "A range" }).click();
  await dialog.getByLabel(/^from$/i).fill("128");
  await dialog.getByLabel(/^to$/i).fill("256");
  await dialog.getByLabel(/^step$/i).fill("128");
  const values2 = dialog.getByRole("list", { name: "Values of axis 2" }).getByRole("listitem");
  await expect(values2).toHaveText(["Height 128", "Height 256"]);

  // Axis 3: one taken away again, then a seed count; with three axes nothing more can be added.
  await dialog.getByRole("button", { name: "Replace words in the prompt" }).click();
  await expect(dialog.getByRole("group", { name: "Axis 3" })).toBeVisible();
  await dialog.getByRole("button", { name: "Remove axis 3" }).click();
  await expect(dialog.getByRole("group", { name: "Axis 3" })).toHaveCount(0);
  // The two axes' grid checked again: the dialog's footer has its new lines before the next press.
  await expect(dialog.getByRole("status")).toContainText("4 cells, 4 images");
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await expect(dialog.getByRole("group", { name: "Axis 3" })).toBeVisible();
  await dialog.getByLabel("First seed").fill("5");
  await dialog.getByLabel("How many seeds").fill("2");
  await expect(dialog.getByRole("list", { name: "Values of axis 3" }).getByRole("listitem")).toHaveText([
    "seed 5",
    "seed 6",
  ]);
  await expect(dialog.getByRole("button", { name: "Vary a setting" })).toHaveCount(0);
  await expect(dialog.getByRole("status")).toContainText("8 cells, 8 images");
  await dialog.getByRole("button", { name: "Run 8 cells" }).click();

  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").at(-1) as string;
  const grid = page.getByRole("table", { name: "Experiment grid" });
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^8 of 8 done$/, {
    timeout: 150_000,
  });

  // The third axis is a tab per seed: each shows its own layer of cells.
  const tabs = page.getByRole("tablist", { name: "Seed" }).getByRole("tab");
  await expect(tabs).toHaveText(["seed 5", "seed 6"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(grid.locator("[data-cell='0-0-0']")).toBeVisible();
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(grid.locator("[data-cell='0-0-1']")).toBeVisible();
  await expect(grid.locator("[data-cell='0-0-0']")).toHaveCount(0);

  // Zoom out; pin the "sailing ship" row as the reference, then let it go.
  await page.getByRole("radio", { name: "Small" }).click();
  await expect(grid.locator("[data-cell='1-1-1']")).toHaveCSS("width", "128px");
  const pinRow = grid.getByRole("button", { name: "Pin sailing ship as the reference" });
  await pinRow.click();
  await expect(pinRow).toHaveAttribute("aria-pressed", "true");
  await expect(grid.locator("[data-cell='1-0-1']")).toHaveClass(/ring-2/);
  await expect(grid.locator("[data-cell='0-0-1']")).not.toHaveClass(/ring-2/);
  await new StudioShell(page).screenshot("experiments-three-axes-1440x900");
  await pinRow.click();
  await expect(pinRow).toHaveAttribute("aria-pressed", "false");
  await expect(grid.locator("[data-cell='1-0-1']")).not.toHaveClass(/ring-2/);

  // Exports by their links: the parameters as JSON, the grid (this tab) as one labelled image.
  const json = page.waitForEvent("download");
  await page.getByRole("link", { name: "JSON" }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toMatch(/^experiment-.+\.json$/);
  const exported = JSON.parse(fs.readFileSync(await jsonFile.path(), "utf8")) as {
    cells: { status: string; params?: Record<string, unknown> }[];
  };
  expect(exported.cells).toHaveLength(8);
  expect(exported.cells.every((c) => c.status === "done")).toBe(true);
  const png = page.waitForEvent("download");
  await page.getByRole("link", { name: "Grid image" }).click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toMatch(/\.png$/);
  const bytes = fs.readFileSync(await pngFile.path());
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");

  // Two cells side by side on the compare page.
  await grid.getByRole("checkbox", { name: "Select cell 0-0-1 to compare" }).check();
  await grid.getByRole("checkbox", { name: "Select cell 1-0-1 to compare" }).check();
  await page.getByRole("link", { name: "Compare 2" }).click();
  await expect(page).toHaveURL(/\/gallery\/compare\?ids=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparing 2 images");

  const view = (await (await page.request.get(`/api/experiments/${id}`)).json()) as {
    data: { cells: { key: string; items: { id: string }[] }[] };
  };
  firstItem = view.data.cells.find((c) => c.key === "0-0-0")?.items[0]?.id ?? "";
  expect(firstItem).not.toBe("");
});

test("Vary… on a gallery item starts from the task that made it", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/gallery/item/${firstItem}`);
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await expect(dialog.getByLabel("Prompts, one a line")).toHaveValue(PROMPT);
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill("2");
  await expect(dialog.getByRole("status")).toContainText("2 cells, 2 images");
  await new StudioShell(page).screenshot("experiments-vary-item-1440x900");
  await dialog.getByRole("button", { name: "Run 2 cells" }).click();
  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^2 of 2 done$/, {
    timeout: 60_000,
  });
  // The item's own settings came along: its height (128, not the form's 1024) and its seed.
  const id = page.url().split("/").at(-1) as string;
  const view = (await (await page.request.get(`/api/experiments/${id}`)).json()) as {
    data: { base: Record<string, unknown> };
  };
  expect(view.data.base).toMatchObject({ positivePrompt: PROMPT, height: 128, numberResults: 1 });
});
