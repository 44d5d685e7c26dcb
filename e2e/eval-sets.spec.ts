import { type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { StudioShell } from "./pages/studio-shell";

/**
 * Evaluation sets: a set of two cases made by hand, run against one model, run again against
 * another, both runs side by side with their images; a result rated in the viewer shows its rating
 * in the side-by-side. A set made from an experiment takes its cells' prompts and seeds.
 */

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shell.screenshot(`eval-sets-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`eval-sets-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function pickModel(page: Page, air: string) {
  await page.locator("#eval-run-model").click();
  await page.getByRole("combobox", { name: "Search image models" }).fill(air);
  await page
    .getByRole("option", { name: new RegExp(air.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
}

test("a set of two cases by hand, run against two models, side by side, a rating shows", async ({ page }) => {
  test.setTimeout(150_000);
  const name = `Lighthouses ${Date.now().toString(36)}`;
  await page.goto("/experiments");
  await page.getByRole("link", { name: "Evaluation sets" }).click();
  await expect(page).toHaveURL(/\/experiments\/sets$/);
  await expect(
    page
      .getByRole("list", { name: "Evaluation sets" })
      .or(page.getByRole("heading", { name: "No evaluation sets yet" })),
  ).toBeVisible();
  await screens(page, "list");

  await page.getByRole("button", { name: "New set" }).click();
  const dialog = page.getByRole("dialog", { name: "New evaluation set" });
  await dialog.getByLabel("Name").fill(name);
  await screens(page, "new");
  await dialog.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/experiments\/sets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // Three rows added, one removed: two cases.
  const rows = page.getByTestId("case-row");
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Add case" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Prompt of case 1", { exact: true }).fill("a lighthouse on a cliff at dusk");
  await page.getByLabel("Seed of case 1", { exact: true }).fill("11");
  await page.getByLabel("Prompt of case 2", { exact: true }).fill("a lighthouse in a storm, oil painting");
  await page.getByLabel("Seed of case 2", { exact: true }).fill("22");
  await page.getByLabel("Negative prompt of case 2").fill("people");
  const before = await page.getByLabel("Seed of case 3", { exact: true }).inputValue();
  await page.getByRole("button", { name: "New seed for case 3" }).click();
  await expect(page.getByLabel("Seed of case 3", { exact: true })).not.toHaveValue(before);
  await page.getByRole("button", { name: "Remove case 3" }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Save cases" }).click();
  await expect(page.getByRole("region", { name: "Cases" })).toContainText("2 cases · version 2");

  // First run: the default model.
  await expect(page.locator("#eval-run-model")).toContainText("FLUX.1 [schnell]");
  await page.getByLabel("Steps").fill("4");
  await page.getByRole("button", { name: "Run set" }).click();
  const table = page.getByRole("table", { name: "Runs side by side" });
  await expect(table.getByTestId("run-column")).toHaveCount(1);
  await expect(table.getByTestId("result-cell")).toHaveCount(2, { timeout: 60_000 });
  await expect(table.getByRole("rowheader", { name: /a lighthouse on a cliff at dusk/ })).toContainText(
    "seed 11",
  );

  // Again against another model: both runs side by side, the new one first.
  await pickModel(page, "runware:101@1");
  await expect(page.locator("#eval-run-model")).toContainText("FLUX.1 [dev]");
  await page.getByRole("button", { name: "Run set" }).click();
  await expect(table.getByTestId("run-column")).toHaveCount(2);
  // Each run's model by the name the rest of the studio gives it, its id beside.
  await expect(table.getByTestId("run-column").first()).toContainText("FLUX.1 [dev] · runware:101@1");
  await expect(table.getByTestId("run-column").nth(1)).toContainText("FLUX.1 [schnell] · runware:100@1");
  await expect(table.getByTestId("result-cell")).toHaveCount(4, { timeout: 60_000 });
  await expect(
    table.getByRole("img", { name: "Case 2 in FLUX.1 [dev] · runware:101@1 · 4 steps · 512×512" }),
  ).toBeVisible();
  await expect(page.getByTestId("eval-run")).toHaveCount(2);
  await expect(page.getByTestId("eval-run").nth(1)).toContainText(
    "FLUX.1 [schnell] · runware:100@1 · 4 steps",
  );
  await expect(page.getByTestId("eval-run").first()).toContainText("Finished");
  await screens(page, "side-by-side");

  // Rate the first model's result for case 1 in the viewer; the side-by-side shows it.
  await expect(table.getByTestId("case-rating")).toHaveText(Array(4).fill("Not rated yet"));
  await table
    .getByRole("link", { name: "Case 1 in FLUX.1 [schnell] · runware:100@1 · 4 steps · 512×512" })
    .click();
  await expect(page).toHaveURL(/\/gallery\/item\//);
  await page.getByRole("radio", { name: "4 stars" }).click();
  await expect(page.getByTestId("team-rating")).toHaveText("4.0 from 1 rating");
  await page.goBack();
  const rated = table.getByRole("row").filter({ hasText: "a lighthouse on a cliff at dusk" });
  await expect(rated.getByTestId("case-rating").nth(1)).toHaveText("4.0 from 1 rating");
  await expect(rated.getByTestId("case-rating").first()).toHaveText("Not rated yet");
  await expect(table.getByTestId("run-rating").nth(1)).toHaveText("4.0 from 1 rating");
  await expect(page.getByTestId("eval-run").nth(1)).toContainText("4.0 from 1 rating");

  // Untick a run: one column left.
  await page
    .getByRole("checkbox", { name: /Show FLUX\.1 \[dev\] · runware:101@1 .* side by side/ })
    .uncheck();
  await expect(table.getByTestId("run-column")).toHaveCount(1);

  // The run's grid is an experiment of its own.
  await page.getByTestId("eval-run").nth(1).getByRole("link", { name: "Grid" }).click();
  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Experiment grid" })).toContainText("seed 22");

  // The list of sets shows it with its cases and runs.
  await page.goto("/experiments/sets");
  const card = page.getByRole("link", { name: new RegExp(name) });
  await expect(card).toContainText("2 cases · 2 runs");
  await screens(page, "list-filled");
});

test("a set from an experiment takes its cells' prompts and seeds; a viewer reads but does not run", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const made = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: `Owls ${stamp}`,
      base: {
        taskType: "imageInference",
        positivePrompt: `an owl ${stamp}`,
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [{ kind: "seeds", seeds: [5, 6] }],
    },
  });
  expect(made.status()).toBe(201);

  await page.goto("/experiments/sets");
  await page.getByRole("button", { name: "New set" }).click();
  const dialog = page.getByRole("dialog", { name: "New evaluation set" });
  await dialog.getByLabel("Name").fill(`From owls ${stamp}`);
  await dialog.getByRole("radio", { name: "From an experiment" }).click();
  await dialog.getByLabel("Experiment").selectOption({ label: `Owls ${stamp} (2 cells)` });
  await dialog.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/experiments\/sets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("case-row")).toHaveCount(2);
  await expect(page.getByLabel("Prompt of case 1", { exact: true })).toHaveValue(`an owl ${stamp}`);
  await expect(page.getByLabel("Seed of case 1", { exact: true })).toHaveValue("5");
  await expect(page.getByLabel("Seed of case 2", { exact: true })).toHaveValue("6");
  await screens(page, "from-experiment");
  const setUrl = page.url();

  // A viewer sees the set, without the run form or the editing buttons.
  const viewer = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "viewer",
    `owl-viewer-${stamp}@studio.test`,
  );
  try {
    const setId = setUrl.split("/").at(-1) ?? "";
    const read = await viewer.get(`/api/eval-sets/${setId}`);
    expect(read.status()).toBe(200);
    const run = await viewer.post(`/api/eval-sets/${setId}/runs`, {
      headers: { origin },
      data: { model: "runware:100@1", width: 512, height: 512 },
    });
    expect(run.status()).toBe(403);
    const edit = await viewer.patch(`/api/eval-sets/${setId}`, { headers: { origin }, data: { name: "x" } });
    expect(edit.status()).toBe(403);
  } finally {
    await viewer.dispose();
  }
});
