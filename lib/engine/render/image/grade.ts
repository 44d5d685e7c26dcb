import { seededRandom } from "../shared/seeded";
import { type Canvas, clamp, luma } from "./canvas";
import { type ColourMatrix, identity } from "./colour-matrix";
import type { WeightedColour } from "./intent";
import type { SchedulerFamily } from "./sampling";

/**
 * The last pass over the internal canvas: one colour matrix (look.ts builds it), tone curve
 * (VAE gamma and black level), split toning and vignette, suppression of negative-prompt
 * colours, posterisation (clipSkip, flat styles) and the scheduler's residual noise. It produces
 * the 8-bit picture the encoder upscales, row by row as the upscale asks for them: RGB, or RGBA
 * with the subjects' coverage for layerDiffuse.
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

/**
 * The tone curve's index for a channel value: its integer part, 0 below 0 and 256 above 255
 * (the curve's top entry), computed without branches (dark, noisy pixels hover around 0).
 */
function toneIndex(v: number): number {
  const i = v | 0;
  const clamped = i & ~(i >> 31);
  return Math.min(clamped, 256);
}

/**
 * Everything the per-pixel loops read, built in one place so they always see the same shapes
 * (typed arrays and numbers): the loops stay optimised from one render to the next.
 */
interface GradePass {
  w: number;
  h: number;
  rgb: Float32Array;
  alpha: Float32Array | null;
  channels: number;
  /** The colour matrix, 3 x 4 row-major. */
  m: Float64Array;
  lut: Float32Array;
  avoid: AvoidVector[];
  step: number;
  amp: number;
  colour: boolean;
  sparse: boolean;
  karras: boolean;
  /** Noise table offset, already reduced mod its size (keeps index math in int32). */
  seed: number;
  blotch: number;
  split: number;
  vignette: number;
  /** Squared horizontal distance from the centre (-1..1) per column, for the vignette. */
  dx2: Float64Array;
}

/**
 * The graded picture, produced row by row on demand: `write(y0, y1, dst, at)` writes rows y0 to
 * y1 - 1 (w x channels bytes each) contiguously into `dst` from byte `at`. The encoder's upscale
 * consumes it a row at a time, so the full 8-bit picture is only built where it is needed whole.
 */
export interface Graded {
  w: number;
  h: number;
  channels: 3 | 4;
  write(y0: number, y1: number, dst: Uint8ClampedArray, at: number): void;
}

export function gradeRows(c: Canvas, g: Grade): Graded {
  const { w, h, rgb, alpha } = c;
  const channels = alpha ? 4 : 3;
  // Tone curve by the integer part of a channel: 0-255, and 256 for anything above.
  const lut = new Float32Array(257);
  for (let v = 0; v < 257; v++) lut[v] = g.lift + (255 - g.lift) * (Math.min(v, 255) / 255) ** g.gamma;
  const { amp, colour, sparse } = NOISE[g.noise.family];
  const dx2 = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    const dx = (x / w - 0.5) * 2;
    dx2[x] = dx * dx;
  }
  const pass: GradePass = {
    w,
    h,
    rgb,
    alpha,
    channels,
    m: Float64Array.from(g.matrix),
    lut,
    avoid: avoidVectors(g.avoid),
    step: g.posterize > 1 ? 255 / (g.posterize - 1) : 0,
    amp: amp * 2,
    colour,
    sparse,
    karras: g.noise.karras,
    seed: ((g.noise.seed | 0) * 7919) & TABLE_MASK,
    blotch: g.noise.artefacts * 14,
    split: g.splitTone,
    vignette: g.vignette * 0.5,
    dx2,
  };
  // Without per-pixel extras (negative colours, split toning, posterisation, scheduler-specific
  // noise, coverage) the common loop does the same work without testing for them.
  const extras =
    alpha !== null ||
    pass.avoid.length > 0 ||
    pass.split > 0 ||
    pass.step > 0 ||
    sparse ||
    colour ||
    pass.karras ||
    pass.blotch > 0;
  const rows = extras ? gradeAll : gradeCommon;
  return { w, h, channels, write: (y0, y1, dst, at) => rows(pass, y0, y1, dst, at) };
}

/** The whole graded picture as one 8-bit buffer. */
export function gradedPixels(g: Graded): Uint8ClampedArray {
  const out = new Uint8ClampedArray(g.w * g.h * g.channels);
  g.write(0, g.h, out, 0);
  return out;
}

/**
 * The common grade (matrix, vignette, tone curve, monochrome grain) without per-pixel tests.
 * Without a vignette its factor is exactly 1, the same result as skipping it.
 */
function gradeCommon(
  { w, h, rgb, m, lut, amp, seed, vignette, dx2 }: GradePass,
  y0: number,
  y1: number,
  out: Uint8ClampedArray,
  at: number,
): void {
  const table = NOISE_TABLE;
  const m0 = m[0] as number;
  const m1 = m[1] as number;
  const m2 = m[2] as number;
  const m3 = m[3] as number;
  const m4 = m[4] as number;
  const m5 = m[5] as number;
  const m6 = m[6] as number;
  const m7 = m[7] as number;
  const m8 = m[8] as number;
  const m9 = m[9] as number;
  const m10 = m[10] as number;
  const m11 = m[11] as number;
  for (let y = y0, i = y0 * w, o = i * 3, p = at; y < y1; y++) {
    const dy = (y / h - 0.5) * 2;
    const dy2 = dy * dy;
    for (let x = 0; x < w; x++, i++, o += 3, p += 3) {
      const r0 = rgb[o] as number;
      const g0 = rgb[o + 1] as number;
      const b0 = rgb[o + 2] as number;
      const f = 1 - vignette * ((dx2[x] as number) + dy2);
      const r = (m0 * r0 + m1 * g0 + m2 * b0 + m3) * f;
      const gg = (m4 * r0 + m5 * g0 + m6 * b0 + m7) * f;
      const b = (m8 * r0 + m9 * g0 + m10 * b0 + m11) * f;
      const v = (table[(i + seed) & TABLE_MASK] as number) * amp;
      out[p] = (lut[toneIndex(r)] as number) + v;
      out[p + 1] = (lut[toneIndex(gg)] as number) + v;
      out[p + 2] = (lut[toneIndex(b)] as number) + v;
    }
  }
}

/** Every step of the grade, each tested per pixel. */
function gradeAll(pass: GradePass, y0: number, y1: number, out: Uint8ClampedArray, at: number): void {
  const { w, h, rgb, alpha, channels, m, lut, avoid, step, amp, colour, sparse, karras, seed } = pass;
  const { blotch, split, vignette, dx2 } = pass;
  const hasAvoid = avoid.length > 0;
  const px = new Float64Array(3);
  const table = NOISE_TABLE;
  const m0 = m[0] as number;
  const m1 = m[1] as number;
  const m2 = m[2] as number;
  const m3 = m[3] as number;
  const m4 = m[4] as number;
  const m5 = m[5] as number;
  const m6 = m[6] as number;
  const m7 = m[7] as number;
  const m8 = m[8] as number;
  const m9 = m[9] as number;
  const m10 = m[10] as number;
  const m11 = m[11] as number;
  for (let y = y0, i = y0 * w, o = i * 3, p = at; y < y1; y++) {
    const dy = (y / h - 0.5) * 2;
    const dy2 = dy * dy;
    for (let x = 0; x < w; x++, i++, o += 3, p += channels) {
      const r0 = rgb[o] as number;
      const g0 = rgb[o + 1] as number;
      const b0 = rgb[o + 2] as number;
      let r = m0 * r0 + m1 * g0 + m2 * b0 + m3;
      let gg = m4 * r0 + m5 * g0 + m6 * b0 + m7;
      let b = m8 * r0 + m9 * g0 + m10 * b0 + m11;
      if (hasAvoid) {
        suppress(r, gg, b, avoid, px);
        r = px[0] as number;
        gg = px[1] as number;
        b = px[2] as number;
      }
      if (split > 0) {
        const d = (0.299 * r + 0.587 * gg + 0.114 * b - 128) / 128;
        r += 22 * split * d;
        gg += 4 * split * d;
        b -= 22 * split * d;
      }
      if (vignette > 0) {
        const f = 1 - vignette * ((dx2[x] as number) + dy2);
        r *= f;
        gg *= f;
        b *= f;
      }
      r = lut[toneIndex(r)] as number;
      gg = lut[toneIndex(gg)] as number;
      b = lut[toneIndex(b)] as number;
      if (step > 0) {
        r = Math.round(r / step) * step;
        gg = Math.round(gg / step) * step;
        b = Math.round(b / step) * step;
      }
      let n = table[(i + seed) & TABLE_MASK] as number;
      if (sparse) n = n * n * n * 8;
      let a = amp;
      if (karras) a *= 1.6 - (0.299 * r + 0.587 * gg + 0.114 * b) / 255;
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
}

/** Negative-prompt colours: remove each avoided hue's component (or lift/pull for black/white). */
function suppress(r: number, g: number, b: number, avoid: AvoidVector[], out: Float64Array): void {
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
  out[0] = r;
  out[1] = g;
  out[2] = b;
}
