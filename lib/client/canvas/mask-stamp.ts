import { type MaskBuffer, paintWord, pixelWords, type Rgb } from "./mask-buffer";
import type { Point } from "./stroke";

/** A rectangle of mask pixels that changed, so only that part of the overlay is re-uploaded. */
export interface DirtyRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type StampMode = "paint" | "erase";

/**
 * The smallest radius that always covers the pixel under the pointer: a point is at most
 * sqrt(1/2) from its pixel's centre, so a 1-pixel brush never misses.
 */
const MIN_COVER_RADIUS = Math.SQRT1_2;

/**
 * Stamps a hard-edged disc of `radius` image pixels centred on `centre`. A pixel belongs to the
 * disc when its centre does, the same rule a rasterizer uses, so discs tile a stroke with no
 * gaps and no half-painted fringe. Rows are filled as spans of 32-bit words.
 */
export function stampDisc(
  mask: MaskBuffer,
  centre: Point,
  radius: number,
  mode: StampMode,
  colour: Rgb,
): DirtyRect | null {
  const r = Math.max(radius, MIN_COVER_RADIUS);
  const words = pixelWords(mask.data);
  const word = mode === "paint" ? paintWord(colour) : 0;
  const top = Math.max(0, Math.ceil(centre.y - r - 0.5));
  const bottom = Math.min(mask.height - 1, Math.floor(centre.y + r - 0.5));
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let y = top; y <= bottom; y++) {
    const dy = y + 0.5 - centre.y;
    const half = Math.sqrt(Math.max(0, r * r - dy * dy));
    const left = Math.max(0, Math.ceil(centre.x - half - 0.5));
    const right = Math.min(mask.width - 1, Math.floor(centre.x + half - 0.5));
    if (right < left) continue;
    const row = y * mask.width;
    words.fill(word, row + left, row + right + 1);
    if (left < minX) minX = left;
    if (right > maxX) maxX = right;
    if (y < minY) minY = y;
    maxY = y;
  }
  if (maxY < minY) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

export function unionRect(a: DirtyRect | null, b: DirtyRect | null): DirtyRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Stamps every point and returns the area that changed. */
export function stampPoints(
  mask: MaskBuffer,
  points: readonly Point[],
  radius: number,
  mode: StampMode,
  colour: Rgb,
): DirtyRect | null {
  let dirty: DirtyRect | null = null;
  for (const point of points) dirty = unionRect(dirty, stampDisc(mask, point, radius, mode, colour));
  return dirty;
}
