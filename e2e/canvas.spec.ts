import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/own-member";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";

// Painting, generating and reloading on a two-core machine shared with the server and the engine.
test.describe.configure({ timeout: 240_000 });

test("a mask chooses inpainting, a frame past the edge outpainting; results are staged, one accepted, and the layers survive a reload", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");

  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await canvas.tool("Brush");
  await canvas.stroke([300, 250], [450, 280]);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await expect(canvas.plan).toContainText("what “Inpaint mask 1” covers in the 768 × 512 under the frame");

  await canvas.tool("Move");
  await canvas.dragFrame(-160);
  const frame = await canvas.frame();
  expect(frame.x).toBeLessThan(0);
  expect(Math.abs(frame.x % 64)).toBe(0);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Outpainting");
  await expect(canvas.plan).toContainText(`extended by ${-frame.x} px on the left`);
  await expect(canvas.plan).toContainText("The inpaint mask is not sent");

  await page.getByRole("button", { name: "Regional prompt", exact: true }).click();
  await page.getByLabel("Region prompt", { exact: true }).fill("a red kite");
  await expect(canvas.plan).toContainText("The service cannot prompt regions separately");
  await expect(canvas.plan).toContainText("Not sent: “Regional prompt 1” (a red kite)");

  await page.locator("#canvas-prompt").fill("the sunset with more sea on the left");
  await page.getByRole("spinbutton", { name: "Images" }).fill("2");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  expect(body).toMatchObject({
    outpaint: { left: -frame.x, top: 0, right: 0, bottom: 0 },
    width: 768,
    height: 512,
  });
  expect(body).not.toHaveProperty("maskImage");
  expect(JSON.stringify(body)).not.toContain("a red kite");

  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 2", { timeout: 30_000 });
  await canvas.staging.getByRole("button", { name: "Next result" }).click();
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 2 of 2");
  await canvas.staging.getByRole("button", { name: "Accept" }).click();
  await expect(canvas.staging).toBeHidden();
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "image");
  const task = await finishedTask(page.request, String(body?.taskUUID));
  expect(task.params.outpaint).toMatchObject({ left: -frame.x });

  // Undo takes the accepted layer away, redo brings it back.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "regionalPrompt");
  await page.getByRole("button", { name: "Redo", exact: true }).click();
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "image");

  const before = await canvas.layers.allTextContents();
  await page.reload();
  await expect(page.getByTestId("canvas-page")).toHaveAttribute("aria-busy", "false");
  await expect(canvas.layers).toHaveText(before);
  expect(await canvas.frame()).toEqual(frame);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Outpainting");
});

test("layers hide, lock, reorder and fade; a locked layer says so instead of taking paint; ? lists the keys", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await page.getByRole("button", { name: "ControlNet guide", exact: true }).click();
  await expect(canvas.layers).toHaveText(["ControlNet guide 1", "Inpaint mask 1"].map((n) => new RegExp(n)));

  await page.getByRole("button", { name: "Move ControlNet guide 1 down" }).click();
  await expect(canvas.layers).toHaveText(["Inpaint mask 1", "ControlNet guide 1"].map((n) => new RegExp(n)));

  await page.getByRole("button", { name: "Lock Inpaint mask 1" }).click();
  await page.getByRole("button", { name: "Inpaint mask 1", exact: true }).click();
  await page.keyboard.press("b");
  await canvas.stroke([300, 250], [450, 280]);
  await expect(page.getByRole("status").filter({ hasText: "Inpaint mask 1 is locked." })).toBeVisible();
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");

  await page.getByRole("button", { name: "Unlock Inpaint mask 1" }).click();
  await canvas.stroke([300, 250], [450, 280]);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await page.getByRole("button", { name: "Hide Inpaint mask 1" }).click();
  await expect(canvas.layers.first()).toHaveAttribute("data-hidden", "true");
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");

  // A painted guide without a model keeps Generate off and says why.
  await page.getByRole("button", { name: "ControlNet guide 1", exact: true }).click();
  await canvas.stroke([100, 100], [200, 150]);
  await expect(
    page.getByText("Choose a ControlNet model for “ControlNet guide 1”, or hide the layer.").last(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Generate/ })).toBeDisabled();
  await page.getByLabel("ControlNet model").fill("runware:25@1");
  await expect(canvas.plan).toContainText("guide runware:25@1 at weight 1");

  await page.getByRole("slider", { name: "ControlNet guide 1 opacity" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Opacity 95%")).toBeVisible();

  await page.getByRole("button", { name: "Delete ControlNet guide 1" }).click();
  await expect(canvas.layers).toHaveCount(1);

  // Each painting tool keeps its own size.
  const tools = page.getByRole("toolbar", { name: "Canvas tools" });
  await canvas.tool("Eraser");
  await expect(tools.getByRole("button", { name: "Eraser", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(tools.getByText("32px")).toBeVisible();
  await page.keyboard.press("]");
  await expect(tools.getByText("40px")).toBeVisible();
  await canvas.tool("Brush");
  await expect(tools.getByText("48px")).toBeVisible();
  await canvas.tool("Erase to original");
  await expect(tools.getByText("64px")).toBeVisible();

  // The wheel zooms about the pointer; fitting brings the picture and the frame back in view.
  const fitted = await canvas.stage.getAttribute("data-view");
  const middle = await canvas.screenPoint(384, 256);
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.wheel(0, -400);
  await expect(canvas.stage).not.toHaveAttribute("data-view", fitted ?? "");
  await tools.getByRole("button", { name: "Fit in view" }).click();
  await expect(canvas.stage).toHaveAttribute("data-view", fitted ?? "");

  await page.keyboard.press("?");
  await expect(page.getByRole("dialog").getByText("Canvas: erase back to the original")).toBeVisible();
});

test("staged results stay in the gallery when kept, and go to the trash when discarded", async ({ page }) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await page.locator("#canvas-prompt").fill("the sunset, redrawn in pastel");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");

  const generate = async () => {
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
    await page.keyboard.press("Control+Enter");
    const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
    await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 30_000 });
    return String(body?.taskUUID);
  };

  const kept = await generate();
  await canvas.staging.getByRole("button", { name: "Keep in gallery" }).click();
  await expect(canvas.staging).toBeHidden();
  await expect(canvas.layers).toHaveCount(0);

  const discarded = await generate();
  await canvas.staging.getByRole("button", { name: "Discard" }).click();
  await expect(canvas.staging).toBeHidden();

  await page.goto("/gallery");
  await expect(page.locator(`[data-testid=gallery-item][data-task-uuid="${kept}"]`)).toHaveCount(1);
  await expect(page.locator(`[data-testid=gallery-item][data-task-uuid="${discarded}"]`)).toHaveCount(0);
});

test("the inpainting page opens its image in the canvas", async ({ page }) => {
  await page.goto("/create/inpainting");
  await expect(page.locator("form[aria-busy=false]")).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("f-seedImage-file").setInputFiles(await seedPicture());
  await page.getByRole("link", { name: "Open in canvas" }).click();
  await expect(page).toHaveURL(/\/create\/canvas$/);
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await expect(new CanvasPage(page).plan.getByRole("heading")).toHaveText("Image to image");
});
