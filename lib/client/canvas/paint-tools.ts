/**
 * What the bucket, the lasso and the pen make of a pointer, apart from the stage so tests drive
 * them without a browser. The bucket works on the layer's raster in typed arrays, once per click,
 * outside React's rendering; the store then takes one entry, and the stage redraws one layer.
 */
import type { CanvasDocument, Layer } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { DEFAULT_TOLERANCE, floodFill } from "./flood-fill";
import { rasterize } from "./layer-raster";
import { type PaintMode, type PolygonOp, type RegionOp, rectPolygon, regionOf } from "./paint-ops";

/**
 * Where the bucket may spread: the picture and the frame together (the frame may reach past the
 * picture to outpaint), on whole pixels. Without a picture, the frame alone.
 */
export function paintBounds(doc: CanvasDocument): Rect {
  const f = doc.frame;
  const p = doc.picture ? { x: 0, y: 0, width: doc.picture.width, height: doc.picture.height } : f;
  const x0 = Math.floor(Math.min(f.x, p.x));
  const y0 = Math.floor(Math.min(f.y, p.y));
  const x1 = Math.ceil(Math.max(f.x + f.width, p.x + p.width));
  const y1 = Math.ceil(Math.max(f.y + f.height, p.y + p.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The bucket clicked at `at` (canvas pixels) on `layer`: the connected area of like paint around
 * it, as a region to paint (or erase). Null when the click is outside what may be filled.
 */
export function bucketOp(
  doc: CanvasDocument,
  layer: Layer,
  at: { x: number; y: number },
  mode: PaintMode,
  tolerance = DEFAULT_TOLERANCE,
): RegionOp | null {
  const bounds = paintBounds(doc);
  const values = rasterize(layer.strokes, bounds);
  const area = floodFill(values, bounds.width, bounds.height, at.x - bounds.x, at.y - bounds.y, tolerance);
  return area ? regionOf(area, bounds, mode) : null;
}

/** The smallest area a lasso must enclose to count (a click with the lasso draws nothing). */
const MIN_LASSO_AREA = 4;

/** The lasso's outline, closed, as a polygon to fill or erase; null when it encloses nothing. */
export function lassoOp(points: readonly number[], mode: PaintMode): PolygonOp | null {
  const n = Math.floor(points.length / 2);
  if (n < 3) return null;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    twice +=
      (points[2 * i] ?? 0) * (points[2 * j + 1] ?? 0) - (points[2 * j] ?? 0) * (points[2 * i + 1] ?? 0);
  }
  return Math.abs(twice) / 2 < MIN_LASSO_AREA ? null : { shape: "polygon", mode, points: [...points] };
}

/** The frame filled whole: "Fill frame". */
export function frameOp(doc: CanvasDocument): PolygonOp {
  return { shape: "polygon", mode: "paint", points: rectPolygon(doc.frame) };
}

/**
 * One pen sample's pressure: a pen that reports pressure is followed; a mouse or touch (pressure
 * 0 or 0.5 by the Pointer Events rules) draws at the middle, and the width then follows speed.
 */
export function sampleOf(pointer: { pointerType: string; pressure: number }): {
  pen: boolean;
  pressure: number;
} {
  const pen = pointer.pointerType === "pen" && pointer.pressure > 0;
  return { pen, pressure: pen ? Math.min(1, pointer.pressure) : 0.5 };
}

/** A lasso's next point is kept once the pointer has moved this far on screen (px). */
export const LASSO_STEP_PX = 3;
