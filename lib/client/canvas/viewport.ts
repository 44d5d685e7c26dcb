import type { Point } from "./stroke";

/**
 * How the image sits on the stage: a screen point is `image * scale + (x, y)`, in CSS pixels
 * from the stage's top-left corner. Keeping the transform this small (no rotation, one scale)
 * makes both directions exact and cheap on every pointer event.
 */
export interface Viewport {
  scale: number;
  x: number;
  y: number;
}

/** 10% shows a 4K seed whole on a small stage; 800% is enough to touch up single pixels. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
/** One press of a zoom button or key: four presses roughly double or halve. */
export const ZOOM_STEP = 1.25;

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

export function screenToImage(view: Viewport, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

export function imageToScreen(view: Viewport, point: Point): Point {
  return { x: point.x * view.scale + view.x, y: point.y * view.scale + view.y };
}

/** Zooms to `scale` (clamped) keeping the image point under `anchor` (a screen point) still. */
export function zoomAt(view: Viewport, anchor: Point, scale: number): Viewport {
  const next = clampZoom(scale);
  const fixed = screenToImage(view, anchor);
  return { scale: next, x: anchor.x - fixed.x * next, y: anchor.y - fixed.y * next };
}

export function zoomBy(view: Viewport, anchor: Point, factor: number): Viewport {
  return zoomAt(view, anchor, view.scale * factor);
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { scale: view.scale, x: view.x + dx, y: view.y + dy };
}

export interface Size {
  width: number;
  height: number;
}

/** The largest zoom (within the limits) that shows the whole image centred, `padding` from the edges. */
export function fitToBox(image: Size, box: Size, padding = 16): Viewport {
  const availableWidth = Math.max(1, box.width - 2 * padding);
  const availableHeight = Math.max(1, box.height - 2 * padding);
  const scale = clampZoom(Math.min(availableWidth / image.width, availableHeight / image.height));
  return {
    scale,
    x: (box.width - image.width * scale) / 2,
    y: (box.height - image.height * scale) / 2,
  };
}

/**
 * Keeps at least `margin` pixels of the image on the stage (or all of it when smaller), so a
 * wild pan cannot lose the image off-screen.
 */
export function clampPan(view: Viewport, image: Size, box: Size, margin = 48): Viewport {
  const width = image.width * view.scale;
  const height = image.height * view.scale;
  const keepX = Math.min(margin, width);
  const keepY = Math.min(margin, height);
  return {
    scale: view.scale,
    x: Math.min(box.width - keepX, Math.max(keepX - width, view.x)),
    y: Math.min(box.height - keepY, Math.max(keepY - height, view.y)),
  };
}

/** `WheelEvent.deltaMode` values: pixels, lines, pages. */
const WHEEL_LINE_PIXELS = 16;
const WHEEL_PAGE_PIXELS = 800;

/**
 * The zoom factor for one wheel event. Exponential in the distance scrolled, so a trackpad's many
 * small deltas and a mouse's few large notches zoom the same amount for the same travel
 * (a 100-pixel notch is about 22%); capped so one fast flick cannot jump the whole range.
 */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const pixels =
    deltaMode === 1 ? deltaY * WHEEL_LINE_PIXELS : deltaMode === 2 ? deltaY * WHEEL_PAGE_PIXELS : deltaY;
  return Math.min(2, Math.max(0.5, Math.exp(-pixels * 0.002)));
}
