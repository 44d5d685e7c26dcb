import path from "node:path";
import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { CanvasPage } from "./pages/canvas-page";

// Uploading, planning a grid and running it on a two-core machine shared with the server and the engine.
test.describe.configure({ timeout: 180_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "canvas-vary");

test("Vary… on the canvas runs what the canvas would send as an experiment's grid", async ({ page }) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await canvas.upload(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");
  const vary = page.getByRole("complementary", { name: "Generate" }).getByRole("button", { name: "Vary…" });
  // Like Generate, it waits for a prompt.
  await expect(vary).toBeDisabled();
  await page.locator("#canvas-prompt").fill("the sunset in watercolour");
  // Generate and Vary… sit side by side inside the Generate column on a laptop and on a desktop.
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/vary-${width}x${height}.png` });
    // The prompt box spans the column's width inside its padding. Read again until the column
    // has settled at the new size (its estimate and notes arrive as they are worked out).
    const generate = page.getByRole("button", { name: /^Generate/ });
    await expect
      .poll(async () => {
        const column = await page.locator("#canvas-prompt").boundingBox();
        const go = await generate.boundingBox();
        const button = await vary.boundingBox();
        if (!column || !go || !button) return "the prompt or the buttons under it are not shown";
        if (Math.round(button.y) !== Math.round(go.y)) return `Vary… at ${button.y}, Generate at ${go.y}`;
        if (Math.round(button.x + button.width) > Math.round(column.x + column.width))
          return "Vary… past the column's edge";
        return "side by side";
      })
      .toBe("side by side");
  }

  await vary.click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await expect(dialog).toContainText("Run what the canvas would send now as a grid");
  await expect(dialog.getByLabel("Prompts, one a line")).toHaveValue("the sunset in watercolour");
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill("2");
  await expect(dialog.getByRole("status")).toContainText("2 cells, 2 images");
  await dialog.getByRole("button", { name: "Run 2 cells" }).click();

  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^2 of 2 done$/, {
    timeout: 90_000,
  });
  // The grid's task is the canvas's: the picture under the frame, uploaded, at its size and strength.
  const id = page.url().split("/").at(-1) as string;
  const view = (await (await page.request.get(`/api/experiments/${id}`)).json()) as {
    data: { base: Record<string, unknown> };
  };
  expect(view.data.base).toMatchObject({
    positivePrompt: "the sunset in watercolour",
    width: 768,
    height: 512,
    strength: 0.8,
  });
  expect(typeof view.data.base.seedImage).toBe("string");
});
