import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 90_000 });

const GUIDE = "f-controlNet-0-guideImage";

test("ControlNet: a guide of another shape is flagged; matching the output or fitting the guide ends the stretch", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await create.open("controlnet");
  const unit = page.getByTestId("controlnet-unit").first();
  const width = page.getByRole("spinbutton", { name: "Width" });
  const height = page.getByRole("spinbutton", { name: "Height" });
  await expect(width).toHaveValue("1024");
  await expect(height).toHaveValue("1024");

  await create.upload(GUIDE, await seedPicture(768, 512));
  // The upload goes to the studio first; on a busy machine that takes a moment.
  await expect(unit.getByText("768 × 512", { exact: true })).toBeVisible({ timeout: 20_000 });
  const note = unit.getByTestId("guide-aspect-note");
  await expect(note).toContainText("The guide is 768 × 512 (3:2) and the output 1024 × 1024 (1:1)");
  await expect(note).toContainText("would be stretched");
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await note.scrollIntoViewIfNeeded();
    await saveScreen(page, {
      path: `${SCREENS_DIR}/controlnet-guide-shape-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The output takes the guide's shape, in sizes the service accepts, at about the same pixel count.
  await note.getByRole("button", { name: "Match output to guide" }).click();
  await expect(width).toHaveValue("1344");
  await expect(height).toHaveValue("896");
  await expect(note).toHaveCount(0);

  // Back to a square output: the guide is flagged again, and fitted into the square this time.
  await page.getByRole("button", { name: "1:1", exact: true }).click();
  await expect(width).toHaveValue("1024");
  await expect(note).toBeVisible();
  await note.getByRole("button", { name: "Fit guide" }).click();
  // The fitted guide is a new upload, of the output's size.
  await expect(unit.getByText("1024 × 1024", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(note).toHaveCount(0);

  await unit.getByRole("button", { name: "ControlNet model", exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("canny flux");
  await page.getByRole("option", { name: /ControlNet Canny \(FLUX\)/ }).click();
  await create.prompt.fill("a harbour at dawn, the same composition");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await expect(create.generate).toBeEnabled();
  await create.generate.click();
  const task = await finishedTask(page.request, await create.expectResults(1));
  const guide = (task.params.controlNet as { guideImage: string }[])[0]?.guideImage ?? "";
  // The service was sent the fitted guide: square, as the output.
  const sentGuide = await page.request.get(`/api/images/${encodeURIComponent(guide)}`);
  expect(sentGuide.status()).toBe(200);
  const { data } = (await sentGuide.json()) as { data: { width: number; height: number } };
  expect(data).toMatchObject({ width: 1024, height: 1024 });
  expect(task.params).toMatchObject({ width: 1024, height: 1024 });
});

test("ControlNet: a guide made from a photo and then fitted to the output still reads as in use", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await create.open("controlnet");
  const unit = page.getByTestId("controlnet-unit").first();
  await unit.getByRole("radio", { name: "Make from a photo" }).click();
  await create.upload(`${GUIDE}-pre-source`, await seedPicture(768, 512));
  await unit.getByTestId("preprocess-button").click();
  const use = unit.getByTestId("use-guide-button");
  await expect(use).toHaveText("Use this guide", { timeout: 20_000 });
  await use.click();
  await expect(use).toHaveText("Guide in use");
  const note = unit.getByTestId("guide-aspect-note");
  await expect(note).toContainText("(3:2) and the output 1024 × 1024 (1:1)");

  await note.getByRole("button", { name: "Fit guide" }).click();
  await expect(note).toHaveCount(0, { timeout: 20_000 });
  // The fitted copy is the unit's guide now: the panel still says its guide is the one in use.
  await expect(use).toHaveText("Guide in use");
  await expect(use).toBeDisabled();
  await expect(unit.getByText("In use, fitted to the output's shape")).toBeVisible();
  await expect(unit.getByText(/no guide image/)).toHaveCount(0);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await use.scrollIntoViewIfNeeded();
    await saveScreen(page, {
      path: `${SCREENS_DIR}/controlnet-fitted-guide-${viewport.width}x${viewport.height}.png`,
    });
  }

  // A 16:9 output goes by its preset's name, not by its reduced ratio 7:4.
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await expect(page.getByRole("spinbutton", { name: "Width" })).toHaveValue("1344");
  await expect(unit.getByTestId("guide-aspect-note")).toContainText("the output 1344 × 768 (16:9)");
  await expect(unit.getByTestId("guide-aspect-note")).not.toContainText("7:4");
});
