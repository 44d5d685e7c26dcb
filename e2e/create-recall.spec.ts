import { expect, test } from "@playwright/test";
import { seedPicture } from "./fixtures/images";
import { maskDataUri, sendTask, uploadPicture } from "./fixtures/recall-tasks";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 90_000 });

const IMAGE = { model: "runware:100@1", numberResults: 1, outputFormat: "JPG" };
const VIDEO_MODEL = "local:video@3.0-prime";

test("inpainting: Use all on a result brings back the image and its painted mask", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("inpainting");
  await create.upload("f-seedImage", await seedPicture());
  const painter = page.getByTestId("mask-painter");
  await create.drag(page.getByTestId("mask-stage"), [0.4, 0.5], [0.6, 0.55]);
  await expect(painter).toHaveAttribute("data-mask-empty", "false");
  await create.prompt.fill("a sailing boat on the water");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await finishedTask(page.request, await create.expectResults(1));

  await page.getByRole("button", { name: "Reset the form" }).click();
  await expect(painter).toHaveCount(0);
  await create.results.first().click();
  await page.getByRole("button", { name: "Use all" }).click();
  await expect(create.prompt).toHaveValue("a sailing boat on the water");
  await expect(page.getByRole("img", { name: /^Image: 768 × 512/ })).toBeVisible();
  await expect(painter).toHaveAttribute("data-mask-empty", "false");
  await expect(create.notice).toHaveText("Filled in from a past task.");
  await expect(create.generate).toBeEnabled();
  await saveScreen(page, { path: `${SCREENS_DIR}/recall-inpainting-1440x900.png` });
});

test("text to image and image to image: a recalled task fills its workflow", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  const text = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a red fox in fresh snow",
    negativePrompt: "blurry",
    width: 832,
    height: 1216,
    seed: 4242,
  });
  await create.recall(text);
  await expect(page).toHaveURL(/\/create\/text-to-image/);
  await expect(create.prompt).toHaveValue("a red fox in fresh snow");
  await expect(page.locator("#f-negativePrompt")).toHaveValue("blurry");
  await expect(page.getByLabel("Seed", { exact: true })).toHaveValue("4242");
  await expect(create.notice).toHaveText("Filled in from a past task.");

  const source = await uploadPicture(page.request, origin);
  const i2i = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "the sunset as an oil painting",
    seedImage: source,
    strength: 0.6,
    width: 1216,
    height: 832,
  });
  await create.recall(i2i);
  await expect(page).toHaveURL(/\/create\/image-to-image/);
  await expect(create.prompt).toHaveValue("the sunset as an oil painting");
  await expect(page.getByRole("img", { name: /^Source image: 768 × 512/ })).toBeVisible();
  await expect(create.generate).toBeEnabled();
});

test("inpainting from the gallery: the mask sent inline comes back on the canvas", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  const source = await uploadPicture(page.request, origin);
  const task = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a lighthouse on the horizon",
    seedImage: source,
    maskImage: await maskDataUri(),
    width: 768,
    height: 512,
  });
  await finishedTask(page.request, task);
  await page.goto("/gallery");
  const card = page.locator(`[data-testid=gallery-item][data-task-uuid="${task}"]`);
  // The link leads straight to the workflow's page: no stop at /create/recall on the way.
  await expect(card.getByRole("link", { name: "Use all" })).toHaveAttribute(
    "href",
    new RegExp(`^/create/inpainting\\?recall=${task}&use=all`),
  );
  // A full page load would start a new window and lose this.
  await page.evaluate(() => {
    (window as unknown as { galleryMarker?: string }).galleryMarker = "still here";
  });
  await card.getByRole("link", { name: "Use all" }).click();
  await expect(page).toHaveURL(/\/create\/inpainting/);
  await expect(create.prompt).toHaveValue("a lighthouse on the horizon");
  await expect(page.getByTestId("mask-painter")).toHaveAttribute("data-mask-empty", "false");
  expect(await page.evaluate(() => (window as unknown as { galleryMarker?: string }).galleryMarker)).toBe(
    "still here",
  );
  await expect(create.notice).toHaveText("Filled in from a past task.");
  await expect(create.generate).toBeEnabled();
  // What Generate sends again is the same mask.
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const again = await finishedTask(page.request, await create.expectResults(1));
  const first = await finishedTask(page.request, task);
  expect(again.params.maskImage).toEqual(first.params.maskImage);
});

test("outpainting: the frame comes back where it was", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  const source = await uploadPicture(page.request, origin);
  const task = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "__BLANK__",
    seedImage: source,
    outpaint: { top: 128, right: 64, bottom: 0, left: 192, blur: 12 },
    width: 768 + 64 + 192,
    height: 512 + 128,
  });
  await create.recall(task);
  await expect(page).toHaveURL(/\/create\/outpainting/);
  await expect(page.getByTestId("outpaint-input-top")).toHaveValue("128");
  await expect(page.getByTestId("outpaint-input-right")).toHaveValue("64");
  await expect(page.getByTestId("outpaint-input-bottom")).toHaveValue("0");
  await expect(page.getByTestId("outpaint-input-left")).toHaveValue("192");
  await expect(page.getByRole("spinbutton", { name: "Width" })).toHaveValue("1024");
  await expect(page.getByRole("spinbutton", { name: "Height" })).toHaveValue("640");
  await expect(create.generate).toBeEnabled();
  await saveScreen(page, { path: `${SCREENS_DIR}/recall-outpainting-1440x900.png` });
});

test("ControlNet: every unit comes back with its own guide image", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  const pose = await uploadPicture(page.request, origin, 512, 768);
  const depth = await uploadPicture(page.request, origin, 640, 640);
  const task = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a dancer on a rooftop",
    width: 1024,
    height: 1024,
    controlNet: [
      { model: "civitai:38784@44876", guideImage: pose, weight: 0.8, controlMode: "balanced" },
      { model: "runware:27@1", guideImage: depth, weight: 0.5, controlMode: "prompt" },
    ],
  });
  await create.recall(task);
  await expect(page).toHaveURL(/\/create\/controlnet/);
  const units = page.getByTestId("controlnet-unit");
  await expect(units).toHaveCount(2);
  await expect(units.nth(0).getByRole("img", { name: /Ready guide: 512 × 768/ })).toBeVisible();
  await expect(units.nth(1).getByRole("img", { name: /Ready guide: 640 × 640/ })).toBeVisible();
  await expect(create.generate).toBeEnabled();
  await saveScreen(page, { path: `${SCREENS_DIR}/recall-controlnet-1440x900.png` });
});

test("video: text, frames and references come back with their media", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  const mode = page.getByTestId("video-mode");

  const text = await sendTask(page.request, origin, {
    taskType: "videoInference",
    model: VIDEO_MODEL,
    positivePrompt: "a paper boat drifts down a rainy street",
    // The smallest video the engine makes: recall reads the task, and the render runs on.
    width: 832,
    height: 480,
    duration: 2,
    inputs: { documents: ["https://example.com/brief.pdf"] },
  });
  await create.recall(text);
  await expect(page).toHaveURL(/\/create\/video/);
  await expect(create.prompt).toHaveValue("a paper boat drifts down a rainy street");
  await expect(mode.getByRole("radio", { name: "Text" })).toBeChecked();
  await page.getByRole("button", { name: /^Context/ }).click();
  await expect(page.getByLabel("Document")).toHaveValue("https://example.com/brief.pdf");

  const first = await uploadPicture(page.request, origin);
  const last = await uploadPicture(page.request, origin, 512, 512);
  const frames = await sendTask(page.request, origin, {
    taskType: "videoInference",
    model: VIDEO_MODEL,
    positivePrompt: "the sun sinks into the sea",
    resolution: "480p",
    duration: 2,
    inputs: { frameImages: [first, last] },
  });
  await create.recall(frames);
  await expect(mode.getByRole("radio", { name: "Frames" })).toBeChecked();
  await expect(page.getByRole("img", { name: /^First frame: 768 × 512/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Last frame: 512 × 512/ })).toBeVisible();

  const references = await sendTask(page.request, origin, {
    taskType: "videoInference",
    model: VIDEO_MODEL,
    positivePrompt: "Image 1 dances to Audio 1 in the style of Video 1",
    resolution: "480p",
    duration: 2,
    inputs: {
      referenceImages: [first],
      referenceVideos: ["https://example.com/clip.mp4"],
      referenceAudios: ["https://example.com/track.mp3"],
    },
  });
  await create.recall(references);
  await expect(mode.getByRole("radio", { name: "References" })).toBeChecked();
  await expect(page.getByRole("img", { name: /^Image 1: 768 × 512/ })).toBeVisible();
  await expect(page.locator("#f-inputs-referenceVideos-0")).toHaveValue("https://example.com/clip.mp4");
  await expect(page.locator("#f-inputs-referenceAudios-0")).toHaveValue("https://example.com/track.mp3");
  await expect(create.notice).toHaveText("Filled in from a past task.");
  await saveScreen(page, { path: `${SCREENS_DIR}/recall-video-references-1440x900.png` });
});

test("what cannot be restored is named", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  // A guide image the service holds but the studio never kept (sent by its service id).
  const task = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a dancer on a rooftop",
    width: 1024,
    height: 1024,
    controlNet: [{ model: "runware:27@1", guideImage: crypto.randomUUID(), weight: 0.5 }],
  });
  await create.recall(task);
  await expect(create.notice).toHaveText(
    "Filled in from a past task, except the guide image of ControlNet unit 1: the studio does not have it.",
  );
});

test("inpainting: the mask painter's hint is whole under a portrait image at 1440x900", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("inpainting");
  await create.upload("f-seedImage", await seedPicture(512, 768));
  const painter = page.getByTestId("mask-painter");
  const hint = painter.getByText(/^Paint over what should change; the rest is kept\./);
  await expect(hint).toBeVisible();
  const [box, frame] = [await hint.boundingBox(), await painter.boundingBox()];
  // The hint's last line lies inside the painter's frame, not cut off under it.
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(
    (frame?.y ?? 0) + (frame?.height ?? 0) + 0.5,
  );
  expect(await hint.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await hint.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: `${SCREENS_DIR}/inpainting-hint-1440x900.png` });
});
