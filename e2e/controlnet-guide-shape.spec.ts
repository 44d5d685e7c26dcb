import { expect, test } from "@playwright/test";
import { seedPicture } from "./fixtures/images";
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
    await page.screenshot({
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
