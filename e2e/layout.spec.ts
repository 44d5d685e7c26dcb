import { workflows } from "../lib/client/create/workflows";
import { seedPicture } from "./fixtures/images";
import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";
import { boxRatio, documentOverflow, intersects, SCREENS, visibleFieldBoxes } from "./pages/screen-fit";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 90_000 });

const shots = `${SCREENS_DIR}/layout`;

/** The Create pages that are the canvas. */
const CANVAS_VIEWS = ["canvas", "inpainting", "outpainting"];

for (const screen of SCREENS) {
  test(`every Create page fits one ${screen.width}x${screen.height} screen`, async ({ page }) => {
    await page.setViewportSize(screen);
    const create = new CreatePage(page);
    // The canvas and the pages that are it (Inpainting, Outpainting) are a stage, not a form: the
    // canvas's own test below looks at them at both sizes.
    for (const workflow of workflows.filter((w) => !CANVAS_VIEWS.includes(w.slug))) {
      await create.open(workflow.slug);
      expect(await documentOverflow(page), `the document scrolls on ${workflow.slug}`).toBeLessThanOrEqual(0);
      // The sidebar runs to the bottom of the screen: no empty band under it.
      const rail = await page.getByRole("complementary").boundingBox();
      expect(rail && Math.round(rail.y + rail.height)).toBe(screen.height);
      // Generate sits fully on screen, above the bottom edge, reachable without scrolling.
      await expect(create.generate).toBeInViewport({ ratio: 1 });
      const form = await page.locator("form[aria-busy]").boundingBox();
      expect(form && form.y + form.height).toBeLessThanOrEqual(screen.height);
      await saveScreen(page, {
        path: `${shots}/${workflow.slug}-empty-${screen.width}x${screen.height}.png`,
      });
    }
  });
}

test("the form column scrolls on its own; the page stays put", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  const fields = page.locator("form[aria-busy] > div").first();
  const scrolls = await fields.evaluate((el) => el.scrollHeight > el.clientHeight);
  expect(scrolls).toBe(true);
  await fields.hover();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => fields.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(create.generate).toBeInViewport({ ratio: 1 });
});

test("a wide result shows whole at 16:9 in the strip, the result view and the gallery", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a wide harbour panorama at blue hour");
  await page.getByRole("button", { name: "16:9" }).click();
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const taskUUID = await create.expectResults(1);
  const stripImage = create.results.first().locator("img");
  await expect(stripImage).toHaveJSProperty("complete", true);
  expect(await boxRatio(stripImage)).toBeCloseTo(1344 / 768, 1);
  await saveScreen(page, { path: `${shots}/text-to-image-results-1440x900.png` });

  await create.results.first().click();
  const view = page.getByRole("dialog", { name: "Result" }).locator("img");
  await expect(view).toBeVisible();
  expect(await boxRatio(view)).toBeCloseTo(1344 / 768, 1);
  await page.keyboard.press("Escape");

  await page.goto("/gallery");
  const card = page.locator(`[data-testid=gallery-item][data-task-uuid="${taskUUID}"] img`);
  await expect(card).toHaveJSProperty("complete", true);
  expect(await boxRatio(card)).toBeCloseTo(1344 / 768, 1);
});

test("a tall result shows whole at 9:16 in the strip and the gallery", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a tall lighthouse against a starry sky");
  await page.getByRole("button", { name: "9:16" }).click();
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const taskUUID = await create.expectResults(1);
  const stripImage = create.results.first().locator("img");
  await expect(stripImage).toHaveJSProperty("complete", true);
  expect(await boxRatio(stripImage)).toBeCloseTo(768 / 1344, 1);

  await page.goto("/gallery");
  const card = page.locator(`[data-testid=gallery-item][data-task-uuid="${taskUUID}"] img`);
  await expect(card).toHaveJSProperty("complete", true);
  expect(await boxRatio(card)).toBeCloseTo(768 / 1344, 1);
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await saveScreen(page, { path: `${shots}/gallery-${screen.width}x${screen.height}.png` });
  }
});

for (const slug of ["inpainting", "outpainting"]) {
  memberTest(
    `${slug} at 1280x720 and 1440x900: stage, tools and Generate in one screen, the staged result over no field`,
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const canvas = new CanvasPage(page);
      await canvas.open(`/create/${slug}`);
      await canvas.upload(await seedPicture());
      await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
      if (slug === "inpainting") await canvas.stroke([300, 250], [450, 280]);
      await page.locator("#canvas-prompt").fill("a sailing boat on the water");
      await page.getByRole("spinbutton", { name: "Images" }).fill("1");
      const generate = page.getByRole("button", { name: /^Generate/ });
      await generate.click();
      await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 30_000 });
      for (const screen of [
        { width: 1280, height: 720 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(screen);
        expect(await documentOverflow(page), "the document scrolls").toBeLessThanOrEqual(0);
        await expect(generate).toBeInViewport({ ratio: 1 });
        // The tools keep to one row over the stage.
        const tools = await page.getByRole("toolbar", { name: "Canvas tools" }).boundingBox();
        expect(tools?.height ?? 0).toBeLessThan(60);
        const staged = await canvas.staging.boundingBox();
        if (!staged) throw new Error("the staged result has no bar");
        const fields = await visibleFieldBoxes(page);
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) {
          expect(intersects(staged, field.box), `the staging bar covers ${field.id}`).toBe(false);
        }
        await saveScreen(page, { path: `${shots}/${slug}-staged-${screen.width}x${screen.height}.png` });
      }
    },
  );
}

test("narrow screens stack the columns and the page scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 720 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  expect(await documentOverflow(page)).toBeGreaterThan(0);
  const form = await page.locator("form[aria-busy]").boundingBox();
  const results = await page.getByTestId("result-strip").boundingBox();
  expect(form && results && results.y >= form.y + form.height).toBe(true);
  await create.generate.scrollIntoViewIfNeeded();
  await expect(create.generate).toBeInViewport({ ratio: 1 });
  await saveScreen(page, { path: `${shots}/text-to-image-900x720.png`, fullPage: true });
});
