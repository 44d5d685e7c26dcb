import path from "node:path";
import { holdNextUpload } from "./fixtures/held-upload";
import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage, type StagePixels } from "./pages/canvas-page";

// Painting, generating and reloading on a two-core machine shared with the server and the engine.
test.describe.configure({ timeout: 240_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "canvas");

/** The staging bar keeps to one row: its buttons side by side, all of them inside the stage. */
async function expectOneRowInStage(canvas: CanvasPage): Promise<void> {
  const stage = await canvas.stage.boundingBox();
  const buttons = await canvas.staging.getByRole("button").or(canvas.staging.getByRole("link")).all();
  expect(buttons.length).toBeGreaterThanOrEqual(6);
  const tops = new Set<number>();
  for (const button of buttons) {
    const box = await button.boundingBox();
    if (!stage || !box) throw new Error("the stage or a button of the staging bar is not shown");
    tops.add(Math.round(box.y));
    expect(box.x).toBeGreaterThanOrEqual(stage.x);
    expect(box.x + box.width).toBeLessThanOrEqual(stage.x + stage.width);
    expect(box.y + box.height).toBeLessThanOrEqual(stage.y + stage.height);
  }
  expect([...tops]).toHaveLength(1);
  const bar = await canvas.staging.boundingBox();
  const button = await buttons[0]?.boundingBox();
  expect(bar?.height ?? Infinity).toBeLessThan(2 * (button?.height ?? 0));
}

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
  await page.getByRole("spinbutton", { name: "Images" }).fill("3");
  const bare = await canvas.pixels();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  expect(body).toMatchObject({
    outpaint: { left: -frame.x, top: 0, right: 0, bottom: 0 },
    width: 768,
    height: 512,
    numberResults: 3,
  });
  expect(body).not.toHaveProperty("maskImage");
  expect(JSON.stringify(body)).not.toContain("a red kite");

  // Three results staged over the frame: step to the third, back to the second, and accept it.
  // Each result has its own seed, so each looks unlike the canvas without it and unlike the others
  // where the frame reaches past the picture (inside it, outpainting keeps the picture's pixels).
  const shown = canvas.staging.getByRole("status");
  const band = { x: frame.x, y: 0, width: -frame.x, height: 512 };
  const drawnUnlike = async (...others: StagePixels[]) => {
    let now = await canvas.pixels();
    await expect
      .poll(async () => {
        now = await canvas.pixels();
        const apart = await Promise.all(others.map((o) => canvas.meanDifference(o, now, band)));
        return Math.min(...apart);
      })
      .toBeGreaterThan(2);
    return now;
  };
  await expect(shown).toHaveText("Result 1 of 3", { timeout: 30_000 });
  // On a desktop and on a laptop the bar is one row, every button of it inside the stage.
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(canvas.staging).toBeInViewport();
    await expectOneRowInStage(canvas);
    await saveScreen(page, { path: `${SCREENS}/staged-three-${width}x${height}.png` });
  }
  await canvas.staging.getByRole("button", { name: "Next result" }).click();
  await expect(shown).toHaveText("Result 2 of 3");
  await canvas.staging.getByRole("button", { name: "Next result" }).click();
  await expect(shown).toHaveText("Result 3 of 3");
  const third = await drawnUnlike(bare);
  await canvas.staging.getByRole("button", { name: "Previous result" }).click();
  await expect(shown).toHaveText("Result 2 of 3");
  const second = await drawnUnlike(bare, third);
  await canvas.staging.getByRole("button", { name: "Accept" }).click();
  await expect(canvas.staging).toBeHidden();
  // The accepted result is a new image layer on top, chosen, showing the second result in the frame.
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "image");
  await expect(canvas.layers.first().getByRole("button", { name: "Image 1", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect.poll(async () => canvas.meanDifference(second, await canvas.pixels(), band)).toBeLessThan(1);
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
  const zoomed = (await canvas.stage.getAttribute("data-view")) ?? "";
  // This browser keeps the view across a reload, one for each job: Inpainting opens its own.
  await page.reload();
  await canvas.ready();
  await expect(canvas.stage).toHaveAttribute("data-view", zoomed);
  await canvas.open("/create/inpainting");
  await expect(canvas.stage).not.toHaveAttribute("data-view", zoomed);
  await canvas.open();
  await expect(canvas.stage).toHaveAttribute("data-view", zoomed);
  await page
    .getByRole("toolbar", { name: "History and view" })
    .getByRole("button", { name: "Fit in view" })
    .click();
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
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/tasks") && r.request().method() === "POST",
      {
        timeout: 60_000,
      },
    );
    await page.keyboard.press("Control+Enter");
    const answer = await answered;
    expect(answer.status()).toBe(202);
    const [body] = answer.request().postDataJSON() as Record<string, unknown>[];
    await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 60_000 });
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

test("Generate pressed while the chosen picture is still on its way waits for it, and sends the canvas with it", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.locator("#canvas-prompt").fill("a harbour at dusk");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  // The picture's upload is held at the studio's door until Generate has been pressed.
  const { release, sent } = await holdNextUpload(page);
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await page.locator("#canvas-prompt").press("Control+Enter");
  await expect(page.getByRole("button", { name: /Sending/ })).toBeVisible();
  expect(sent).toHaveLength(0);

  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/tasks") && r.request().method() === "POST",
  );
  release();
  expect((await answered).status()).toBe(202);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");
  expect(sent).toHaveLength(1);
  expect(typeof sent[0]?.seedImage).toBe("string");
  // The result is staged over the picture, and stays staged once the picture is in place.
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 60_000 });
});

test("Inpainting is the canvas with a mask chosen and the brush in hand; the painted mask and its margin are sent", async ({
  page,
}) => {
  // A laptop screen: the canvas, its tools and Generate fit it.
  await page.setViewportSize({ width: 1280, height: 720 });
  const canvas = new CanvasPage(page);
  await canvas.open("/create/inpainting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inpainting");
  await canvas.upload(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await expect(canvas.layers.first()).toHaveText(/Inpaint mask/);
  await expect(canvas.layers.first().getByRole("button", { name: /^Inpaint mask \d+$/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const tools = page.getByRole("toolbar", { name: "Canvas tools" });
  await expect(tools.getByRole("button", { name: "Brush", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The toolbar keeps to one row at this size.
  const bar = await tools.boundingBox();
  expect(bar?.height ?? 0).toBeLessThan(60);
  await page.locator("#canvas-prompt").fill("a sailing boat on the water");
  await expect(canvas.plan.getByRole("heading")).toHaveText("Image to image");

  await canvas.stroke([300, 250], [450, 280]);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await page.getByRole("switch", { name: "Work at the mask's detail" }).click();
  await expect(page.getByText("Mask margin 80 px")).toBeVisible();
  await expect(canvas.plan).toContainText("Only the masked area with 80 px around it is rendered");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  expect(body).toMatchObject({
    maskMargin: 80,
    width: 768,
    height: 512,
    positivePrompt: "a sailing boat on the water",
  });
  expect(String(body?.maskImage)).toMatch(/^data:image\/png;base64,/);
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 30_000 });
  const task = await finishedTask(page.request, String(body?.taskUUID));
  expect(task.params.maskImage).toBeTruthy();
  // A larger window fits the picture again, larger, whole in the stage.
  const small = Number((await canvas.stage.getAttribute("data-view"))?.split(",")[2]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect
    .poll(async () => Number((await canvas.stage.getAttribute("data-view"))?.split(",")[2]))
    .toBeGreaterThan(small);
  const box = await canvas.stage.boundingBox();
  const corner = await canvas.screenPoint(768, 512);
  expect(corner.x).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  expect(corner.y).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));

  // The old address with a picture given still opens it, set up for inpainting, on the same page.
  await page.goto(`/create/inpainting?input=${encodeURIComponent(String(body?.seedImage))}`);
  await canvas.ready();
  await expect(page).toHaveURL(/\/create\/inpainting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inpainting");
});

test("Outpainting is the canvas with the frame past an edge; typed sides keep the model's step and go with the seam blur", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open("/create/outpainting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outpainting");
  await canvas.upload(await seedPicture());
  await expect(canvas.plan.getByRole("heading")).toHaveText("Outpainting");
  const grown = await canvas.frame();
  expect(grown.x + grown.width).toBeGreaterThan(768);

  const right = page.getByRole("spinbutton", { name: "Extend right" });
  const top = page.getByRole("spinbutton", { name: "Extend top" });
  const most = await right.getAttribute("max");
  await right.fill("5000");
  await right.press("Enter");
  await expect(right).toHaveValue(most ?? "");
  await expect(right).toHaveAccessibleDescription(`Right set to ${most}, the largest allowed.`);
  await top.fill("100");
  await top.blur();
  await expect(top).toHaveValue("128");
  await expect(top).toHaveAccessibleDescription("Top set to 128, the nearest multiple of 64.");
  await expect(canvas.plan).toContainText(`128 px on the top, ${most} px on the right`);

  await page.getByRole("slider", { name: "Seam blur" }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Seam blur 4 px")).toBeVisible();
  await expect(canvas.plan).toContainText("The seam is softened over 4 px.");

  await page.locator("#canvas-prompt").fill("more sky above the sunset");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  const o = body?.outpaint as { top: number; left: number; right: number; bottom: number; blur: number };
  expect(o).toEqual({ top: 128, right: Number(most), bottom: 0, left: 0, blur: 4 });
  expect(body?.width).toBe(768 + o.left + o.right);
  expect(body?.height).toBe(512 + o.top + o.bottom);
  const task = await finishedTask(page.request, String(body?.taskUUID));
  expect(task.params.outpaint).toMatchObject({ top: 128, blur: 4 });
});
