import { type Rgb, seededRandom } from "../shared/seeded";

/**
 * The internal picture the scene is painted into: float RGB (0-255) at a fraction of the output
 * size, plus coverage (0-1) for transparent output. Painting at reduced size keeps the whole render
 * within a few passes over ~0.25 M pixels; the encoder upscales it (encode.ts).
 */
export interface Canvas {
  w: number;
  h: number;
  rgb: Float32Array;
  /** Coverage of foreground subjects; only kept for layerDiffuse (transparent) output. */
  alpha: Float32Array | null;
}

export function createCanvas(w: number, h: number, withAlpha: boolean): Canvas {
  return { w, h, rgb: new Float32Array(w * h * 3), alpha: withAlpha ? new Float32Array(w * h) : null };
}

export const clamp = (v: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, v));
export const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  mix(a[0], b[0], t),
  mix(a[1], b[1], t),
  mix(a[2], b[2], t),
];
export const scaleRgb = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];
export const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/** A fast integer hash to 0-1 for per-pixel decisions (lit windows, stars) without a PRNG state. */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Blends `colour` over pixel `i` with opacity `a`; `cover` marks it as foreground for alpha. */
export function blendPixel(c: Canvas, i: number, colour: Rgb, a: number, cover = false): void {
  if (a <= 0) return;
  const o = i * 3;
  const d = c.rgb;
  d[o] = (d[o] ?? 0) + (colour[0] - (d[o] ?? 0)) * a;
  d[o + 1] = (d[o + 1] ?? 0) + (colour[1] - (d[o + 1] ?? 0)) * a;
  d[o + 2] = (d[o + 2] ?? 0) + (colour[2] - (d[o + 2] ?? 0)) * a;
  if (cover && c.alpha) c.alpha[i] = (c.alpha[i] ?? 0) + (1 - (c.alpha[i] ?? 0)) * a;
}

/** `blendPixel` with scalar channels: for hot loops, where an array per pixel would feed the GC. */
export function blend3(
  c: Canvas,
  i: number,
  r: number,
  g: number,
  b: number,
  a: number,
  cover = false,
): void {
  if (a <= 0) return;
  const o = i * 3;
  const d = c.rgb;
  d[o] = (d[o] ?? 0) + (r - (d[o] ?? 0)) * a;
  d[o + 1] = (d[o + 1] ?? 0) + (g - (d[o + 1] ?? 0)) * a;
  d[o + 2] = (d[o + 2] ?? 0) + (b - (d[o + 2] ?? 0)) * a;
  if (cover && c.alpha) c.alpha[i] = (c.alpha[i] ?? 0) + (1 - (c.alpha[i] ?? 0)) * a;
}

/** Adds light (glows, reflections): additive, so overlapping glows brighten. */
export function addPixel(c: Canvas, i: number, colour: Rgb, a: number): void {
  const o = i * 3;
  const d = c.rgb;
  d[o] = (d[o] ?? 0) + colour[0] * a;
  d[o + 1] = (d[o + 1] ?? 0) + colour[1] * a;
  d[o + 2] = (d[o + 2] ?? 0) + colour[2] * a;
}

/** Fills rows y0..y1 with a vertical gradient through `stops` ([position 0-1, colour]). */
export function verticalGradient(c: Canvas, y0: number, y1: number, stops: [number, Rgb][]): void {
  const span = Math.max(1, y1 - y0);
  for (let y = Math.max(0, y0); y < Math.min(c.h, y1); y++) {
    const t = (y - y0) / span;
    let k = 0;
    while (k < stops.length - 2 && t > (stops[k + 1]?.[0] ?? 1)) k++;
    const [p0, c0] = stops[k] ?? [0, [0, 0, 0] as Rgb];
    const [p1, c1] = stops[k + 1] ?? [1, c0];
    const col = mixRgb(c0, c1, smoothstep(p0, p1, t));
    // One pixel, then the row doubled by block copies.
    const o = y * c.w * 3;
    c.rgb[o] = col[0];
    c.rgb[o + 1] = col[1];
    c.rgb[o + 2] = col[2];
    for (let n = 3, end = c.w * 3; n < end; n *= 2) c.rgb.copyWithin(o + n, o, o + Math.min(n, end - n));
  }
}

/** Noise fields are computed once per shape at twice the size and windowed per render. */
const NOISE_CACHE = new Map<string, Float32Array>();
const NOISE_CACHE_ENTRIES = 24;

/**
 * Smooth value noise (0-1, mean ~0.5) over w x h, `cells` lattice cells across the width, summed
 * over octaves. A render takes a w x h window at a seeded offset out of a cached 2w x 2h field
 * computed once per (size, cells, octaves, stretch): the same statistics as a fresh field, at the
 * cost of a row copy instead of ~3 operations per pixel per octave.
 */
export function noiseField(
  w: number,
  h: number,
  cells: number,
  octaves: number,
  random: () => number,
  stretchX = 1,
): Float32Array {
  const ox = Math.floor(random() * w);
  const oy = Math.floor(random() * h);
  if (h <= 1) return computeNoise(w, h, cells, octaves, random, stretchX);
  const key = `${w}x${h}:${cells}:${octaves}:${stretchX}`;
  let big = NOISE_CACHE.get(key);
  if (!big) {
    big = computeNoise(w * 2, h * 2, cells * 2, octaves, seededRandom("noise", key), stretchX);
    NOISE_CACHE.set(key, big);
    const oldest = NOISE_CACHE.keys().next().value;
    if (NOISE_CACHE.size > NOISE_CACHE_ENTRIES && oldest !== undefined) NOISE_CACHE.delete(oldest);
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const start = (y + oy) * w * 2 + ox;
    out.set(big.subarray(start, start + w), y * w);
  }
  return out;
}

/** Value noise: a random lattice per octave, interpolated separably (rows, then one lerp per pixel). */
function computeNoise(
  w: number,
  h: number,
  cells: number,
  octaves: number,
  random: () => number,
  stretchX = 1,
): Float32Array {
  const out = new Float32Array(w * h);
  let amp = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const cx = Math.max(1, Math.round((cells * 2 ** o) / stretchX));
    const cy = Math.max(1, Math.round(cells * 2 ** o * (h / w)));
    const lattice = new Float32Array((cx + 1) * (cy + 1));
    for (let i = 0; i < lattice.length; i++) lattice[i] = random();
    const rows = new Float32Array((cy + 1) * w);
    for (let x = 0; x < w; x++) {
      const fx = (x / w) * cx;
      const x0 = Math.floor(fx);
      const t = smoothstep(0, 1, fx - x0);
      for (let r = 0; r <= cy; r++) {
        const a = lattice[r * (cx + 1) + x0] ?? 0;
        const b = lattice[r * (cx + 1) + Math.min(cx, x0 + 1)] ?? 0;
        rows[r * w + x] = a + (b - a) * t;
      }
    }
    for (let y = 0; y < h; y++) {
      const fy = (y / h) * cy;
      const y0 = Math.floor(fy);
      const t = smoothstep(0, 1, fy - y0);
      const ra = y0 * w;
      const rb = Math.min(cy, y0 + 1) * w;
      let i = y * w;
      for (let x = 0; x < w; x++, i++) {
        const a = rows[ra + x] ?? 0;
        out[i] = (out[i] ?? 0) + (a + ((rows[rb + x] ?? 0) - a) * t) * amp;
      }
    }
    total += amp;
    amp *= 0.5;
  }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / total;
  return out;
}

/** 1-D fractal noise (0-1) sampled at `n` points: ridgelines and skylines. */
export function noise1d(n: number, cells: number, octaves: number, random: () => number): Float32Array {
  return noiseField(n, 1, cells, octaves, random);
}

/**
 * Separable box blur of one channel, radius r (used for glows and masks at internal size). Both
 * passes run along rows (the vertical one keeps a running sum per column), in memory order.
 */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r < 1) return src.slice();
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const perN = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let x = -r; x <= r; x++) acc += src[row + clampIndex(x, w)] as number;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = acc * perN;
      acc += (src[row + clampIndex(x + r + 1, w)] as number) - (src[row + clampIndex(x - r, w)] as number);
    }
  }
  const acc = new Float64Array(w);
  for (let y = -r; y <= r; y++) {
    const row = clampIndex(y, h) * w;
    for (let x = 0; x < w; x++) acc[x] = (acc[x] as number) + (tmp[row + x] as number);
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const add = clampIndex(y + r + 1, h) * w;
    const drop = clampIndex(y - r, h) * w;
    for (let x = 0; x < w; x++) {
      const a = acc[x] as number;
      out[row + x] = a * perN;
      acc[x] = a + ((tmp[add + x] as number) - (tmp[drop + x] as number));
    }
  }
  return out;
}

function clampIndex(i: number, n: number): number {
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/** Luminance of the canvas (0-255), one value per pixel. */
export function lumaOf(c: Canvas): Float32Array {
  const out = new Float32Array(c.w * c.h);
  for (let i = 0, o = 0; i < out.length; i++, o += 3) {
    out[i] = luma(c.rgb[o] ?? 0, c.rgb[o + 1] ?? 0, c.rgb[o + 2] ?? 0);
  }
  return out;
}

/** Sobel gradient magnitude of a single channel, normalised so an 8-bit step edge gives ~1. */
export function sobel(src: Float32Array | Uint8Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const tl = src[i - w - 1] ?? 0;
      const t = src[i - w] ?? 0;
      const tr = src[i - w + 1] ?? 0;
      const l = src[i - 1] ?? 0;
      const r = src[i + 1] ?? 0;
      const bl = src[i + w - 1] ?? 0;
      const b = src[i + w] ?? 0;
      const br = src[i + w + 1] ?? 0;
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      // A full 0-255 step gives |g| = 4 * 255 = 1020.
      out[i] = Math.sqrt(gx * gx + gy * gy) / 1020;
    }
  }
  return out;
}
