import { describe, expect, it } from "vitest";
import {
  clampPan,
  clampZoom,
  fitToBox,
  imageToScreen,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  screenToImage,
  wheelZoomFactor,
  zoomAt,
  zoomBy,
} from "./viewport";

describe("screen and image coordinates", () => {
  it("are inverse transforms", () => {
    const view = { scale: 2.5, x: -40, y: 13 };
    const image = { x: 123.25, y: 7 };
    const screen = imageToScreen(view, image);
    expect(screen).toEqual({ x: 123.25 * 2.5 - 40, y: 7 * 2.5 + 13 });
    const back = screenToImage(view, screen);
    expect(back.x).toBeCloseTo(image.x, 9);
    expect(back.y).toBeCloseTo(image.y, 9);
  });
});

describe("zoom", () => {
  it("clamps to 0.1-8", () => {
    expect(clampZoom(0.01)).toBe(MIN_ZOOM);
    expect(clampZoom(100)).toBe(MAX_ZOOM);
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it("keeps the image point under the cursor still", () => {
    const view = { scale: 1, x: 10, y: 20 };
    const anchor = { x: 300, y: 200 };
    const before = screenToImage(view, anchor);
    const zoomed = zoomAt(view, anchor, 3);
    expect(zoomed.scale).toBe(3);
    const after = screenToImage(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it("clamps when zooming by a factor, still about the anchor", () => {
    const view = { scale: 6, x: 0, y: 0 };
    const anchor = { x: 50, y: 50 };
    const zoomed = zoomBy(view, anchor, 4);
    expect(zoomed.scale).toBe(MAX_ZOOM);
    const p = screenToImage(zoomed, anchor);
    expect(p.x).toBeCloseTo(50 / 6, 9);
  });

  it("turns wheel deltas into bounded factors, zooming in on negative deltas", () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1, 9);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48), 9);
    expect(wheelZoomFactor(-10_000)).toBe(2);
    expect(wheelZoomFactor(10_000)).toBe(0.5);
  });
});

describe("pan", () => {
  it("moves the offset", () => {
    expect(panBy({ scale: 2, x: 1, y: 1 }, 5, -3)).toEqual({ scale: 2, x: 6, y: -2 });
  });

  it("keeps part of the image on the stage", () => {
    const image = { width: 1000, height: 500 };
    const box = { width: 400, height: 300 };
    const lost = clampPan({ scale: 1, x: 5000, y: -5000 }, image, box, 48);
    expect(lost.x).toBe(400 - 48);
    expect(lost.y).toBe(48 - 500);
    const fine = { scale: 1, x: -100, y: -50 };
    expect(clampPan(fine, image, box)).toEqual(fine);
  });
});

describe("fitToBox", () => {
  it("fits a wide image by width and centres it", () => {
    const view = fitToBox({ width: 1000, height: 500 }, { width: 532, height: 532 }, 16);
    expect(view.scale).toBe(0.5);
    expect(view.x).toBe(16);
    expect(view.y).toBe((532 - 250) / 2);
  });

  it("fits a tall image by height", () => {
    const view = fitToBox({ width: 500, height: 1000 }, { width: 800, height: 532 }, 16);
    expect(view.scale).toBe(0.5);
    expect(view.x).toBe((800 - 250) / 2);
    expect(view.y).toBe(16);
  });

  it("stays within the zoom limits", () => {
    expect(fitToBox({ width: 10, height: 10 }, { width: 1000, height: 1000 }).scale).toBe(MAX_ZOOM);
    expect(fitToBox({ width: 100_000, height: 100_000 }, { width: 500, height: 500 }).scale).toBe(MIN_ZOOM);
  });
});
