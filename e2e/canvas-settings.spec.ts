import type { Page } from "@playwright/test";
import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";

// Generating and reloading on a two-core machine shared with the server and the engine.
test.describe.configure({ timeout: 240_000 });

const draftStatus = (page: Page) => page.getByTestId("draft-status");
/** The seed's Clear, in the Generate column (a layer has a Clear of its own). */
const seedClear = (page: Page) =>
  page.getByRole("complementary", { name: "Generate" }).getByRole("button", { name: "Clear", exact: true });
const spin = (page: Page, name: string) => page.getByRole("spinbutton", { name, exact: true });

async function openAdvanced(page: Page): Promise<void> {
  const advanced = page.getByRole("button", { name: /^Advanced/ });
  if ((await advanced.getAttribute("aria-expanded")) !== "true") await advanced.click();
  await expect(spin(page, "Steps")).toBeVisible();
}

async function chooseModel(page: Page, air: string): Promise<void> {
  await page.getByLabel("Model", { exact: true }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill(air);
  // As a person does: the list has answered the search (its status no longer says it is
  // searching) before the match is chosen, so it does not change under the pointer.
  await expect(page.getByRole("option", { name: new RegExp(air) }).first()).toBeVisible();
  await expect(page.getByText("Searching…")).toHaveCount(0);
  await page
    .getByRole("option", { name: new RegExp(air) })
    .first()
    .click();
  await expect(page.getByLabel("Model", { exact: true })).toContainText(air);
}

async function startWithPicture(canvas: CanvasPage, path = "/create/canvas"): Promise<void> {
  await canvas.open(path);
  await canvas.upload(await seedPicture());
  await expect(canvas.page.getByText("Picture, 768 × 512")).toBeVisible();
}

/** Nothing scrolls sideways, the settings column included, and the stage keeps its room. */
async function looksWhole(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    // The settings column scrolls up and down only.
    const panel = page.getByRole("complementary", { name: "Generate" }).locator(".overflow-y-auto").first();
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await saveScreen(page, { path: `test-results/canvas-settings-${name}-${size.width}x${size.height}.png` });
    // The new panels sit in the settings column: the stage keeps its share of the width and most of the height.
    const stage = await page.getByTestId("canvas-stage").boundingBox();
    expect(stage?.width ?? 0).toBeGreaterThan(size.width / 4);
    expect(stage?.height ?? 0).toBeGreaterThan(size.height * 0.55);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the canvas offers the forms' model, images, seed and sampling; they are sent, kept, cleared and restored after a reload", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await startWithPicture(canvas);
  await page.locator("#canvas-prompt").fill("a lighthouse on the cliff");

  // The model, from the picker the forms use; as on the forms, it brings its own steps and CFG scale.
  await chooseModel(page, "runware:101@1");
  await openAdvanced(page);
  await expect(spin(page, "Steps")).toHaveValue("28");
  await expect(spin(page, "Guidance (CFG)")).toHaveValue("3.5");

  await spin(page, "Images").fill("2");
  const seed = spin(page, "Seed");
  await page.getByRole("button", { name: "Random seed" }).click();
  await expect(seed).not.toHaveValue("");
  await expect(page.getByText("Fixed: the same inputs make the same image.")).toBeVisible();
  await seedClear(page).click();
  await expect(seed).toHaveValue("");
  await expect(page.getByText("Random: each image gets a new seed.")).toBeVisible();
  await seed.fill("1234");

  await openAdvanced(page);
  await spin(page, "Steps").fill("500");
  await expect(page.getByText("From 1 to 100 steps.")).toBeVisible();
  await spin(page, "Steps").fill("12");
  await expect(page.getByText("From 1 to 100 steps.")).toBeHidden();
  await spin(page, "Guidance (CFG)").fill("5.5");
  await page.getByLabel("Scheduler", { exact: true }).selectOption("EulerDiscreteScheduler");
  await spin(page, "CLIP skip").fill("1");
  // Another model leaves the steps and CFG scale the member set.
  await chooseModel(page, "runware:100@1");
  await expect(spin(page, "Steps")).toHaveValue("12");
  await expect(spin(page, "Guidance (CFG)")).toHaveValue("5.5");
  await looksWhole(page, "advanced");

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  expect(body).toMatchObject({
    model: "runware:100@1",
    numberResults: 2,
    seed: 1234,
    steps: 12,
    CFGScale: 5.5,
    scheduler: "EulerDiscreteScheduler",
    clipSkip: 1,
  });
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 2", { timeout: 30_000 });
  const task = await finishedTask(page.request, String(body?.taskUUID));
  expect(task.params).toMatchObject({ seed: 1234, steps: 12, scheduler: "EulerDiscreteScheduler" });

  // "Reuse" takes the latest result's seed back after the seed was cleared.
  await seedClear(page).click();
  await expect(seed).toHaveValue("");
  await page.getByRole("button", { name: "Reuse the latest seed" }).click();
  await expect(seed).toHaveValue("1234");

  await page.reload();
  await canvas.ready();
  await expect(seed).toHaveValue("1234");
  await openAdvanced(page);
  await expect(spin(page, "Steps")).toHaveValue("12");
  await expect(page.getByLabel("Scheduler", { exact: true })).toHaveValue("EulerDiscreteScheduler");

  // "Clear draft" sets the settings and the prompt back; the picture and layers stay.
  await page.getByRole("button", { name: "Clear draft" }).click();
  await expect(draftStatus(page)).toHaveText("Draft cleared.");
  await expect(page.locator("#canvas-prompt")).toHaveValue("");
  await expect(seed).toHaveValue("");
  await expect(spin(page, "Steps")).toHaveValue("");
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();

  // After a reload the cleared settings can still be restored.
  await page.reload();
  await canvas.ready();
  await expect(draftStatus(page)).toHaveText("Draft cleared.");
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.locator("#canvas-prompt")).toHaveValue("a lighthouse on the cliff");
  await expect(seed).toHaveValue("1234");
  await openAdvanced(page);
  await expect(spin(page, "Steps")).toHaveValue("12");
  await expect(page.getByRole("button", { name: "Restore", exact: true })).toBeHidden();
});

test("a task recalled into the canvas fills the seed and sampling it was sent with", async ({
  page,
  baseURL,
}) => {
  const task = imageTask("a paper lantern, recalled into the canvas", {
    seed: 4242,
    steps: 14,
    CFGScale: 3.5,
    scheduler: "UniPCMultistepScheduler",
    clipSkip: 2,
  });
  expect((await sendTasks(page.request, baseURL ?? "", [task])).status()).toBe(202);
  await finishedTask(page.request, task.taskUUID);
  const canvas = new CanvasPage(page);
  await canvas.open(`/create/canvas?recall=${task.taskUUID}&use=all`);
  await expect(page.locator("#canvas-prompt")).toHaveValue("a paper lantern, recalled into the canvas");
  await expect(spin(page, "Seed")).toHaveValue("4242");
  await openAdvanced(page);
  await expect(spin(page, "Steps")).toHaveValue("14");
  await expect(spin(page, "Guidance (CFG)")).toHaveValue("3.5");
  await expect(page.getByLabel("Scheduler", { exact: true })).toHaveValue("UniPCMultistepScheduler");
  await expect(spin(page, "CLIP skip")).toHaveValue("2");
});

test("a teammate's setup opens on Inpainting, says what it left out, and the member's own settings come back", async ({
  page,
  browser,
  ownerRequest,
  baseURL,
}, testInfo) => {
  const canvas = new CanvasPage(page);
  await startWithPicture(canvas, "/create/inpainting");
  await page.locator("#canvas-prompt").fill("my own mask work");
  await openAdvanced(page);
  await spin(page, "Steps").fill("30");

  const name = `Teammate ${testInfo.testId.slice(0, 8)}`;
  const teammate = await joinAsMember(browser, ownerRequest, baseURL ?? "", {
    name,
    email: `teammate-${testInfo.testId}@studio.test`,
    password: "a teammate of the canvas",
  });
  try {
    const made = await teammate.request.post("/api/setups", {
      headers: { origin: baseURL ?? "" },
      data: {
        workflow: "inpainting",
        values: {
          positivePrompt: "a harbour at dawn",
          steps: 18,
          seed: 77,
          seedImage: crypto.randomUUID(),
          lora: [{ model: "civitai:652699@993999", weight: 0.8 }],
          outputFormat: "PNG",
          negativePrompt: "",
        },
      },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { data: { setup: { id: string } } }).data.setup.id;

    await canvas.open(`/create/inpainting?setup=${id}`);
    await expect(draftStatus(page)).toContainText(
      `${name}'s setup. Your own draft is kept until you change something.`,
    );
    const notice = page.getByRole("status").filter({ hasText: "setup is open without" });
    await expect(notice).toContainText("Format, LoRAs and Source image");
    await expect(notice).not.toContainText("seedImage");
    await expect(page.locator("#canvas-prompt")).toHaveValue("a harbour at dawn");
    await expect(spin(page, "Seed")).toHaveValue("77");
    await openAdvanced(page);
    await expect(spin(page, "Steps")).toHaveValue("18");

    await page.getByRole("button", { name: "Restore my draft" }).click();
    await expect(page.locator("#canvas-prompt")).toHaveValue("my own mask work");
    await expect(spin(page, "Steps")).toHaveValue("30");
    await expect(spin(page, "Seed")).toHaveValue("");

    // The member's own settings, shared: the teammate opens them on the same page.
    await page.getByRole("button", { name: "Copy link to this setup" }).click();
    const link = await page.getByLabel("Link to this setup").inputValue();
    expect(link).toContain("/create/inpainting?setup=");
    const theirs = await teammate.newPage();
    await theirs.setViewportSize({ width: 1440, height: 900 });
    await new CanvasPage(theirs).open(link.slice(link.indexOf("/create/")));
    await expect(theirs.locator("#canvas-prompt")).toHaveValue("my own mask work");
    await expect(theirs.getByTestId("draft-status")).toContainText("setup. Your own draft is kept");
  } finally {
    await teammate.close();
  }
});

test("New version on a staged result opens its canvas and records the next result as its next version", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await startWithPicture(canvas);
  await page.locator("#canvas-prompt").fill("a quiet bay, first version");
  await spin(page, "Images").fill("1");
  const first = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [sentFirst] = (await first).postDataJSON() as Record<string, unknown>[];
  expect(sentFirst).not.toHaveProperty("versionOf");
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 30_000 });
  const item = (await finishedTask(page.request, String(sentFirst?.taskUUID))).items[0];

  await canvas.staging.getByRole("link", { name: "New version" }).click();
  const panel = page.getByTestId("version-panel");
  await expect(panel).toContainText("Version 2 of", { timeout: 15_000 });
  await expect(page.locator("#canvas-prompt")).toHaveValue("a quiet bay, first version");
  await page.locator("#canvas-prompt").fill("a quiet bay, second version");
  await looksWhole(page, "new-version");

  const second = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [sentSecond] = (await second).postDataJSON() as Record<string, unknown>[];
  expect(sentSecond).toMatchObject({ versionOf: item?.id, positivePrompt: "a quiet bay, second version" });
  await expect(panel).toBeHidden();
  await finishedTask(page.request, String(sentSecond?.taskUUID));
  await expect
    .poll(async () => {
      const r = await page.request.get(`/api/items/${item?.id}/versions`);
      return ((await r.json()) as { data: { versions: unknown[] } }).data.versions.length;
    })
    .toBe(2);
});

test("Inpainting opened again keeps the frame the member set for it", async ({ page }) => {
  const canvas = new CanvasPage(page);
  await startWithPicture(canvas, "/create/inpainting");
  expect(await canvas.frame()).toEqual({ x: 0, y: 0, width: 768, height: 512 });
  await page.getByLabel("Frame width").fill("512");
  await page.getByLabel("Frame width").press("Enter");
  await page.getByLabel("Frame left").fill("128");
  await page.getByLabel("Frame left").press("Enter");
  await expect.poll(() => canvas.frame()).toEqual({ x: 128, y: 0, width: 512, height: 512 });

  await canvas.open("/create/outpainting");
  await expect.poll(async () => (await canvas.frame()).width).toBeGreaterThan(768);
  await canvas.open("/create/inpainting");
  await expect.poll(() => canvas.frame()).toEqual({ x: 128, y: 0, width: 512, height: 512 });
  await page.reload();
  await canvas.ready();
  await expect.poll(() => canvas.frame()).toEqual({ x: 128, y: 0, width: 512, height: 512 });
});
