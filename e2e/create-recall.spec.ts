import { seedPicture } from "./fixtures/images";
import { test as memberTest } from "./fixtures/own-member";
import { maskDataUri, sendTask, uploadPicture } from "./fixtures/recall-tasks";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 90_000 });

const IMAGE = { model: "runware:100@1", numberResults: 1, outputFormat: "JPG" };
const VIDEO_MODEL = "local:video@3.0-prime";

memberTest(
  "inpainting: Use all on a result brings back the picture, its painted mask and its settings",
  async ({ page }) => {
    const canvas = new CanvasPage(page);
    const create = new CreatePage(page);
    await canvas.open("/create/inpainting");
    await canvas.upload(await seedPicture());
    // The stroke lands on the picture once it is placed (it is fitted to the view when it is).
    await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
    await canvas.stroke([300, 250], [450, 280]);
    await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
    await page.locator("#canvas-prompt").fill("a sailing boat on the water");
    await page.getByRole("switch", { name: "Work at the mask's detail" }).click();
    await page.getByRole("spinbutton", { name: "Images" }).fill("1");
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
    await page.getByRole("button", { name: /^Generate/ }).click();
    const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
    const taskUUID = String(body?.taskUUID);
    await finishedTask(page.request, taskUUID);

    // The canvas moves on: the mask gone, the prompt and the margin changed.
    await page.getByRole("switch", { name: "Work at the mask's detail" }).click();
    await page.locator("#canvas-prompt").fill("something else");
    await page.getByRole("button", { name: "Delete Inpaint mask 1" }).click();
    await page.goto(`/create/recall?task=${taskUUID}&use=all`);
    await expect(page).toHaveURL(/\/create\/inpainting$/);
    await canvas.ready();
    await expect(page.locator("#canvas-prompt")).toHaveValue("a sailing boat on the water");
    await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
    await expect(canvas.layers).toHaveText([/Inpaint mask 1/]);
    await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
    await expect(page.getByText("Mask margin 80 px")).toBeVisible();
    await expect(create.notice).toHaveText("Filled in from a past task.");
    await expect(page.getByRole("button", { name: /^Generate/ })).toBeEnabled();
    await saveScreen(page, { path: `${SCREENS_DIR}/recall-inpainting-1440x900.png` });
  },
);

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

memberTest(
  "inpainting from the gallery: the mask sent inline comes back on the canvas",
  async ({ page, baseURL }) => {
    const origin = baseURL ?? "";
    const create = new CreatePage(page);
    const canvas = new CanvasPage(page);
    const source = await uploadPicture(page.request, origin);
    const mask = await maskDataUri();
    const task = await sendTask(page.request, origin, {
      ...IMAGE,
      taskType: "imageInference",
      positivePrompt: "a lighthouse on the horizon",
      seedImage: source,
      maskImage: mask,
      maskMargin: 40,
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
    await canvas.ready();
    await expect(page.locator("#canvas-prompt")).toHaveValue("a lighthouse on the horizon");
    await expect(canvas.layers).toHaveText([/Inpaint mask 1/]);
    await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
    await expect(page.getByText("Mask margin 40 px")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { galleryMarker?: string }).galleryMarker)).toBe(
      "still here",
    );
    await expect(create.notice).toHaveText("Filled in from a past task.");
    // What Generate sends again is the same mask, pixel for pixel, and the same margin.
    await page.getByRole("spinbutton", { name: "Images" }).fill("1");
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
    await page.getByRole("button", { name: /^Generate/ }).click();
    const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
    expect(body).toMatchObject({ seedImage: expect.any(String), maskMargin: 40, width: 768, height: 512 });
    const painted = (uri: string) =>
      page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const c = document.createElement("canvas");
        [c.width, c.height] = [image.width, image.height];
        const context = c.getContext("2d");
        context?.drawImage(image, 0, 0);
        const data = context?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
        const on: number[] = [];
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) >= 128) on.push(i / 4);
        return { size: [c.width, c.height], count: on.length, first: on[0], last: on[on.length - 1] };
      }, uri);
    const again = await painted(String(body?.maskImage));
    expect(again.count).toBeGreaterThan(0);
    expect(again).toEqual(await painted(mask));
    await finishedTask(page.request, String(body?.taskUUID));
  },
);

memberTest(
  "outpainting: the frame comes back where it was, with its seam blur",
  async ({ page, baseURL }) => {
    const origin = baseURL ?? "";
    const canvas = new CanvasPage(page);
    const source = await uploadPicture(page.request, origin);
    const task = await sendTask(page.request, origin, {
      ...IMAGE,
      taskType: "imageInference",
      positivePrompt: "more of the sea and the sky",
      seedImage: source,
      outpaint: { top: 128, right: 64, bottom: 0, left: 192, blur: 12 },
      width: 768 + 64 + 192,
      height: 512 + 128,
    });
    await finishedTask(page.request, task);
    await page.goto(`/create/recall?task=${task}&use=all`);
    await expect(page).toHaveURL(/\/create\/outpainting$/);
    await canvas.ready();
    await expect(page.getByRole("spinbutton", { name: "Extend top" })).toHaveValue("128");
    await expect(page.getByRole("spinbutton", { name: "Extend right" })).toHaveValue("64");
    await expect(page.getByRole("spinbutton", { name: "Extend bottom" })).toHaveValue("0");
    await expect(page.getByRole("spinbutton", { name: "Extend left" })).toHaveValue("192");
    await expect(page.getByRole("spinbutton", { name: "Frame width" })).toHaveValue("1024");
    await expect(page.getByRole("spinbutton", { name: "Frame height" })).toHaveValue("640");
    await expect(page.getByText("Seam blur 12 px")).toBeVisible();
    await expect(canvas.plan.getByRole("heading")).toHaveText("Outpainting");
    await expect(page.getByRole("button", { name: /^Generate/ })).toBeEnabled();
    await saveScreen(page, { path: `${SCREENS_DIR}/recall-outpainting-1440x900.png` });
  },
);

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
  // A gallery image used as the guide, then deleted for good: the studio no longer has it.
  const guideTask = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a pose drawn in chalk",
    width: 512,
    height: 512,
  });
  const guide = (await finishedTask(page.request, guideTask)).items[0];
  if (!guide) throw new Error("no guide image");
  const task = await sendTask(page.request, origin, {
    ...IMAGE,
    taskType: "imageInference",
    positivePrompt: "a dancer on a rooftop",
    width: 1024,
    height: 1024,
    controlNet: [{ model: "runware:27@1", guideImage: guide.mediaUUID, weight: 0.5 }],
  });
  await finishedTask(page.request, task);
  for (const path of ["/api/items/bulk", "/api/trash/purge"]) {
    const body =
      path === "/api/items/bulk" ? { action: "trash", itemIds: [guide.id] } : { itemIds: [guide.id] };
    const answer = await page.request.post(path, { headers: { origin }, data: body });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  await create.recall(task);
  await expect(create.notice).toHaveText(
    "Filled in from a past task, except the guide image of ControlNet unit 1: the studio does not have it.",
  );
});

memberTest("inpainting: a portrait picture shows whole on the stage at 1440x900", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const canvas = new CanvasPage(page);
  await canvas.open("/create/inpainting");
  await canvas.upload(await seedPicture(512, 768));
  await expect(page.getByText("Picture, 512 × 768")).toBeVisible();
  const stage = await canvas.stage.boundingBox();
  if (!stage) throw new Error("no stage");
  for (const [x, y] of [
    [0, 0],
    [512, 768],
  ] as const) {
    const at = await canvas.screenPoint(x, y);
    expect(at.x).toBeGreaterThanOrEqual(stage.x - 0.5);
    expect(at.y).toBeGreaterThanOrEqual(stage.y - 0.5);
    expect(at.x).toBeLessThanOrEqual(stage.x + stage.width + 0.5);
    expect(at.y).toBeLessThanOrEqual(stage.y + stage.height + 0.5);
  }
  await saveScreen(page, { path: `${SCREENS_DIR}/inpainting-portrait-1440x900.png` });
});
