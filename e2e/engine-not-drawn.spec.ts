import type { Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * The built-in engine draws a fixed set of things. A result whose prompt names one it cannot draw
 * says so in its details ("Not drawn: narwhal"); a result it drew in full says nothing of the kind.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

async function resultOf(page: Page, origin: string, prompt: string) {
  const task = imageTask(prompt);
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  return item;
}

test("a result's details name the words the built-in engine did not draw", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const partly = await resultOf(page, origin, "a narwhal beside a lighthouse, highly detailed");
  const fully = await resultOf(page, origin, "a hot air balloon over fields");

  await page.goto(`/gallery/item/${partly.id}`);
  await page.getByRole("tab", { name: "Details" }).click();
  const details = page.getByTestId("item-params");
  await expect(details.getByText("Not drawn", { exact: true })).toBeVisible();
  await expect(details.getByText("narwhal", { exact: true })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/engine-not-drawn/details-${viewport.width}x${viewport.height}.png`,
    });
  }

  await page.goto(`/gallery/item/${fully.id}`);
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(details).toContainText("512 × 512");
  await expect(details.getByText("Not drawn", { exact: true })).toHaveCount(0);
});
