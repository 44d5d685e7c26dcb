import type { Page } from "@playwright/test";
import { sizeForResolution } from "../lib/protocol/image-edit-models";
import { holdNextUpload } from "./fixtures/held-upload";
import { seedPicture } from "./fixtures/images";
// Each test is a member of its own: the image-to-image form keeps its draft on the server per
// member, and specs of the other worker fill the owner's at the same time.
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

test.describe.configure({ timeout: 120_000 });

async function startFromReferences(create: CreatePage) {
  await create.open("image-to-image");
  await create.page.getByRole("radio", { name: "Reference images" }).click();
  await expect(create.page.getByRole("radio", { name: "Reference images" })).toBeChecked();
}

async function shoot(page: Page, name: string, path: (file: string) => string) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: path(`${name}-${width}x${height}.png`) });
  }
}

test("an edit from two reference images comes out at the tier's size in the first picture's shape", async ({
  page,
}, testInfo) => {
  const create = new CreatePage(page);
  await create.open("image-to-image");
  await shoot(page, "source-mode", (f) => testInfo.outputPath(f));
  await page.getByRole("radio", { name: "Reference images" }).click();

  await create.upload("f-referenceImages-0", await seedPicture(768, 512));
  await expect(page.getByRole("img", { name: /Reference image 1: 768 × 512/ })).toBeVisible();
  await create.upload("f-referenceImages-1", await seedPicture(512, 512));
  await expect(page.getByRole("img", { name: /Reference image 2: 512 × 512/ })).toBeVisible();

  await page.getByRole("button", { name: "Use FLUX.1 Kontext [dev]" }).click();
  await expect(page.getByText("FLUX.1 Kontext [dev] reads up to 2 reference images")).toBeVisible();
  const twoK = page.getByRole("button", { name: "2k · about 4 megapixels" });
  await twoK.click();
  await expect(twoK).toHaveAttribute("aria-pressed", "true");
  const size = sizeForResolution("2k", { width: 768, height: 512 });
  await expect(page.getByText(`The result will be ${size.width} × ${size.height}`)).toBeVisible();
  await page.getByRole("radio", { name: "Reference images" }).scrollIntoViewIfNeeded();
  await shoot(page, "references-top", (f) => testInfo.outputPath(f));
  await page.setViewportSize({ width: 1440, height: 900 });
  // Width and height are not asked for: the tier and the first picture set them.
  await expect(page.getByRole("spinbutton", { name: "Width" })).toHaveCount(0);
  await create.prompt.fill("put a small red boat on the sea");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await shoot(page, "references-mode", (f) => testInfo.outputPath(f));
  await page.setViewportSize({ width: 1440, height: 900 });

  await create.generate.click();
  const task = await finishedTask(page.request, await create.expectResults(1), 60_000);
  expect(task.status).toBe("success");
  expect(task.params).toMatchObject({ model: "runware:106@1", resolution: "2k" });
  expect(task.params.referenceImages).toHaveLength(2);
  expect(task.params).not.toHaveProperty("seedImage");
  expect(task.items[0]).toMatchObject({ width: size.width, height: size.height });
  expect(size.width / size.height).toBeCloseTo(768 / 512, 1);

  // Recall brings the references and the tier back, starting from references.
  await create.open("text-to-image");
  await create.recall(task.taskUUID);
  await expect(page).toHaveURL(/\/create\/image-to-image/);
  await expect(page.getByRole("radio", { name: "Reference images" })).toBeChecked();
  await expect(page.getByRole("img", { name: /Reference image 1: 768 × 512/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Reference image 2: 512 × 512/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "2k · about 4 megapixels" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("a model that takes no references says so, and tiers a model does not make cannot be picked", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await startFromReferences(create);
  await create.upload("f-referenceImages-0", await seedPicture(512, 768));
  await expect(page.getByRole("img", { name: /Reference image 1: 512 × 768/ })).toBeVisible();

  // The form starts on a model that is not an edit model.
  await expect(page.getByText(/takes no reference images\. Choose an edit model/)).toBeVisible();
  await expect(page.getByText("This model takes no reference images: choose an edit model.")).toBeVisible();
  await expect(create.generate).toBeDisabled();
  for (const tier of ["1k · about 1 megapixel", "2k · about 4 megapixels", "4k · about 16 megapixels"])
    await expect(page.getByRole("button", { name: tier })).toBeDisabled();

  await page.getByRole("button", { name: "Use FLUX.1 Kontext [dev]" }).click();
  await expect(page.getByText(/takes no reference images/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "4k · about 16 megapixels" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "2k · about 4 megapixels" })).toBeEnabled();
  await expect(page.getByText("FLUX.1 Kontext [dev] makes 1k and 2k.")).toBeVisible();
  await expect(create.generate).toBeEnabled();

  // Another edit model makes all three.
  await page.getByRole("button", { name: "Use FLUX.1 Kontext [pro]" }).click();
  const fourK = page.getByRole("button", { name: "4k · about 16 megapixels" });
  await expect(fourK).toBeEnabled();
  await fourK.click();
  const size = sizeForResolution("4k", { width: 512, height: 768 });
  await expect(page.getByText(`The result will be ${size.width} × ${size.height}`)).toBeVisible();
  // Back to the first model: the tier falls to the largest it makes.
  await page.getByRole("button", { name: "Use FLUX.1 Kontext [dev]" }).click();
  await expect(page.getByRole("button", { name: "2k · about 4 megapixels" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Back to a source image: its own field and the width and height return.
  await page.getByRole("radio", { name: "Source image" }).click();
  await expect(page.getByText("Add a source image to start from.")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Width" })).toBeVisible();
});

test("Generate pressed while a reference is still on its way waits for it, and sends it too", async ({
  page,
}) => {
  const create = new CreatePage(page);
  await startFromReferences(create);
  await create.upload("f-referenceImages-0", await seedPicture(768, 512));
  await expect(page.getByRole("img", { name: /Reference image 1: 768 × 512/ })).toBeVisible();
  await page.getByRole("button", { name: "Use FLUX.1 Kontext [dev]" }).click();
  await create.prompt.fill("put a small red boat on the sea");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");

  // The second picture's upload is held at the studio's door until Generate has been pressed.
  const { release, sent } = await holdNextUpload(page);
  await create.upload("f-referenceImages-1", await seedPicture(512, 512));
  await create.generate.click();
  await expect(page.getByRole("button", { name: /^Sending/ })).toBeVisible();
  expect(sent).toHaveLength(0);

  release();
  const task = await finishedTask(page.request, await create.expectResults(1), 60_000);
  expect(sent).toHaveLength(1);
  expect(task.params.referenceImages).toHaveLength(2);
  await expect(page.getByRole("img", { name: /Reference image 2: 512 × 512/ })).toBeVisible();
});
