import { boxBlur, type Canvas, clamp, lumaOf, noiseField, sobel } from "./canvas";
import type { Style } from "./vocabulary";

/**
 * Style words that need a neighbourhood (glow, bleeding, outlines, brush strokes), applied to the
 * internal canvas before the per-pixel grade. Colour-only styles (pastel, monochrome, vintage,
 * cinematic, vivid) are colour matrices in grade.ts. Each strength is 0-1.
 */

function channel(c: Canvas, k: number): Float32Array {
  const out = new Float32Array(c.w * c.h);
  for (let i = 0; i < out.length; i++) out[i] = c.rgb[i * 3 + k] ?? 0;
  return out;
}

/**
 * Neon: bright things bloom (blurred highlights added back), everything else sinks into night.
 * The bloom is blurred at half size: it is soft anyway, and that quarters the cost.
 */
function neon(c: Canvas, s: number): void {
  const hw = Math.max(1, c.w >> 1);
  const hh = Math.max(1, c.h >> 1);
  const r = Math.max(1, Math.round(Math.max(c.w, c.h) / 140));
  const bright = [0, 1, 2].map(() => new Float32Array(hw * hh)) as [Float32Array, Float32Array, Float32Array];
  const [br, bg, bb] = bright;
  for (let y = 0; y < hh; y++) {
    for (let x = 0, j = y * hw, o = y * 2 * c.w * 3; x < hw; x++, j++, o += 6) {
      br[j] = Math.max(0, (c.rgb[o] as number) - 110) * 1.4;
      bg[j] = Math.max(0, (c.rgb[o + 1] as number) - 110) * 1.4;
      bb[j] = Math.max(0, (c.rgb[o + 2] as number) - 110) * 1.4;
    }
  }
  const [gr, gg, gb] = bright.map((b) => boxBlur(boxBlur(b, hw, hh, r), hw, hh, r)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const keep = 1 - 0.25 * s;
  const rgb = c.rgb;
  for (let y = 0, o = 0; y < c.h; y++) {
    const row = Math.min(hh - 1, y >> 1) * hw;
    for (let x = 0; x < c.w; x++, o += 3) {
      const j = row + Math.min(hw - 1, x >> 1);
      rgb[o] = (rgb[o] as number) * keep + (gr[j] as number) * 0.9 * s;
      rgb[o + 1] = (rgb[o + 1] as number) * keep + (gg[j] as number) * 0.9 * s;
      rgb[o + 2] = (rgb[o + 2] as number) * keep + (gb[j] as number) * 0.9 * s;
    }
  }
}

/** Watercolour: pigment bleeds, pools dark at edges, paper shows through in the lights. */
function watercolor(c: Canvas, s: number, random: () => number): void {
  const edges = sobel(lumaOf(c), c.w, c.h);
  const paper = noiseField(c.w, c.h, 24, 2, random);
  const r = Math.max(1, Math.round(Math.max(c.w, c.h) / 180));
  for (let k = 0; k < 3; k++) {
    const soft = boxBlur(channel(c, k), c.w, c.h, r);
    for (let i = 0; i < soft.length; i++) {
      const o = i * 3 + k;
      const bled = (c.rgb[o] ?? 0) * (1 - 0.6 * s) + (soft[i] ?? 0) * 0.6 * s;
      const pooled = bled * (1 - clamp((edges[i] ?? 0) * 2.5) * 0.45 * s);
      const washed = pooled * (1 - 0.28 * s) + 250 * 0.28 * s;
      c.rgb[o] = washed * (1 - 0.08 * s + 0.12 * s * (paper[i] ?? 0.5));
    }
  }
}

/** Oil: colours smear along stroke-shaped noise and flatten into daubs. */
function oil(c: Canvas, s: number, random: () => number): void {
  const strokes = noiseField(c.w, c.h, 40, 2, random, 4);
  const r = Math.max(1, Math.round(Math.max(c.w, c.h) / 220));
  for (let k = 0; k < 3; k++) {
    const soft = boxBlur(channel(c, k), c.w, c.h, r);
    for (let i = 0; i < soft.length; i++) {
      const o = i * 3 + k;
      const v = (c.rgb[o] ?? 0) * (1 - 0.7 * s) + (soft[i] ?? 0) * 0.7 * s;
      c.rgb[o] = v * (1 + ((strokes[i] ?? 0.5) - 0.5) * 0.35 * s);
    }
  }
}

/** Pencil sketch: edges as graphite lines, darks hatched, on warm paper. */
function sketch(c: Canvas, s: number): void {
  const l = lumaOf(c);
  const edges = sobel(l, c.w, c.h);
  for (let y = 0; y < c.h; y++) {
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const v = (l[i] ?? 0) / 255;
      const hatch = (x + y) % 4 === 0 && v < 0.55 ? 0.35 : (x - y + 4096) % 5 === 0 && v < 0.3 ? 0.3 : 0;
      const ink = clamp((edges[i] ?? 0) * 3.5 + hatch + (1 - v) * 0.2);
      const o = i * 3;
      for (let k = 0; k < 3; k++) {
        const paper = [246, 240, 228][k] ?? 240;
        const drawn = paper * (1 - ink * 0.85);
        c.rgb[o + k] = (c.rgb[o + k] ?? 0) * (1 - s) + drawn * s;
      }
    }
  }
}

/** Anime / cartoon: dark outlines around shapes (the flat colours are a posterize in grade.ts). */
function outlines(c: Canvas, s: number): void {
  const edges = sobel(lumaOf(c), c.w, c.h);
  for (let i = 0; i < edges.length; i++) {
    const e = clamp(((edges[i] ?? 0) - 0.08) * 6) * s;
    if (e <= 0) continue;
    const o = i * 3;
    c.rgb[o] = (c.rgb[o] ?? 0) * (1 - 0.8 * e);
    c.rgb[o + 1] = (c.rgb[o + 1] ?? 0) * (1 - 0.8 * e);
    c.rgb[o + 2] = (c.rgb[o + 2] ?? 0) * (1 - 0.8 * e);
  }
}

export function applyStyles(c: Canvas, styles: Map<Style, number>, random: () => number): void {
  const s = (k: Style) => clamp(styles.get(k) ?? 0);
  if (s("oil") > 0) oil(c, s("oil"), random);
  if (s("watercolor") > 0) watercolor(c, s("watercolor"), random);
  if (s("neon") > 0) neon(c, s("neon"));
  if (s("anime") > 0) outlines(c, s("anime"));
  if (s("sketch") > 0) sketch(c, s("sketch"));
}
