/**
 * A painted layer drawn into a typed array, one byte a pixel (255 painted, 0 not), without a
 * browser canvas: the bucket reads it, and the masks and guides sent are made from it. Pixels are
 * painted where their centre falls inside a shape, so an eraser going over a stroke's own outline
 * takes every pixel back to 0, where canvas anti-aliasing would leave a faint rim.
 */

import type { LayerOp } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { forEachRun, isShape, type ShapeOp } from "./paint-ops";
import { strokeOutline } from "./stroke-outline";

/**
 * Fills a closed polygon (flat canvas-pixel coordinates) into `mask` over `bounds` with `value`,
 * by the non-zero rule (a brush outline crosses itself where a stroke turns sharply).
 */
export function fillPolygon(mask: Uint8Array, bounds: Rect, points: readonly number[], value: number): void {
  const n = Math.floor(points.length / 2);
  if (n < 3) return;
  const { width, height } = bounds;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const ax = (points[2 * i] ?? 0) - bounds.x;
    const ay = (points[2 * i + 1] ?? 0) - bounds.y;
    const j = (i + 1) % n;
    const bx = (points[2 * j] ?? 0) - bounds.x;
    const by = (points[2 * j + 1] ?? 0) - bounds.y;
    if (ay === by) continue;
    const dir = by > ay ? 1 : -1;
    const top = Math.min(ay, by);
    const bottom = Math.max(ay, by);
    // Rows whose centre (y + 0.5) lies in [top, bottom).
    const first = Math.max(0, Math.ceil(top - 0.5));
    const last = Math.min(height - 1, Math.ceil(bottom - 0.5) - 1);
    for (let y = first; y <= last; y++) {
      const cy = y + 0.5;
      const x = ax + ((cy - ay) * (bx - ax)) / (by - ay);
      let row = rows[y];
      if (!row) {
        row = [];
        rows[y] = row;
      }
      row.push(x, dir);
    }
  }
  for (let y = 0; y < height; y++) {
    const row = rows[y];
    if (!row) continue;
    const order: number[] = [];
    for (let k = 0; k < row.length; k += 2) order.push(k);
    order.sort((a, b) => (row[a] ?? 0) - (row[b] ?? 0));
    let winding = 0;
    for (let k = 0; k < order.length; k++) {
      const at = order[k] ?? 0;
      const before = winding;
      winding += row[at + 1] ?? 0;
      if (before === 0 && winding !== 0) {
        // Find where the winding returns to zero.
        let w = winding;
        let end = k + 1;
        for (; end < order.length; end++) {
          w += row[(order[end] ?? 0) + 1] ?? 0;
          if (w === 0) break;
        }
        const x0 = row[at] ?? 0;
        const x1 = row[order[end] ?? at] ?? x0;
        // Pixels whose centre (x + 0.5) lies in [x0, x1).
        const from = Math.max(0, Math.ceil(x0 - 0.5));
        const to = Math.min(width, Math.ceil(x1 - 0.5));
        if (to > from) mask.fill(value, y * width + from, y * width + to);
        winding = 0;
        k = end;
      }
    }
  }
}

/** Draws a region op's on pixels into `mask` over `bounds`. */
function fillRegion(
  mask: Uint8Array,
  bounds: Rect,
  op: Extract<ShapeOp, { shape: "region" }>,
  value: number,
) {
  const { rect } = op;
  const area = rect.width * rect.height;
  forEachRun(op.runs, area, (start, end) => {
    let i = start;
    while (i < end) {
      const ry = Math.floor(i / rect.width);
      const rx = i - ry * rect.width;
      const take = Math.min(end - i, rect.width - rx);
      const y = rect.y + ry - bounds.y;
      const x0 = Math.max(0, rect.x + rx - bounds.x);
      const x1 = Math.min(bounds.width, rect.x + rx + take - bounds.x);
      if (y >= 0 && y < bounds.height && x1 > x0)
        mask.fill(value, y * bounds.width + x0, y * bounds.width + x1);
      i += take;
    }
  });
}

/** One op drawn over what `mask` holds: paint sets 255, erase sets 0. */
export function drawOp(mask: Uint8Array, bounds: Rect, op: LayerOp): void {
  const value = op.mode === "erase" ? 0 : 255;
  if (!isShape(op)) fillPolygon(mask, bounds, strokeOutline(op), value);
  else if (op.shape === "polygon") fillPolygon(mask, bounds, op.points, value);
  else fillRegion(mask, bounds, op, value);
}

/** A layer's ops, in order, as a mask over `bounds`. */
export function rasterize(ops: readonly LayerOp[], bounds: Rect): Uint8Array {
  const mask = new Uint8Array(Math.max(0, bounds.width * bounds.height));
  for (const op of ops) drawOp(mask, bounds, op);
  return mask;
}
