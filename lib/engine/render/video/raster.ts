/**
 * Packed-pixel rasterisation for the video renderer. A frame is a Uint32Array of little-endian
 * RGBA (0xAABBGGRR), piped to ffmpeg as `rgba`: one 32-bit load/store moves a whole pixel, and
 * `fill` / `set` on a row are memset / memcpy. Blending works on two channels at once (red+blue,
 * then green) in integer arithmetic, so a blended pixel costs a handful of operations.
 *
 * Every frame of 832x480 must cost about a millisecond (see bench/video-render.bench.ts), which
 * is why nothing here allocates per pixel or uses floating point per channel.
 */

export type Rgb = readonly [number, number, number];

export interface Frame {
  width: number;
  height: number;
  px: Uint32Array;
}

export function createFrame(width: number, height: number): Frame {
  return { width, height, px: new Uint32Array(width * height) };
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

/** An opaque packed pixel. */
export function pack([r, g, b]: Rgb): number {
  return (0xff000000 | (clamp255(b) << 16) | (clamp255(g) << 8) | clamp255(r)) >>> 0;
}

export function unpack(p: number): [number, number, number] {
  return [p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff];
}

export function mixRgb(a: Rgb, b: Rgb, t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** `src` over `dst` with weight `w` in 0-256 (256 = src). Alpha of the result is opaque. */
export function lerpPx(dst: number, src: number, w: number): number {
  const iw = 256 - w;
  const rb = ((((src & 0xff00ff) * w + (dst & 0xff00ff) * iw) >>> 8) & 0xff00ff) >>> 0;
  const g = ((((src & 0xff00) >>> 0) * w + ((dst & 0xff00) >>> 0) * iw) >>> 8) & 0xff00;
  return (0xff000000 | rb | g) >>> 0;
}

/** Adds `src` scaled by `w` (0-256) to `dst`, saturating per channel: light, glow, sparks. */
export function addPx(dst: number, src: number, w: number): number {
  let r = (dst & 0xff) + (((src & 0xff) * w) >>> 8);
  let g = ((dst >>> 8) & 0xff) + ((((src >>> 8) & 0xff) * w) >>> 8);
  let b = ((dst >>> 16) & 0xff) + ((((src >>> 16) & 0xff) * w) >>> 8);
  if (r > 255) r = 255;
  if (g > 255) g = 255;
  if (b > 255) b = 255;
  return (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * Saturating add of two packed colours, all three channels at once (red and blue share one
 * 32-bit add, green another; a lane that overflowed is forced to 255). For pre-scaled light
 * such as a glow, this is the cheapest way to brighten a pixel.
 */
export function addSat(dst: number, src: number): number {
  let rb = (dst & 0xff00ff) + (src & 0xff00ff);
  rb |= ((rb & 0x1000100) >>> 8) * 0xff;
  let g = (dst & 0xff00) + (src & 0xff00);
  g |= ((g & 0x10000) >>> 8) * 0xff;
  return (0xff000000 | (rb & 0xff00ff) | (g & 0xff00)) >>> 0;
}

/** Scales a pixel's colour by `k` (0-256). */
export function scalePx(p: number, k: number): number {
  const rb = ((((p & 0xff00ff) * k) >>> 8) & 0xff00ff) >>> 0;
  const g = ((((p & 0xff00) >>> 0) * k) >>> 8) & 0xff00;
  return (0xff000000 | rb | g) >>> 0;
}

/** Cross-fades `from` into `out` with weight `w` (0-256) for `to`; all three may not alias `to`. */
export function lerpBuffers(out: Uint32Array, from: Uint32Array, to: Uint32Array, w: number): void {
  if (w <= 0) {
    out.set(from);
    return;
  }
  if (w >= 256) {
    out.set(to);
    return;
  }
  for (let i = 0; i < out.length; i++) out[i] = lerpPx(from[i] as number, to[i] as number, w);
}

/** Blends a solid colour over rows [y0, y1) with weight `w` (0-256): fades, tints, flashes. */
export function tintRows(f: Frame, y0: number, y1: number, colour: number, w: number): void {
  if (w <= 0) return;
  const a = Math.max(0, y0) * f.width;
  const b = Math.min(f.height, y1) * f.width;
  const px = f.px;
  if (w >= 256) {
    px.fill(colour, a, b);
    return;
  }
  for (let i = a; i < b; i++) px[i] = lerpPx(px[i] as number, colour, w);
}

/** A disc with a one-pixel anti-aliased rim, blended at `opacity` (0-1). */
export function drawDisc(
  f: Frame,
  cx: number,
  cy: number,
  r: number,
  colour: number,
  opacity = 1,
  additive = false,
): void {
  const { width, height, px } = f;
  const y0 = Math.max(0, Math.floor(cy - r - 1));
  const y1 = Math.min(height - 1, Math.ceil(cy + r + 1));
  const full = Math.round(opacity * 256);
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    const span = r * r - dy * dy;
    if (span <= -2 * r) continue;
    const half = Math.sqrt(Math.max(0, span));
    const xa = Math.max(0, Math.floor(cx - half - 1));
    const xb = Math.min(width - 1, Math.ceil(cx + half + 1));
    const row = y * width;
    for (let x = xa; x <= xb; x++) {
      const dx = x + 0.5 - cx;
      const d = r - Math.sqrt(dx * dx + dy * dy) + 0.5;
      if (d <= 0) continue;
      const w = d >= 1 ? full : (full * d) | 0;
      const i = row + x;
      px[i] = additive ? addPx(px[i] as number, colour, w) : lerpPx(px[i] as number, colour, w);
    }
  }
}

/** A 1-pixel-wide line from (x0,y0) to (x1,y1), additively blended: rain streaks, sparks. */
export function drawStreak(
  f: Frame,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  colour: number,
  w: number,
) {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  const { width, height, px } = f;
  for (let s = 0; s <= steps; s++) {
    const x = (x0 + ((x1 - x0) * s) / steps) | 0;
    const y = (y0 + ((y1 - y0) * s) / steps) | 0;
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const i = y * width + x;
    px[i] = addPx(px[i] as number, colour, (w * s) / steps);
  }
}

/**
 * Samples `src` into `out` through a zoom `scale` (>= 1) centred at (cx, cy) in source pixels,
 * nearest neighbour with per-frame index tables: the camera's zoom and dolly. One load and one
 * store per pixel.
 */
export function zoomInto(
  out: Frame,
  src: Frame,
  scale: number,
  cx: number,
  cy: number,
  xs: Int32Array,
): void {
  const { width, height } = out;
  const inv = 1 / scale;
  const sx0 = cx - (width / 2) * inv;
  const sy0 = cy - (height / 2) * inv;
  for (let x = 0; x < width; x++) {
    const sx = (sx0 + (x + 0.5) * inv) | 0;
    xs[x] = sx < 0 ? 0 : sx >= src.width ? src.width - 1 : sx;
  }
  const o = out.px;
  const s = src.px;
  for (let y = 0; y < height; y++) {
    let sy = (sy0 + (y + 0.5) * inv) | 0;
    if (sy < 0) sy = 0;
    else if (sy >= src.height) sy = src.height - 1;
    const srow = sy * src.width;
    const orow = y * width;
    for (let x = 0; x < width; x++) o[orow + x] = s[srow + (xs[x] as number)] as number;
  }
}

/** Packs an RGB or RGBA byte buffer (sharp raw output) into opaque packed pixels. */
export function packBytes(bytes: Buffer, channels: number, out: Uint32Array): void {
  for (let i = 0, j = 0; i < out.length; i++, j += channels) {
    out[i] =
      (0xff000000 |
        ((bytes[j + 2] as number) << 16) |
        ((bytes[j + 1] as number) << 8) |
        (bytes[j] as number)) >>>
      0;
  }
}
