import type { APIRequestContext, Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask, memberWithRole } from "./fixtures/studio-api";
import { StudioShell } from "./pages/studio-shell";

/**
 * Compare: two to four results side by side by URL, with the prompts' words that changed, only
 * the settings that differ, a slider over two images and one control playing videos together.
 */

const VIDEO_MODEL = "local:video@3.0-prime";

/** Sends one task and answers its first result's item id once it finished. */
async function madeItem(request: APIRequestContext, baseURL: string, task: Record<string, unknown>) {
  const res = await sendTasks(request, baseURL, [task]);
  expect(res.status(), await res.text()).toBe(202);
  const view = await finishedTask(request, String(task.taskUUID), 60_000);
  expect(view.status).toBe("success");
  const id = view.items[0]?.id;
  expect(id).toBeTruthy();
  return id as string;
}

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("two images: prompt diff, only the differing settings, slider, reference and removal", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const first = await madeItem(
    page.request,
    origin,
    imageTask("a red fox sleeping in the snow", {
      seed: 1234,
      steps: 20,
      CFGScale: 7,
      width: 768,
      height: 512,
    }),
  );
  const second = await madeItem(
    page.request,
    origin,
    imageTask("a red fox running in the snow", {
      seed: 1234,
      steps: 28,
      CFGScale: 4.5,
      width: 512,
      height: 512,
    }),
  );

  // By URL, as the selection bar and the viewer link to it.
  await page.goto(`/gallery/compare?ids=${first},${second}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparing 2 images");
  const columns = page.getByTestId("compare-column");
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toHaveAttribute("data-item-id", first);
  await expect(columns.nth(0).getByRole("img", { name: "A: a red fox sleeping in the snow" })).toBeVisible();
  await expect(columns.nth(0).getByTestId("review-state")).toHaveText("Draft");
  await expect(columns.nth(0).getByText("Not rated yet")).toBeVisible();
  await expect(columns.nth(0).getByText("768 × 512")).toBeVisible();
  await expect(columns.nth(0).getByText("Reference")).toBeVisible();
  await expect(columns.nth(1).getByRole("link", { name: "Open B" })).toHaveAttribute(
    "href",
    `/gallery/item/${second}`,
  );

  // B against A: "sleeping" struck out, "running" added; A is the reference.
  const promptOfB = page.getByTestId("prompt-diff").and(page.locator("[data-letter=B]"));
  await expect(promptOfB.locator("del")).toHaveText("sleeping");
  await expect(promptOfB.locator("ins")).toHaveText("running");
  await expect(page.getByTestId("negative-diff")).toHaveCount(0);

  // Only the settings that differ: steps, guidance and the size (the same seed and model are not rows).
  const table = page.getByRole("table", { name: "Settings that differ" });
  const rows = table.locator("tbody tr");
  await expect(rows.locator("th")).toHaveText(["Width", "Steps", "Guidance (CFG)"]);
  await expect(table.getByRole("row", { name: /^Steps/ }).getByRole("cell")).toHaveText(["20", "28"]);
  await expect(table.getByRole("row", { name: /^Guidance \(CFG\)/ }).getByRole("cell")).toHaveText([
    "7",
    "4.5",
  ]);
  await expect(page.getByText("No other differences: every other setting is the same.")).toBeVisible();
  await screens(page, "compare-side-by-side");

  // The slider: drag the divider with the mouse, then move it with the keyboard.
  await page.getByRole("radio", { name: "Slider" }).click();
  const slider = page.getByTestId("compare-slider");
  await expect(slider.getByRole("img")).toHaveCount(2);
  const divider = page.getByRole("slider", { name: "Divider between A and B" });
  await expect(divider).toHaveAttribute("aria-valuenow", "50");
  const box = await slider.boundingBox();
  if (!box) throw new Error("the slider has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(divider).toHaveAttribute("aria-valuenow", "25");
  await divider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(divider).toHaveAttribute("aria-valuenow", "27");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(divider).toHaveAttribute("aria-valuenow", "37");
  await page.keyboard.press("End");
  await expect(divider).toHaveAttribute("aria-valuenow", "100");
  // A finger drags it as a mouse does (touch pointers, as a touch screen sends them).
  const touchBox = await slider.boundingBox();
  if (!touchBox) throw new Error("the slider has no box");
  const finger = (x: number) => ({
    pointerType: "touch",
    pointerId: 7,
    isPrimary: true,
    bubbles: true,
    clientX: touchBox.x + touchBox.width * x,
    clientY: touchBox.y + touchBox.height / 2,
  });
  await slider.dispatchEvent("pointerdown", finger(0.7));
  await slider.dispatchEvent("pointermove", finger(0.4));
  await slider.dispatchEvent("pointerup", finger(0.4));
  await expect(divider).toHaveAttribute("aria-valuenow", "40");
  await screens(page, "compare-slider");
  await page.getByRole("radio", { name: "Side by side" }).click();

  // B becomes the reference: now A's prompt is read against B's.
  await page.getByRole("radiogroup", { name: "Compare against" }).getByRole("radio", { name: "B" }).click();
  const promptOfA = page.getByTestId("prompt-diff").and(page.locator("[data-letter=A]"));
  await expect(promptOfA.locator("del")).toHaveText("running");
  await expect(promptOfA.locator("ins")).toHaveText("sleeping");
  await expect(columns.nth(1).getByText("Reference")).toBeVisible();

  // Swap the order: the URL follows.
  await page.getByRole("button", { name: "Move B left" }).click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${second},${first}`);
  await expect(columns.nth(0)).toHaveAttribute("data-item-id", second);

  // Removing one leaves one: a message and the way back.
  await page.getByRole("button", { name: "Remove A from the comparison" }).click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${first}`);
  await expect(page.getByTestId("compare-problem")).toHaveText("Pick at least 2 items to compare.");
  await screens(page, "compare-too-few");
  await page.getByRole("link", { name: "Back to the gallery" }).click();
  await expect(page).toHaveURL("/gallery");
});

test("three items: removing one keeps the others and updates the URL", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const ids = [];
  for (const steps of [10, 20, 30]) {
    ids.push(await madeItem(page.request, origin, imageTask("a lighthouse at dusk", { seed: 7, steps })));
  }
  await page.goto(`/gallery/compare?ids=${ids.join(",")}`);
  await expect(page.getByTestId("compare-column")).toHaveCount(3);
  await expect(page.getByRole("radio", { name: "Slider" })).toBeDisabled();
  await expect(page.getByTestId("prompt-diff").and(page.locator("[data-letter=C]"))).toHaveText(
    /The same as A\./,
  );
  await screens(page, "compare-three");
  await page.getByRole("button", { name: "Remove B from the comparison" }).click();
  await expect(page).toHaveURL(`/gallery/compare?ids=${ids[0]},${ids[2]}`);
  await expect(page.getByTestId("compare-column")).toHaveCount(2);
  await expect(page.getByRole("radio", { name: "Slider" })).toBeEnabled();
});

test("an unknown item or a bad link explains itself and links back", async ({
  page,
  baseURL,
  playwright,
}) => {
  const known = await madeItem(page.request, baseURL ?? "", imageTask("a teapot"));
  await page.goto(`/gallery/compare?ids=${known},${crypto.randomUUID()}`);
  await expect(page.getByTestId("compare-problem")).toHaveText(/no longer exists/);
  await expect(page.getByRole("link", { name: "Back to the gallery" })).toBeVisible();
  await page.goto("/gallery/compare?ids=nonsense,other");
  await expect(page.getByTestId("compare-problem")).toHaveText(
    "This comparison names an item that does not exist.",
  );

  // A viewer reads a comparison; the API names the parameter; without a session it answers 401.
  const other = await madeItem(page.request, baseURL ?? "", imageTask("a teapot, steaming"));
  const viewer = await memberWithRole(
    page.request,
    () => playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } }),
    baseURL ?? "",
    "viewer",
    `compare-viewer-${crypto.randomUUID()}@studio.test`,
  );
  const seen = await viewer.get(`/api/items/compare?ids=${other},${known}`);
  expect(seen.status()).toBe(200);
  const body = (await seen.json()) as {
    data: { items: { item: { id: string }; params: { seed?: unknown } }[] };
  };
  expect(body.data.items.map((e) => e.item.id)).toEqual([other, known]);
  expect(body.data.items[0]?.params.seed).toBeDefined();
  await viewer.dispose();
  const unknown = await page.request.get(`/api/items/compare?ids=${known},${crypto.randomUUID()}`);
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).errors[0]).toMatchObject({ code: "notFound", parameter: "ids" });
  const bad = await page.request.get(`/api/items/compare?ids=${known}`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors[0]).toMatchObject({ parameter: "ids" });
  const stranger = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const anonymous = await stranger.get(`/api/items/compare?ids=${known},${crypto.randomUUID()}`);
  expect(anonymous.status()).toBe(401);
  await stranger.dispose();
});

test("two videos play, pause, seek and step together", async ({ page, baseURL }) => {
  // Two videos made and played on a shared machine: their renders alone take most of a minute.
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const video = (prompt: string) => ({
    taskType: "videoInference",
    taskUUID: crypto.randomUUID(),
    model: VIDEO_MODEL,
    positivePrompt: prompt,
    width: 832,
    height: 480,
    duration: 2,
    outputFormat: "WEBM",
    deliveryMethod: "async",
  });
  const a = await madeItem(page.request, origin, video("a paper boat on a rainy street"));
  const b = await madeItem(page.request, origin, video("a paper boat on a sunny street"));
  await page.goto(`/gallery/compare?ids=${a},${b}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparing 2 videos");
  await expect(page.getByRole("radio", { name: "Slider" })).toBeDisabled();
  await page.getByRole("radio", { name: "Play together" }).click();

  const videos = page.getByTestId("compare-video");
  await expect(videos).toHaveCount(2);
  const states = () =>
    videos.evaluateAll((els) =>
      (els as HTMLVideoElement[]).map((v) => ({ paused: v.paused, time: v.currentTime })),
    );
  await expect(page.getByRole("slider", { name: "Position in the videos" })).not.toHaveAttribute(
    "data-disabled",
    "",
  );

  await page.getByRole("button", { name: "Play all" }).click();
  await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([false, false]);
  // Two-second clips: pausing at once, before they end (at their end both pause by themselves).
  await page.getByRole("button", { name: "Pause all" }).click();
  await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([true, true]);
  // They played: both moved on from the start.
  expect(Math.min(...(await states()).map((s) => s.time))).toBeGreaterThan(0);

  // Seek with the keyboard on the shared position: both videos land on the same time.
  await page.getByRole("slider", { name: "Position in the videos" }).press("Home");
  await expect.poll(async () => (await states()).map((s) => s.time)).toEqual([0, 0]);
  await page.getByRole("button", { name: "Forward one frame" }).click();
  await page.getByRole("button", { name: "Forward one frame" }).click();
  await expect.poll(async () => (await states()).map((s) => s.time.toFixed(3))).toEqual(["0.083", "0.083"]);
  await page.getByRole("button", { name: "Back one frame" }).click();
  await expect.poll(async () => (await states()).map((s) => s.time.toFixed(3))).toEqual(["0.042", "0.042"]);
  await expect(page.getByRole("status", { name: "Time" })).toHaveText(/^0:00\.04 \/ 0:0\d\.\d\d$/);
  await screens(page, "compare-videos");
});
