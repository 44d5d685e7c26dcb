/**
 * What a painted layer holds besides brush strokes: a lasso's polygon and a filled region (a bucket
 * fill, a mask loaded from the gallery). A region is kept as run lengths over its own rectangle,
 * so it is small enough for the undo history and localStorage and reads back without decoding an
 * image (the mask sent on Generate is made synchronously).
 */
import type { Rect } from "./canvas-frame";

export type PaintMode = "paint" | "erase";

/** A closed polygon, flat [x0, y0, x1, y1, ...] in canvas pixels. */
export interface PolygonOp {
  shape: "polygon";
  mode: PaintMode;
  points: number[];
}

/**
 * Pixels of `rect` row by row as alternating run lengths, off first: [off, on, off, on, ...];
 * the runs add up to the rectangle's area or fall short of it (the rest is off).
 */
export interface RegionOp {
  shape: "region";
  mode: PaintMode;
  rect: Rect;
  runs: number[];
}

export type ShapeOp = PolygonOp | RegionOp;

/** Whether an entry of a layer's `strokes` is a polygon or region rather than a brush stroke. */
export function isShape(op: object): op is ShapeOp {
  return "shape" in op;
}

/** The rectangle's polygon, clockwise from its top left. */
export function rectPolygon(rect: Rect): number[] {
  const { x, y, width, height } = rect;
  return [x, y, x + width, y, x + width, y + height, x, y + height];
}

/** Run lengths of a 0/non-0 mask (see `RegionOp.runs`); trailing off pixels are left out. */
export function encodeRuns(mask: Uint8Array): number[] {
  const runs: number[] = [];
  let on = false;
  let length = 0;
  for (let i = 0; i < mask.length; i++) {
    if ((mask[i] !== 0) === on) {
      length++;
      continue;
    }
    runs.push(length);
    on = !on;
    length = 1;
  }
  if (on) runs.push(length);
  return runs;
}

/** Calls `span(start, end)` for each run of on pixels (indices into the rectangle, end exclusive). */
export function forEachRun(
  runs: readonly number[],
  area: number,
  span: (start: number, end: number) => void,
) {
  let at = 0;
  for (let i = 0; i < runs.length && at < area; i++) {
    const length = Math.max(0, Math.floor(runs[i] ?? 0));
    if (i % 2 === 1) span(at, Math.min(area, at + length));
    at += length;
  }
}

/** The smallest rectangle (in mask pixels) holding every on pixel, or null when none is. */
export function maskBounds(mask: Uint8Array, width: number, height: number): Rect | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * A mask over `bounds` (canvas pixels) as a region op cropped to what it covers, or null when it
 * covers nothing.
 */
export function regionOf(mask: Uint8Array, bounds: Rect, mode: PaintMode): RegionOp | null {
  const box = maskBounds(mask, bounds.width, bounds.height);
  if (!box) return null;
  const cropped = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (box.y + y) * bounds.width + box.x;
    cropped.set(mask.subarray(from, from + box.width), y * box.width);
  }
  return {
    shape: "region",
    mode,
    rect: { x: bounds.x + box.x, y: bounds.y + box.y, width: box.width, height: box.height },
    runs: encodeRuns(cropped),
  };
}

/**
 * The box flat points cover, `stride` numbers a point ([x, y] or [x, y, pressure]); null for
 * fewer than `least` points.
 */
export function pointsBounds(p: readonly number[], stride: 2 | 3, least: number): Rect | null {
  if (p.length < least * stride) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i + stride - 1 < p.length; i += stride) {
    const x = p[i] ?? 0;
    const y = p[i + 1] ?? 0;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The box a polygon or region covers. */
export function shapeBounds(op: ShapeOp): Rect | null {
  if (op.shape === "region") return op.runs.length > 1 ? op.rect : null;
  return pointsBounds(op.points, 2, 3);
}
