import { type Frame, lerpPx } from "./raster";

/**
 * A pre-rendered layer drawn many times at different offsets: mountains, skylines, clouds, text,
 * reference-image cards. Each row is stored as runs: opaque runs are copied with one `set`
 * (memcpy), partly transparent pixels (anti-aliased edges, soft text) are blended one by one. A
 * silhouette edge thus costs a pixel or two per row, and the body of a layer costs a memcpy.
 */

export interface Sprite {
  width: number;
  height: number;
  /** Packed colours; the alpha byte holds coverage. */
  px: Uint32Array;
  /** Per row: [start, end, opaque (1) or blended (0)] triples. */
  rows: Int32Array[];
}

/** Builds the run tables of packed pixels whose alpha byte is coverage (0 = absent). */
export function spriteFromPixels(width: number, height: number, px: Uint32Array): Sprite {
  const rows: Int32Array[] = [];
  const runs: number[] = [];
  for (let y = 0; y < height; y++) {
    runs.length = 0;
    const base = y * width;
    let x = 0;
    while (x < width) {
      const a = (px[base + x] as number) >>> 24;
      if (a === 0) {
        x++;
        continue;
      }
      const opaque = a === 255;
      const start = x;
      while (x < width) {
        const b = (px[base + x] as number) >>> 24;
        if (b === 0 || (b === 255) !== opaque) break;
        x++;
      }
      runs.push(start, x, opaque ? 1 : 0);
    }
    rows.push(Int32Array.from(runs));
  }
  return { width, height, px, rows };
}

/** A sprite from straight (non-premultiplied) RGBA bytes, as sharp's raw output gives them. */
export function spriteFromRgba(width: number, height: number, rgba: Buffer): Sprite {
  const px = new Uint32Array(width * height);
  for (let i = 0, j = 0; i < px.length; i++, j += 4) {
    px[i] =
      (((rgba[j + 3] as number) << 24) |
        ((rgba[j + 2] as number) << 16) |
        ((rgba[j + 1] as number) << 8) |
        (rgba[j] as number)) >>>
      0;
  }
  return spriteFromPixels(width, height, px);
}

/**
 * Draws `s` with its top-left at (x, y) (rounded), clipped to the frame, at `opacity` (0-1).
 * `wrap` tiles it horizontally with period `s.width` (a panorama scrolling past).
 */
export function drawSprite(f: Frame, s: Sprite, x: number, y: number, opacity = 1, wrap = false): void {
  if (opacity <= 0) return;
  const ox = Math.round(x);
  const oy = Math.round(y);
  const y0 = Math.max(0, oy);
  const y1 = Math.min(f.height, oy + s.height);
  if (y0 >= y1) return;
  if (wrap) {
    // Start one period left of the frame so every column is covered.
    let start = ox % s.width;
    if (start > 0) start -= s.width;
    for (let tx = start; tx < f.width; tx += s.width) drawRows(f, s, tx, oy, y0, y1, opacity);
    return;
  }
  drawRows(f, s, ox, oy, y0, y1, opacity);
}

function drawRows(f: Frame, s: Sprite, ox: number, oy: number, y0: number, y1: number, opacity: number) {
  const { width, px } = f;
  const spx = s.px;
  const fade = Math.round(opacity * 256);
  const solid = fade >= 256;
  for (let y = y0; y < y1; y++) {
    const sy = y - oy;
    const runs = s.rows[sy];
    if (!runs) continue;
    const srow = sy * s.width;
    const orow = y * width;
    for (let r = 0; r < runs.length; r += 3) {
      let a = runs[r] as number;
      let b = runs[r + 1] as number;
      if (a + ox < 0) a = -ox;
      if (b + ox > width) b = width - ox;
      if (a >= b) continue;
      if (solid && runs[r + 2] === 1) {
        px.set(spx.subarray(srow + a, srow + b), orow + ox + a);
        continue;
      }
      for (let sx = a; sx < b; sx++) {
        const p = spx[srow + sx] as number;
        const alpha = p >>> 24;
        const w = ((alpha + (alpha >>> 7)) * fade) >>> 8;
        const i = orow + ox + sx;
        px[i] = lerpPx(px[i] as number, p, w);
      }
    }
  }
}
