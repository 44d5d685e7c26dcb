import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";

/** The stage as a person sees it: RGB pixels, `width` to a row. */
export interface StagePixels {
  data: Buffer;
  width: number;
}

/** The canvas as a person uses it: layers on the left, the stage in the middle, Generate on the right. */
export class CanvasPage {
  readonly stage: Locator;
  readonly plan: Locator;
  readonly layers: Locator;
  readonly staging: Locator;
  /** Where the canvas says it is kept, in the Create forms' draft words. */
  readonly draftStatus: Locator;

  constructor(readonly page: Page) {
    this.stage = page.getByTestId("canvas-stage");
    this.plan = page.getByTestId("canvas-plan");
    this.layers = page.getByRole("list", { name: "Layers, top first" }).getByTestId("canvas-layer");
    this.staging = page.getByTestId("staging-bar");
    this.draftStatus = page.getByTestId("draft-status");
  }

  /** The canvas, or one of the pages that are the canvas set up for a job (Inpainting, Outpainting). */
  async open(path = "/create/canvas"): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId("canvas-page")).toHaveAttribute("aria-busy", "false", {
      timeout: 15_000,
    });
    await expect(this.stage.locator("canvas").first()).toBeVisible();
  }

  /** Waits until the canvas has read what it keeps and what it was opened with. */
  async ready(timeout = 30_000): Promise<void> {
    await expect(this.page.getByTestId("canvas-page")).toHaveAttribute("aria-busy", "false", { timeout });
    await expect(this.stage.locator("canvas").first()).toBeVisible();
  }

  /** The picture, chosen from a file as the picture field's upload does. */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId("canvas-picture-file").setInputFiles(file);
  }

  async tool(
    name: "Move" | "Brush" | "Eraser" | "Erase to original" | "Bucket fill" | "Lasso",
  ): Promise<void> {
    await this.page
      .getByRole("toolbar", { name: "Canvas tools" })
      .getByRole("button", { name, exact: true })
      .click();
  }

  /** Where a canvas point is on screen, from the view the stage reports. */
  async screenPoint(x: number, y: number): Promise<{ x: number; y: number }> {
    const box = await this.stage.boundingBox();
    const [vx, vy, scale] = ((await this.stage.getAttribute("data-view")) ?? "0,0,1").split(",").map(Number);
    if (!box) throw new Error("no stage");
    return { x: box.x + (vx ?? 0) + x * (scale ?? 1), y: box.y + (vy ?? 0) + y * (scale ?? 1) };
  }

  async frame(): Promise<{ x: number; y: number; width: number; height: number }> {
    const [x = 0, y = 0, width = 0, height = 0] = ((await this.stage.getAttribute("data-frame")) ?? "")
      .split(",")
      .map(Number);
    return { x, y, width, height };
  }

  /** A stroke between two canvas points. */
  async stroke(from: [number, number], to: [number, number]): Promise<void> {
    const a = await this.screenPoint(...from);
    const b = await this.screenPoint(...to);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x, b.y, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Drags the frame by its middle, by `dx` canvas pixels. */
  async dragFrame(dx: number): Promise<void> {
    const f = await this.frame();
    const from: [number, number] = [f.x + f.width / 2, f.y + f.height / 2];
    await this.stroke(from, [from[0] + dx, from[1]]);
  }

  /** The stage's pixels (RGB) as a person sees them, with the pointer moved off so no brush ring shows. */
  async pixels(): Promise<StagePixels> {
    await this.page.mouse.move(0, 0);
    const { data, info } = await sharp(await this.stage.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  }

  /** The largest channel difference between two looks at the stage, at each of these canvas points. */
  async differences(a: StagePixels, b: StagePixels, points: readonly (readonly [number, number])[]) {
    const box = await this.stage.boundingBox();
    if (!box) throw new Error("no stage");
    const out: number[] = [];
    for (const [x, y] of points) {
      const p = await this.screenPoint(x, y);
      const i = Math.round(p.y - box.y) * a.width + Math.round(p.x - box.x);
      out.push(
        Math.max(...[0, 1, 2].map((c) => Math.abs((a.data[3 * i + c] ?? 0) - (b.data[3 * i + c] ?? 0)))),
      );
    }
    return out;
  }

  /** The mean of the largest channel difference between two looks at the stage, over a canvas rectangle. */
  async meanDifference(
    a: StagePixels,
    b: StagePixels,
    rect: { x: number; y: number; width: number; height: number },
  ): Promise<number> {
    const box = await this.stage.boundingBox();
    if (!box) throw new Error("no stage");
    const from = await this.screenPoint(rect.x, rect.y);
    const to = await this.screenPoint(rect.x + rect.width, rect.y + rect.height);
    let sum = 0;
    let count = 0;
    for (let y = Math.ceil(from.y - box.y); y < Math.floor(to.y - box.y); y++) {
      for (let x = Math.ceil(from.x - box.x); x < Math.floor(to.x - box.x); x++) {
        const i = y * a.width + x;
        sum += Math.max(
          ...[0, 1, 2].map((c) => Math.abs((a.data[3 * i + c] ?? 0) - (b.data[3 * i + c] ?? 0))),
        );
        count++;
      }
    }
    return count > 0 ? sum / count : 0;
  }
}
