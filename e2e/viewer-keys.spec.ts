import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/** Every row the viewer's shortcut list shows, with its keys as shown. */
const ROWS: [string, string[]][] = [
  ["Viewer: previous item", ["←"]],
  ["Viewer: next item", ["→"]],
  ["Viewer: rate 1 to 5 stars", ["1", "2", "3", "4", "5"]],
  ["Viewer: zoom in", ["+"]],
  ["Viewer: zoom out", ["-"]],
  ["Viewer: fit the image to the screen", ["0"]],
  ["Viewer: previous frame of a video", [","]],
  ["Viewer: next frame of a video", ["."]],
  ["Viewer: back to the gallery, or stop placing a pin", ["Esc"]],
  ["Show these shortcuts", ["?"]],
];

test("the viewer's shortcut list names every key it answers, and its zoom says the real scale", async ({
  page,
  baseURL,
}) => {
  const task = imageTask("a tall ship under full sail, viewer keys", { width: 2048, height: 1536 });
  expect((await sendTasks(page.request, baseURL ?? "", [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID, 40_000)).items[0];
  await page.goto(`/gallery/item/${item?.id}`);
  const image = page.getByTestId("viewer-image");
  await expect(image).toBeVisible();

  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  for (const [action, keys] of ROWS) {
    const row = dialog.locator("dl > div").filter({ has: page.getByText(action, { exact: true }) });
    await expect(row, action).toHaveCount(1);
    await expect(row.locator("kbd"), action).toHaveText(keys);
  }
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/viewer-shortcuts-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: /close/i }).click();
  await expect(dialog).toHaveCount(0);

  // Fitted, a 2048 px wide image is shown smaller than its own size: the label says by how much.
  const zoom = page.getByTestId("zoom-level");
  const fitted = async () =>
    Math.round((await image.evaluate((img) => (img as HTMLImageElement).clientWidth / 2048)) * 100);
  await expect(zoom).toHaveText(`Fit · ${await fitted()}%`);
  expect(await fitted()).toBeLessThan(100);

  const shown = () => zoom.textContent().then((t) => Number(t?.replace("%", "")));
  // The zoom eases to its new scale: read the label once it stops changing. Two frames pass
  // between reads, so a page too busy to draw is not taken for a settled one.
  const twoFrames = () =>
    page.evaluate(
      () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
  const settledZoom = async () => {
    let last = Number.NaN;
    await expect(async () => {
      await twoFrames();
      const now = await shown();
      const same = now === last;
      last = now;
      expect(same).toBe(true);
    }).toPass({ intervals: [150] });
    return last;
  };

  // "+" zooms in: the label gives the real scale, larger than the fitted one.
  const fittedScale = await fitted();
  await page.keyboard.press("+");
  await expect(zoom).not.toHaveText(/^Fit/);
  const zoomedIn = await settledZoom();
  expect(zoomedIn).toBeGreaterThan(fittedScale);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(async () => {
    expect(Number((await zoom.textContent())?.replace("%", ""))).toBeGreaterThan(zoomedIn);
  }).toPass();
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SCREENS_DIR}/viewer-zoomed-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const before = await settledZoom();
  await page.keyboard.press("-");
  await expect(async () => expect(await shown()).toBeLessThan(before)).toPass();
  // Once the zoom has settled, "0" fits the image again.
  await settledZoom();
  await page.keyboard.press("0");
  await expect(zoom).toHaveText(`Fit · ${await fitted()}%`);
});
