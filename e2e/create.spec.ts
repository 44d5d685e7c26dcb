import { joinAsMember } from "./fixtures/accounts";
import { seedPicture } from "./fixtures/images";
import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

test.describe.configure({ timeout: 90_000 });

test("text to image: typed, generated with Ctrl+Enter, shown on the page and in the gallery", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a lighthouse on a cliff at dusk, volumetric light");
  await page.getByRole("spinbutton", { name: "Images" }).fill("2");
  await page.getByRole("button", { name: "3:2" }).click();
  await page.keyboard.press("Control+Enter");
  const taskUUID = await create.expectResults(2);
  const task = await finishedTask(page.request, taskUUID);
  expect(task.params).toMatchObject({ width: 1216, height: 832, numberResults: 2 });

  await page.goto("/gallery");
  await expect(page.locator(`[data-testid=gallery-item][data-task-uuid="${taskUUID}"]`)).toHaveCount(2);
});

test("a rule the form knows is shown on its field and nothing is sent", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  let sent = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/tasks") && r.method() === "POST") sent++;
  });
  await create.prompt.fill("a");
  await create.generate.click();
  await expect(page.locator("#f-positivePrompt-error")).toBeVisible();
  await expect(create.prompt).toHaveAttribute("aria-invalid", "true");
  expect(sent).toBe(0);
});

// A member of its own: the owner's text-to-image draft is typed into by other specs at the same
// time, and a LoRA row one of them left unchosen kept the form from sending at all.
memberTest("an error the server returns lands on the field it names", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.route("**/api/tasks", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        errors: [
          { code: "invalidWidth", message: "This model renders at most 1024 wide.", parameter: "width" },
        ],
      }),
    }),
  );
  await create.prompt.fill("a wide harbour panorama");
  await create.generate.click();
  await expect(page.locator("#f-width-error")).toHaveText("This model renders at most 1024 wide.");
});

// A member of its own: other specs upload sources into the owner's image-to-image form at the
// same time, and its draft would arrive with their picture before this one's first check.
memberTest("image to image: an uploaded source steers the result", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("image-to-image");
  await expect(create.generate).toBeDisabled();
  await create.upload("f-seedImage", await seedPicture());
  await expect(page.getByRole("img", { name: /Source image: 768 × 512/ })).toBeVisible();
  await create.prompt.fill("the same sunset as an oil painting");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const taskUUID = await create.expectResults(1);
  const task = await finishedTask(page.request, taskUUID);
  expect(task.params.seedImage).toEqual(expect.any(String));
  expect(task.params).toMatchObject({ width: 1280, height: 832 });
});

test("ControlNet: a photo is preprocessed, its guide checked and used", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("controlnet");
  const unit = page.getByTestId("controlnet-unit").first();
  await unit.getByRole("radio", { name: "Make from a photo" }).click();
  await create.upload("f-controlNet-0-guideImage-pre-source", await seedPicture());
  await unit.getByTestId("preprocess-button").click();
  await unit.getByTestId("use-guide-button").click();
  await expect(unit.getByText(/no guide image/)).toHaveCount(0);
  await page.getByTestId("add-controlnet-unit").click();
  await expect(page.getByTestId("controlnet-unit")).toHaveCount(2);
  await page
    .getByTestId("controlnet-unit")
    .nth(1)
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(page.getByTestId("controlnet-unit")).toHaveCount(1);
  await expect(create.generate).toBeEnabled({ timeout: 10_000 });
  await create.prompt.fill("a neon city skyline with the same composition");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const task = await finishedTask(page.request, await create.expectResults(1));
  expect(task.params.controlNet).toEqual([expect.objectContaining({ guideImage: expect.any(String) })]);
});

test("video: a first frame hides the size and makes a clip", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("video");
  await expect(page.getByTestId("video-tier")).toBeVisible();
  await page.getByTestId("video-mode").getByRole("radio", { name: "Frames" }).click();
  await expect(page.getByTestId("video-tier")).toHaveCount(0);
  await expect(create.generate).toBeDisabled();
  await create.upload("first-frame", await seedPicture());
  // The smallest tier and length: the test reads that a clip was made, not how large or long.
  await page.getByTestId("video-resolution").getByRole("radio", { name: "480p" }).click();
  await page.getByRole("switch", { name: "Automatic length" }).click();
  await page.getByRole("spinbutton", { name: "Duration in seconds" }).fill("2");
  await create.prompt.fill("the sun sinks slowly into the sea");
  await expect(create.generate).toBeEnabled();
  await create.generate.click();
  const taskUUID = await create.expectResults(1, 80_000);
  const task = await finishedTask(page.request, taskUUID);
  expect(task.items[0]?.kind).toBe("video");
  expect(task.params).not.toHaveProperty("width");

  // Asked for less motion (the browser tests' setting), the clip holds its first frame and plays
  // only while it is pointed at; without that ask it loops by itself.
  const clip = create.results.first().locator("video");
  const paused = () => clip.evaluate((video: HTMLVideoElement) => video.paused);
  await expect(clip).toHaveAttribute("data-motion", "on-request");
  expect(await paused()).toBe(true);
  await clip.hover();
  await expect.poll(paused).toBe(false);
  await page.mouse.move(0, 0);
  await expect.poll(paused).toBe(true);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  try {
    await expect(clip).toHaveAttribute("data-motion", "loops");
    await expect.poll(paused).toBe(false);
  } finally {
    await page.emulateMedia({ reducedMotion: "reduce" });
  }
  await expect.poll(paused).toBe(true);
});

test("recall from the gallery fills the form; a draft survives a reload", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  // A member of its own: drafts are per member, and the other specs type into the owner's.
  const member = await joinAsMember(browser, ownerPage.request, baseURL ?? "", {
    name: "Hertha Ayrton",
    email: "hertha.recall@studio.test",
    password: "electric arc lamps",
  });
  const page = await member.newPage();
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a red fox in fresh snow, telephoto");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const task = await finishedTask(page.request, await create.expectResults(1));
  const seed = task.items[0]?.seed ?? "";

  await create.prompt.fill("an unfinished idea");
  await expect(create.draftStatus).toHaveText(/^Draft saved/);
  await page.reload();
  await expect(create.prompt).toHaveValue("an unfinished idea");

  await page.goto("/gallery");
  const card = page.locator(`[data-testid=gallery-item][data-task-uuid="${task.taskUUID}"]`);
  await card.getByRole("link", { name: "Use all" }).click();
  await expect(page).toHaveURL(/\/create\/text-to-image/);
  await expect(create.prompt).toHaveValue("a red fox in fresh snow, telephoto");
  await expect(page.getByLabel("Seed", { exact: true })).toHaveValue(seed);
  await member.close();
});

test("a dropped stream resumes without losing results", async ({ page, context }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await expect(page.locator("[data-stream-state]")).toHaveAttribute("data-stream-state", "live");
  await create.prompt.fill("a paper boat on a rainy street");
  await page.getByRole("spinbutton", { name: "Images" }).fill("3");
  // The tab goes offline the moment the task is accepted: its results finish while it is away.
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith("/api/tasks") && r.request().method() === "POST",
  );
  await create.generate.click();
  const response = await accepted;
  await context.setOffline(true);
  const { data } = (await response.json()) as { data: { taskUUID: string }[] };
  await finishedTask(page.request, data[0]?.taskUUID ?? "");
  await context.setOffline(false);
  await create.expectResults(3);
});
