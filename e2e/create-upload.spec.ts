import fs from "node:fs";
import { UPLOAD_LIMIT_BYTES } from "../lib/studio/uploads";
import { seedPicture } from "./fixtures/images";
import { expect, test as memberTest } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";

// Each test is a member of its own: the image-to-image form keeps its draft on the server per
// member, and specs of the other worker fill the owner's at the same time.
memberTest.describe.configure({ timeout: 90_000 });

memberTest("a refused file leaves the loaded image in place and says why beside it", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("image-to-image");
  await create.upload("f-seedImage", await seedPicture());
  const preview = page.getByRole("img", { name: /Source image: 768 × 512/ });
  await expect(preview).toBeVisible();

  // A text file named like a picture: the studio decodes it and refuses it.
  await create.upload("f-seedImage", {
    name: "holiday.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are notes about the holiday, not a picture of it.\n"),
  });
  const error = page.locator("#f-seedImage-error");
  await expect(error).toContainText("holiday.png");
  await expect(error).toContainText(/not an image/);
  await expect(preview).toBeVisible();

  // The image kept is the one the task uses.
  await create.prompt.fill("the same sunset as a watercolour");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const task = await finishedTask(page.request, await create.expectResults(1));
  expect(task.params.seedImage).toEqual(expect.any(String));

  // A good file afterwards replaces it and clears the message.
  await create.upload("f-seedImage", await seedPicture(512, 512));
  await expect(page.getByRole("img", { name: /Source image: 512 × 512/ })).toBeVisible();
  await expect(error).toHaveCount(0);
});

memberTest(
  "a file over the size limit is refused before it is sent; the loaded picture stays on the Inpainting canvas",
  async ({ page }, testInfo) => {
    const canvas = new CanvasPage(page);
    await canvas.open("/create/inpainting");
    await canvas.upload(await seedPicture());
    const preview = page.getByRole("img", { name: /^Picture: 768 × 512/ });
    await expect(preview).toBeVisible();
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/uploads")) sent++;
    });
    // Given by path: the browser reads it from disk rather than receiving 20 MB from the test.
    const huge = testInfo.outputPath("huge.png");
    fs.writeFileSync(huge, Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1));
    await page.getByTestId("canvas-picture-file").setInputFiles(huge);
    await expect(page.locator("#canvas-picture-error")).toContainText(/huge\.png.*larger than 20 MB/);
    await expect(preview).toBeVisible();
    await expect(canvas.stage.locator("canvas").first()).toBeVisible();
    await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
    expect(sent).toBe(0);
  },
);

/** The studio's own image behind an image id: its width and height. */
async function imageSize(page: import("@playwright/test").Page, id: string) {
  const res = await page.request.get(`/api/images/${id}`);
  expect(res.status()).toBe(200);
  const { width, height } = ((await res.json()) as { data: { width: number; height: number } }).data;
  return { width, height };
}

memberTest(
  "a task refused as too large for the service goes again with its image made smaller",
  async ({ page }) => {
    const create = new CreatePage(page);
    await create.open("image-to-image");
    await create.upload("f-seedImage", await seedPicture(1024, 768));
    await expect(page.getByRole("img", { name: /Source image: 1024 × 768/ })).toBeVisible();
    await create.prompt.fill("a harbour at dusk (too large)");
    await page.getByRole("spinbutton", { name: "Images" }).fill("1");
    await create.generate.click();

    const failed = page.getByTestId("result-failed");
    await expect(failed).toContainText("too large for the service");
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await saveScreen(page, { path: `e2e/.screens/create-send-smaller-${width}.png` });
    }
    await failed.getByRole("button", { name: "Send smaller" }).click();
    const taskUUID = await create.expectResults(1);
    await expect(failed).toHaveCount(1);

    const sent = await finishedTask(page.request, taskUUID);
    expect(sent.status).toBe("success");
    const size = await imageSize(page, String(sent.params.seedImage));
    // Half the pixels, the same shape.
    expect(size).toEqual({ width: 724, height: 543 });
  },
);

memberTest("the queue offers the same for a task refused as too large", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("image-to-image");
  await create.upload("f-seedImage", await seedPicture(768, 512));
  await expect(page.getByRole("img", { name: /Source image: 768 × 512/ })).toBeVisible();
  const prompt = "a lighthouse in fog (too large)";
  await create.prompt.fill(prompt);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await expect(page.getByTestId("result-failed")).toBeVisible();

  await page.getByRole("button", { name: "Queue" }).click();
  const rows = page.getByTestId("queue-row").filter({ hasText: prompt });
  const failedRow = rows.and(page.locator("[data-status=error]"));
  await saveScreen(page, { path: "e2e/.screens/queue-send-smaller.png" });
  await failedRow.getByRole("button", { name: "Send smaller" }).click();
  await expect(rows.and(page.locator("[data-status=success]"))).toHaveCount(1, { timeout: 30_000 });
});

memberTest("Retry on a failed result sends the same task again, its image unchanged", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("image-to-image");
  await create.upload("f-seedImage", await seedPicture(768, 512));
  await expect(page.getByRole("img", { name: /Source image: 768 × 512/ })).toBeVisible();
  await create.prompt.fill("a windmill by a canal (too large)");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const failed = page.getByTestId("result-failed");
  await expect(failed).toContainText("too large for the service");
  // The service refuses this task once: sent again as it was, it goes through.
  await failed.getByRole("button", { name: "Retry" }).click();
  const sent = await finishedTask(page.request, await create.expectResults(1));
  expect(sent.status).toBe("success");
  expect(await imageSize(page, String(sent.params.seedImage))).toEqual({ width: 768, height: 512 });
});
