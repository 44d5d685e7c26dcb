import { seededRandom } from "../seeded";
import { type Canvas, clamp, luma } from "./canvas";
import { type ColourMatrix, identity } from "./colour-matrix";
import type { WeightedColour } from "./intent";
import type { SchedulerFamily } from "./sampling";

/**
 * The last pass over the internal canvas: one colour matrix (look.ts builds it), tone curve
 * (VAE gamma and black level), split toning and vignette, suppression of negative-prompt
 * colours, posterisation (clipSkip, flat styles) and the scheduler's residual noise. It writes the
 * 8-bit buffer the encoder upscales: RGB, or RGBA with the subjects' coverage for layerDiffuse.
 */
export interface Grade {
  matrix: ColourMatrix;
  gamma: number;
  /** Black level lift, 0-255 units (faded film, some VAEs). */
  lift: number;
  vignette: number;
  /** Teal shadows / orange highlights, 0-1. */
  splitTone: number;
  /** Levels per channel; 0 = off. */
  posterize: number;
  avoid: WeightedColour[];
  noise: { family: SchedulerFamily; karras: boolean; artefacts: number; seed: number };
}

export const neutralGrade = (seed: number): Grade => ({
  matrix: identity(),
  gamma: 1,
  lift: 0,
  vignette: 0,
  splitTone: 0,
  posterize: 0,
  avoid: [],
  noise: { family: "euler", karras: false, artefacts: 0, seed },
});

/** Residual noise per scheduler family: amplitude (levels) and whether channels vary apart. */
const NOISE: Record<SchedulerFamily, { amp: number; colour: boolean; sparse: boolean }> = {
  euler: { amp: 3, colour: false, sparse: false },
  dpm: { amp: 1.5, colour: false, sparse: false },
  sde: { amp: 7, colour: false, sparse: true },
  ancestral: { amp: 5, colour: true, sparse: false },
  ddim: { amp: 1, colour: false, sparse: false },
  lcm: { amp: 0.5, colour: false, sparse: false },
  heun: { amp: 2, colour: false, sparse: false },
  lms: { amp: 2.5, colour: true, sparse: false },
  unipc: { amp: 2, colour: false, sparse: false },
};

/** 2^18 uniform values in -0.5..0.5, made once: residual noise is a table lookup per pixel. */
const TABLE_MASK = (1 << 18) - 1;
const NOISE_TABLE = (() => {
  const random = seededRandom("grade-noise", 1);
  return Float32Array.from({ length: TABLE_MASK + 1 }, () => random() - 0.5);
})();

function hashNoise(i: number, seed: number): number {
  return NOISE_TABLE[(i * 31 + seed) & TABLE_MASK] ?? 0;
}

interface AvoidVector {
  x: number;
  y: number;
  z: number;
  strength: number;
  /** Achromatic colours (black, white, grey) are avoided by lightness instead of hue. */
  lightness?: number;
}

function avoidVectors(avoid: WeightedColour[]): AvoidVector[] {
  return avoid.map(({ rgb, weight }) => {
    const l = luma(rgb[0], rgb[1], rgb[2]);
    const x = rgb[0] - l;
    const y = rgb[1] - l;
    const z = rgb[2] - l;
    const n = Math.hypot(x, y, z);
    const strength = clamp(0.9 * weight, 0, 1);
    return n < 20 ? { x: 0, y: 0, z: 0, strength, lightness: l } : { x: x / n, y: y / n, z: z / n, strength };
  });
}

export function applyGrade(c: Canvas, g: Grade): Uint8ClampedArray {
  const { w, h, rgb, alpha } = c;
  const channels = alpha ? 4 : 3;
  const out = new Uint8ClampedArray(w * h * channels);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11] = g.matrix;
  const lut = new Float32Array(257);
  for (let v = 0; v < 257; v++) lut[v] = g.lift + (255 - g.lift) * (Math.min(v, 255) / 255) ** g.gamma;
  const avoid = avoidVectors(g.avoid);
  const hasAvoid = avoid.length > 0;
  const step = g.posterize > 1 ? 255 / (g.posterize - 1) : 0;
  const { amp: noiseAmp, colour, sparse } = NOISE[g.noise.family];
  const amp = noiseAmp * 2;
  const karras = g.noise.karras;
  const seed = (g.noise.seed | 0) * 7919;
  const blotch = g.noise.artefacts * 14;
  const split = g.splitTone;
  const vignette = g.vignette * 0.5;
  const table = NOISE_TABLE;
  for (let y = 0; y < h; y++) {
    const dy = (y / h - 0.5) * 2;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const o = i * 3;
      const r0 = rgb[o] as number;
      const g0 = rgb[o + 1] as number;
      const b0 = rgb[o + 2] as number;
      let r = m0 * r0 + m1 * g0 + m2 * b0 + m3;
      let gg = m4 * r0 + m5 * g0 + m6 * b0 + m7;
      let b = m8 * r0 + m9 * g0 + m10 * b0 + m11;
      if (hasAvoid) [r, gg, b] = suppress(r, gg, b, avoid);
      if (split > 0) {
        const d = (0.299 * r + 0.587 * gg + 0.114 * b - 128) / 128;
        r += 22 * split * d;
        gg += 4 * split * d;
        b -= 22 * split * d;
      }
      if (vignette > 0) {
        const dx = (x / w - 0.5) * 2;
        const f = 1 - vignette * (dx * dx + dy * dy);
        r *= f;
        gg *= f;
        b *= f;
      }
      r = lut[r < 0 ? 0 : r > 255 ? 256 : r | 0] as number;
      gg = lut[gg < 0 ? 0 : gg > 255 ? 256 : gg | 0] as number;
      b = lut[b < 0 ? 0 : b > 255 ? 256 : b | 0] as number;
      if (step > 0) {
        r = Math.round(r / step) * step;
        gg = Math.round(gg / step) * step;
        b = Math.round(b / step) * step;
      }
      let n = table[(i + seed) & TABLE_MASK] as number;
      if (sparse) n = n * n * n * 8;
      let a = amp;
      if (karras) a *= 1.6 - (0.299 * r + 0.587 * gg + 0.114 * b) / 255;
      const p = i * channels;
      if (colour) {
        out[p] = r + n * a;
        out[p + 1] = gg + (table[(i + seed + 1) & TABLE_MASK] as number) * a;
        out[p + 2] = b + (table[(i + seed + 2) & TABLE_MASK] as number) * a;
      } else {
        const v = n * a + (blotch > 0 ? hashNoise(((y >> 3) << 16) | (x >> 3), seed + 7) * blotch : 0);
        out[p] = r + v;
        out[p + 1] = gg + v;
        out[p + 2] = b + v;
      }
      if (alpha) out[p + 3] = (alpha[i] as number) * 255;
    }
  }
  return out;
}

/** Negative-prompt colours: remove each avoided hue's component (or lift/pull for black/white). */
function suppress(r: number, g: number, b: number, avoid: AvoidVector[]): [number, number, number] {
  for (const a of avoid) {
    const l = luma(r, g, b);
    if (a.lightness !== undefined) {
      // Avoiding black lifts the shadows; avoiding white pulls the highlights down.
      const t =
        a.lightness < 128 ? a.strength * clamp(1 - l / 110) * 70 : -a.strength * clamp((l - 150) / 105) * 80;
      r += t;
      g += t;
      b += t;
      continue;
    }
    const k = (r - l) * a.x + (g - l) * a.y + (b - l) * a.z;
    if (k > 0) {
      // Remove the pixel's component along the avoided hue (keeping its lightness).
      const f = k * a.strength * 1.2;
      r -= a.x * f;
      g -= a.y * f;
      b -= a.z * f;
    }
  }
  return [r, g, b];
}
