import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

test.describe.configure({ timeout: 60_000 });

test("models go by their names, the AIR id beside: gallery filter, item details and share page", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const task = imageTask("a paper lantern festival, model names", {
    lora: [{ model: "civitai:652699@993999", weight: 0.8 }],
  });
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  const itemId = item?.id ?? "";

  // The gallery's menus and chips.
  await page.goto("/gallery");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const model = page.getByRole("combobox", { name: "Model", exact: true });
  await expect(model.locator("option", { hasText: "FLUX.1 [schnell] · runware:100@1" })).toHaveCount(1);
  await model.selectOption({ value: "runware:100@1" });
  await expect(
    page.getByRole("button", { name: "Remove filter Model FLUX.1 [schnell] · runware:100@1" }),
  ).toBeVisible();
  const lora = page.getByRole("combobox", { name: "LoRA", exact: true });
  await expect(lora.locator("option", { hasText: "Watercolor Style · civitai:652699@993999" })).toHaveCount(
    1,
  );
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/model-names-gallery-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The item's details.
  await page.goto(`/gallery/item/${itemId}`);
  await page.getByRole("tab", { name: "Details" }).click();
  const detailModel = page.getByTestId("detail-model");
  await expect(detailModel).toContainText("FLUX.1 [schnell]");
  await expect(detailModel).toContainText("runware:100@1");
  await expect(page.getByTestId("detail-lora")).toContainText("Watercolor Style");
  await expect(page.getByTestId("detail-lora")).toContainText("civitai:652699@993999");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/model-names-details-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The share page, for a guest without an account.
  const link = await page.request.post("/api/share-links", {
    data: { itemId, showParams: true },
    headers: { origin },
  });
  expect(link.status()).toBe(201);
  const { url } = ((await link.json()) as { data: { url: string } }).data;
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guestPage = await guest.newPage();
  await guestPage.goto(url);
  // The same details panel as a member's, with names the page brought (a guest cannot search).
  const sharedModel = guestPage.getByTestId("detail-model");
  await expect(sharedModel).toContainText("FLUX.1 [schnell]");
  await expect(sharedModel).toContainText("runware:100@1");
  const sharedLora = guestPage.getByTestId("detail-lora");
  await expect(sharedLora).toContainText("Watercolor Style");
  await expect(sharedLora).toContainText("civitai:652699@993999");
  for (const viewport of VIEWPORTS) {
    await guestPage.setViewportSize(viewport);
    await saveScreen(guestPage, {
      path: `${SCREENS_DIR}/model-names-share-${viewport.width}x${viewport.height}.png`,
    });
  }
  await guest.close();
});

test("the LoRA picker offers the chosen model's family first, and the default model takes its LoRAs without a warning", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.getByRole("button", { name: /^LoRA/ }).click();
  await page.getByTestId("add-lora").click();
  await page.getByRole("button", { name: "LoRA 1", exact: true }).click();
  const list = page.getByRole("listbox", { name: "Models" });
  await expect(list.getByText("Made for FLUX.1", { exact: true })).toBeVisible();
  await expect(list.getByText("For other models", { exact: true })).toBeVisible();
  const options = list.getByRole("option");
  await expect(options.first()).toContainText("FLUX.1 Dev");
  await expect(options.last()).not.toContainText("FLUX.1");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, {
      path: `${SCREENS_DIR}/model-names-lora-picker-${viewport.width}x${viewport.height}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await options.filter({ hasText: "Watercolor Style" }).click();
  await expect(page.getByRole("button", { name: "LoRA 1", exact: true })).toContainText("Watercolor Style");
  await expect(page.getByTestId("lora-0-mismatch")).toHaveCount(0);
});
