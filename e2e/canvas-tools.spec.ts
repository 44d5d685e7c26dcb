import type { Page } from "@playwright/test";
import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { CanvasPage } from "./pages/canvas-page";

// Painting, generating and reading pixels back on a two-core machine shared with the server.
test.describe.configure({ timeout: 240_000 });

/**
 * The alpha of a canvas point on one Konva layer's own canvas: 0 is the picture, then the canvas
 * layers bottom first (the overlay is last).
 */
async function alphaAt(page: Page, canvas: CanvasPage, layer: number, x: number, y: number): Promise<number> {
  const point = await canvas.screenPoint(x, y);
  const box = await canvas.stage.boundingBox();
  if (!box) throw new Error("no stage");
  return page.evaluate(
    ({ layer, x, y }) => {
      const all = document.querySelectorAll<HTMLCanvasElement>("[data-testid=canvas-stage] canvas");
      const target = all[layer];
      if (!target) throw new Error(`no canvas ${layer}`);
      const ratio = target.width / target.clientWidth;
      const context = target.getContext("2d");
      return context?.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data[3] ?? -1;
    },
    { layer, x: point.x - box.x, y: point.y - box.y },
  );
}

/** Draws a closed path through canvas points with the pointer held down. */
async function drag(page: Page, canvas: CanvasPage, points: [number, number][]): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  const start = await canvas.screenPoint(...first);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const p of rest) {
    const at = await canvas.screenPoint(...p);
    await page.mouse.move(at.x, at.y, { steps: 8 });
  }
  await page.mouse.up();
}

const square = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

test("the lasso fills and erases, the bucket fills the hole, and the mask goes to the gallery and comes back on a new layer", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  const tools = page.getByRole("toolbar", { name: "Canvas tools" });

  // L picks the lasso; a closed shape fills on release.
  await page.keyboard.press("l");
  await expect(tools.getByRole("button", { name: "Lasso", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(tools.getByText("Alt+click erases")).toBeVisible();
  await drag(page, canvas, square(100, 100, 300, 300));
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBeGreaterThan(0);
  await expect.poll(() => alphaAt(page, canvas, 1, 400, 200)).toBe(0);

  // With Alt held, the lasso erases what it encloses.
  await page.keyboard.down("Alt");
  await drag(page, canvas, square(150, 150, 250, 250));
  await page.keyboard.up("Alt");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBe(0);
  await expect.poll(() => alphaAt(page, canvas, 1, 120, 120)).toBeGreaterThan(0);

  // G picks the bucket; a click in the hole fills the hole and nothing outside the ring.
  await page.keyboard.press("g");
  await expect(tools.getByRole("button", { name: "Bucket fill", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const hole = await canvas.screenPoint(200, 200);
  await page.mouse.click(hole.x, hole.y);
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBeGreaterThan(0);
  await expect.poll(() => alphaAt(page, canvas, 1, 400, 200)).toBe(0);
  // The fill is one undo step.
  await page.keyboard.press("Control+z");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBe(0);
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBeGreaterThan(0);

  // Alt+click with the bucket erases the area clicked.
  await page.keyboard.down("Alt");
  const inside = await canvas.screenPoint(120, 120);
  await page.mouse.click(inside.x, inside.y);
  await page.keyboard.up("Alt");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBe(0);
  await page.keyboard.press("Control+z");
  await expect.poll(() => alphaAt(page, canvas, 1, 200, 200)).toBeGreaterThan(0);

  // Saved to the gallery: an image tagged "mask".
  const kept = page.waitForResponse((r) => r.url().endsWith("/api/masks") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Save mask to gallery" }).click();
  const item = (await (await kept).json()).data as { id: string; review: { tags: string[] } };
  expect(item.review.tags).toEqual(["mask"]);
  await expect(page.getByText("Inpaint mask 1 is in the gallery, tagged “mask”.")).toBeVisible();
  const tagged = await page.request.get("/api/items?tag=mask");
  expect(((await tagged.json()).data.items as { id: string }[]).map((i) => i.id)).toContain(item.id);

  // Loaded back from the picker onto a new mask layer, the same shape over the picture.
  await page.getByRole("button", { name: "Load mask from gallery" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("option", { name: "Untitled image, 768 × 512" }).first().click();
  await expect(canvas.layers).toHaveText([/Inpaint mask 2/, /Inpaint mask 1/]);
  await page.getByRole("button", { name: "Hide Inpaint mask 1" }).click();
  await expect.poll(() => alphaAt(page, canvas, 2, 200, 200)).toBeGreaterThan(0);
  await expect.poll(() => alphaAt(page, canvas, 2, 120, 120)).toBeGreaterThan(0);
  await expect.poll(() => alphaAt(page, canvas, 2, 400, 200)).toBe(0);
  await expect.poll(() => alphaAt(page, canvas, 2, 60, 60)).toBe(0);

  await page.getByRole("button", { name: "Show Inpaint mask 1" }).click();
  // The brush's size slider makes the tools their widest.
  await page.keyboard.press("b");
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Undo, redo and fit have a bar of their own, beside the tools or under them at the right.
    const history = page.getByRole("toolbar", { name: "History and view" });
    const tools = page.getByRole("toolbar", { name: "Canvas tools" });
    const stage = await canvas.stage.boundingBox();
    for (const bar of [tools, history]) {
      const box = await bar.boundingBox();
      expect(box && stage && box.x >= stage.x && box.x + box.width <= stage.x + stage.width).toBe(true);
      expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await history.getByRole("button", { name: "Fit in view" }).click();
    await page.mouse.move(0, 0);
    await saveScreen(page, { path: test.info().outputPath(`canvas-tools-${width}.png`) });
  }
});

test("Fill frame and Clear paint a region layer whole and take it off, each one undo step; ? lists the new keys", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  // The picture in place first: one that arrives after the fill is the step Undo would take back.
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await page.getByRole("button", { name: "Regional prompt", exact: true }).click();
  // The layer's own Clear, not the seed's in the Generate column.
  const clear = page
    .getByRole("complementary", { name: "Picture and layers" })
    .getByRole("button", { name: "Clear", exact: true });
  await expect(clear).toBeDisabled();
  await page.getByRole("button", { name: "Fill frame" }).click();
  await expect.poll(() => alphaAt(page, canvas, 1, 700, 480)).toBeGreaterThan(0);
  await expect.poll(() => alphaAt(page, canvas, 1, 10, 10)).toBeGreaterThan(0);
  await clear.click();
  await expect.poll(() => alphaAt(page, canvas, 1, 700, 480)).toBe(0);
  await expect(clear).toBeDisabled();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect.poll(() => alphaAt(page, canvas, 1, 700, 480)).toBeGreaterThan(0);

  // The lasso and the bucket are pressed from the toolbar too, and survive a reload with the fill.
  await canvas.tool("Lasso");
  await canvas.tool("Bucket fill");
  await page.reload();
  await expect(page.getByTestId("canvas-page")).toHaveAttribute("aria-busy", "false");
  await expect(
    page
      .getByRole("toolbar", { name: "Canvas tools" })
      .getByRole("button", { name: "Bucket fill", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(canvas.stage.locator("canvas").first()).toBeVisible();
  await expect.poll(() => alphaAt(page, canvas, 1, 700, 480)).toBeGreaterThan(0);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog");
  await expect(help.getByText("Canvas: bucket, fills the area clicked on the layer")).toBeVisible();
  await expect(help.getByText("Canvas: lasso, fills the shape drawn on the layer")).toBeVisible();
  await expect(help.getByText("Canvas: the bucket or the lasso erases instead of filling")).toBeVisible();
});

test("erasing back to the original over an accepted result shows the picture's own pixels again", async ({
  page,
}) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await canvas.tool("Move");
  const original = await canvas.pixels();

  await page.locator("#canvas-prompt").fill("the sunset as a night scene");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await page.keyboard.press("Control+Enter");
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 1", { timeout: 30_000 });
  await canvas.staging.getByRole("button", { name: "Accept" }).click();
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "image");

  const spots = [
    [200, 256],
    [384, 300],
    [560, 256],
  ] as const;
  const accepted = await canvas.pixels();
  // The result covers the picture where the strokes will go (else erasing could show nothing).
  expect(Math.max(...(await canvas.differences(original, accepted, spots)))).toBeGreaterThan(8);

  await canvas.tool("Erase to original");
  for (let i = 0; i < 6; i++) await page.keyboard.press("]");
  await canvas.stroke([150, 256], [610, 256]);
  await canvas.stroke([384, 220], [384, 330]);
  await canvas.tool("Move");
  const erased = await canvas.pixels();
  for (const d of await canvas.differences(original, erased, spots)) expect(d).toBeLessThanOrEqual(2);
  // Undo, once a stroke, brings the result back over the same spots.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  const undone = await canvas.pixels();
  expect(Math.max(...(await canvas.differences(accepted, undone, spots)))).toBeLessThanOrEqual(2);
});

/** A pen stroke between two canvas points at one pressure, as a tablet sends it (its pointer is a pen). */
async function penStroke(
  page: Page,
  canvas: CanvasPage,
  from: [number, number],
  to: [number, number],
  pressure: number,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const a = await canvas.screenPoint(...from);
  const b = await canvas.screenPoint(...to);
  const pen = { pointerType: "pen" as const, force: pressure, button: "left" as const };
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: a.x, y: a.y, pointerType: "pen" });
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mousePressed",
    x: a.x,
    y: a.y,
    buttons: 1,
    clickCount: 1,
    ...pen,
  });
  for (let i = 1; i <= 12; i++) {
    const x = a.x + ((b.x - a.x) * i) / 12;
    const y = a.y + ((b.y - a.y) * i) / 12;
    await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y, buttons: 1, ...pen });
  }
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mouseReleased",
    x: b.x,
    y: b.y,
    buttons: 0,
    clickCount: 1,
    ...pen,
  });
  await cdp.detach();
}

/** How many screen pixels of a column across a stroke are painted on one Konva layer's canvas. */
async function paintedAcross(
  page: Page,
  canvas: CanvasPage,
  layer: number,
  x: number,
  [top, bottom]: [number, number],
): Promise<number> {
  const from = await canvas.screenPoint(x, top);
  const to = await canvas.screenPoint(x, bottom);
  const box = await canvas.stage.boundingBox();
  if (!box) throw new Error("no stage");
  return page.evaluate(
    ({ layer, x, y0, y1 }) => {
      const target = document.querySelectorAll<HTMLCanvasElement>("[data-testid=canvas-stage] canvas")[layer];
      if (!target) throw new Error(`no canvas ${layer}`);
      const ratio = target.width / target.clientWidth;
      const column = target
        .getContext("2d")
        ?.getImageData(Math.round(x * ratio), Math.round(y0 * ratio), 1, Math.round((y1 - y0) * ratio)).data;
      let painted = 0;
      for (let i = 3; i < (column?.length ?? 0); i += 4) if ((column?.[i] ?? 0) > 0) painted++;
      return painted / ratio;
    },
    { layer, x: from.x - box.x, y0: from.y - box.y, y1: to.y - box.y },
  );
}

test("a pen paints thinner where it presses lightly than where it presses hard", async ({ page }) => {
  const canvas = new CanvasPage(page);
  await canvas.open();
  await canvas.upload(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await canvas.tool("Brush");

  await penStroke(page, canvas, [150, 150], [600, 150], 0.2);
  await expect.poll(() => paintedAcross(page, canvas, 1, 380, [100, 200])).toBeGreaterThan(0);
  await penStroke(page, canvas, [150, 350], [600, 350], 1);
  await expect.poll(() => paintedAcross(page, canvas, 1, 380, [300, 400])).toBeGreaterThan(0);

  const light = await paintedAcross(page, canvas, 1, 380, [100, 200]);
  const hard = await paintedAcross(page, canvas, 1, 380, [300, 400]);
  // Full pressure paints the brush's whole size; a light touch well under half of it.
  expect(light).toBeLessThan(hard / 2);
  // Two strokes, each one undo step, both pen strokes.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect.poll(() => paintedAcross(page, canvas, 1, 380, [300, 400])).toBe(0);
  await expect.poll(() => paintedAcross(page, canvas, 1, 380, [100, 200])).toBe(light);
});
