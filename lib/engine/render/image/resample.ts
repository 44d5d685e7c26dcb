import { endianness } from "node:os";

/**
 * Nearest-neighbour upscale by an integer factor `f` followed by a separable gaussian on that
 * grid, in JS (the encoder's first upscale step, see encode.ts).
 *
 * Nearest-then-blur is a linear filter, so it runs as a polyphase one: per axis, each output pixel
 * is a weighted sum of the two or three source pixels its mask overlaps, and the blocky
 * intermediate is never built. Weights are 7-bit fixed point summing to 128 (unit gain), so the
 * vertical pass blends four bytes per 32-bit word (two 16-bit lanes at a time) without overflow.
 * Edges repeat the border pixel, as libvips's blur does; the mask is sized as libvips sizes it.
 */

const SHIFT = 7;
const ONE = 1 << SHIFT;
const HALF = ONE >> 1;
/** Bytes 0 and 2 of a word, each in its own 16-bit lane. */
const LANES = 0x00ff00ff;
const ROUND_LANES = (HALF << 16) | HALF;
/** The 16-bit stores of `horizontalPairs` assume byte 0 is the low byte. */
const LITTLE_ENDIAN = endianness() === "LE";

/** Gaussian mask over whole pixels: taps down to 0.2 of the centre, as libvips builds it. */
export function gaussianMask(sigma: number): number[] {
  const sig2 = 2 * sigma * sigma;
  let x = 0;
  while (x < 8 * sigma && Math.exp(-(x * x) / sig2) >= 0.2) x++;
  const r = Math.max(x - 1, 0);
  const mask: number[] = [];
  for (let t = -r; t <= r; t++) mask.push(Math.exp(-(t * t) / sig2));
  return mask;
}

/** Taps of one output phase: source offsets lo, lo + 1, ... with integer weights summing to ONE. */
interface Phase {
  lo: number;
  weights: Int32Array;
}

/** For each phase p of an f-times upscale: the mask folded onto the source pixels it covers. */
function phasesOf(f: number, mask: number[]): Phase[] {
  const r = (mask.length - 1) / 2;
  const total = mask.reduce((a, b) => a + b, 0);
  const phases: Phase[] = [];
  for (let p = 0; p < f; p++) {
    const lo = Math.floor((p - r) / f);
    const sums = new Array<number>(Math.floor((p + r) / f) - lo + 1).fill(0);
    for (let t = -r; t <= r; t++) {
      const k = Math.floor((p + t) / f) - lo;
      sums[k] = (sums[k] ?? 0) + (mask[t + r] ?? 0) / total;
    }
    const weights = Int32Array.from(sums, (s) => Math.round(s * ONE));
    // The rounding slack goes to the heaviest tap: every phase keeps unit gain.
    const heaviest = weights.indexOf(Math.max(...weights));
    weights[heaviest] = (weights[heaviest] ?? 0) + ONE - weights.reduce((a, b) => a + b, 0);
    phases.push({ lo, weights });
  }
  return phases;
}

/** A byte buffer with 16- and 32-bit views of the same memory (allocUnsafeSlow: aligned). */
interface Words {
  bytes: Buffer;
  halves: Uint16Array;
  words: Int32Array;
}

function wordBuffer(bytes: number): Words {
  const buf = Buffer.allocUnsafeSlow(bytes);
  return {
    bytes: buf,
    halves: new Uint16Array(buf.buffer, 0, bytes >> 1),
    words: new Int32Array(buf.buffer, 0, bytes >> 2),
  };
}

/** Writes source rows y0 to y1 - 1 (`channels` bytes a pixel) contiguously into dst from `at`. */
export type Rows = (y0: number, y1: number, dst: Uint8ClampedArray, at: number) => void;

/**
 * The source (w x h, `channels` interleaved 8-bit, produced row by row by `rows`) to
 * (w f) x (h f): nearest by f, then the gaussian `sigma` (in output pixels; below 0.3 none). Rows
 * stream through: each source row is produced and widened once into a small ring the vertical
 * pass reads, so only the output is a full-size buffer.
 */
export function upscaleBlurred(
  rows: Rows,
  w: number,
  h: number,
  channels: number,
  f: number,
  sigma: number,
): Buffer {
  const mask = sigma >= 0.3 ? gaussianMask(sigma) : [1];
  const phases = phasesOf(f, mask);
  const rowLen = w * f * channels;
  // The usual case, RGB doubled by a 3-tap mask: both phases from one pass, two bytes a store.
  const pairs = LITTLE_ENDIAN && channels === 3 && f === 2 && mask.length === 3;
  const pad = phases.reduce((m, ph) => Math.max(m, -ph.lo, ph.lo + ph.weights.length - 1), 0);
  const padded = new Uint8ClampedArray((w + 2 * pad) * channels);
  // Widened source rows: slot s % size holds row s once computed.
  const size = phases.reduce((m, ph) => Math.max(m, ph.weights.length), 0) + 1;
  const ring = wordBuffer(size * rowLen);
  const held = new Int32Array(size).fill(-1);
  const widened = (sy: number): number => {
    const y = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
    const slot = y % size;
    const at = slot * rowLen;
    if (held[slot] === y) return at;
    held[slot] = y;
    const first = pad * channels;
    const last = (w + pad - 1) * channels;
    rows(y, y + 1, padded, first);
    for (let k = 0; k < first; k++) {
      padded[k] = padded[first + (k % channels)] as number;
      padded[last + channels + k] = padded[last + (k % channels)] as number;
    }
    if (pairs) horizontalPairs(padded, ring.halves, at >> 1, w, phases);
    else {
      for (let p = 0; p < f; p++) {
        horizontal(padded, ring.bytes, at + p * channels, w, channels, f, pad, phases[p] as Phase);
      }
    }
    return at;
  };
  const out = wordBuffer(h * f * rowLen);
  // Whole-word blending needs rows of whole words.
  const words = rowLen % 4 === 0;
  if (words && twoTapPair(phases)) {
    // Output rows 2i and 2i + 1 from source rows i - 1, i, i + 1, the middle one read once.
    for (let i = 0; i < h; i++) {
      const mid = widened(i);
      pairRows(ring.words, out.words, widened(i - 1), mid, widened(i + 1), 2 * i * rowLen, rowLen, phases);
    }
    return out.bytes;
  }
  const taps: number[] = [];
  for (let y = 0; y < h * f; y++) {
    const phase = phases[y % f] as Phase;
    const first = Math.floor(y / f) + phase.lo;
    taps.length = 0;
    for (let t = 0; t < phase.weights.length; t++) taps.push(widened(first + t));
    vertical(ring, out, words, y * rowLen, taps, rowLen, phase.weights);
  }
  return out.bytes;
}

/** One phase of a source row: every f-th pixel of the widened row, from its taps. */
function horizontal(
  padded: Uint8ClampedArray,
  wide: Uint8Array,
  start: number,
  w: number,
  channels: number,
  f: number,
  pad: number,
  { lo, weights }: Phase,
): void {
  const step = f * channels;
  const end = start + w * step;
  const first = (pad + lo) * channels;
  const taps = weights.length;
  const w0 = weights[0] as number;
  const w1 = weights[1] ?? 0;
  const w2 = weights[2] ?? 0;
  for (let c = 0; c < channels; c++) {
    let o = start + c;
    let i = first + c;
    if (taps === 1) {
      for (; o < end; o += step, i += channels) wide[o] = padded[i] as number;
    } else if (taps === 2) {
      for (; o < end; o += step, i += channels) {
        wide[o] = (w0 * (padded[i] as number) + w1 * (padded[i + channels] as number) + HALF) >> SHIFT;
      }
    } else if (taps === 3) {
      const i2 = 2 * channels;
      for (; o < end; o += step, i += channels) {
        wide[o] =
          (w0 * (padded[i] as number) +
            w1 * (padded[i + channels] as number) +
            w2 * (padded[i + i2] as number) +
            HALF) >>
          SHIFT;
      }
    } else {
      for (; o < end; o += step, i += channels) {
        let sum = HALF;
        for (let t = 0, j = i; t < taps; t++, j += channels)
          sum += (weights[t] as number) * (padded[j] as number);
        wide[o] = sum >> SHIFT;
      }
    }
  }
}

/**
 * `horizontal` for RGB, f = 2 and two taps per phase (offsets -1, 0 and 0, +1): one walk along
 * the row yields both output pixels of each source pixel, stored as three 16-bit halves.
 */
function horizontalPairs(
  padded: Uint8ClampedArray,
  wide: Uint16Array,
  start: number,
  w: number,
  phases: Phase[],
): void {
  const [a0, b0] = (phases[0] as Phase).weights as unknown as [number, number];
  const [a1, b1] = (phases[1] as Phase).weights as unknown as [number, number];
  let pr = padded[0] as number;
  let pg = padded[1] as number;
  let pb = padded[2] as number;
  let cr = padded[3] as number;
  let cg = padded[4] as number;
  let cb = padded[5] as number;
  for (let i = 0, j = 6, o = start; i < w; i++, j += 3, o += 3) {
    const nr = padded[j] as number;
    const ng = padded[j + 1] as number;
    const nb = padded[j + 2] as number;
    const r0 = (a0 * pr + b0 * cr + HALF) >> SHIFT;
    const g0 = (a0 * pg + b0 * cg + HALF) >> SHIFT;
    const b0_ = (a0 * pb + b0 * cb + HALF) >> SHIFT;
    const r1 = (a1 * cr + b1 * nr + HALF) >> SHIFT;
    const g1 = (a1 * cg + b1 * ng + HALF) >> SHIFT;
    const b1_ = (a1 * cb + b1 * nb + HALF) >> SHIFT;
    wide[o] = r0 | (g0 << 8);
    wide[o + 1] = b0_ | (r1 << 8);
    wide[o + 2] = g1 | (b1_ << 8);
    pr = cr;
    pg = cg;
    pb = cb;
    cr = nr;
    cg = ng;
    cb = nb;
  }
}

/** f = 2 with two taps per phase, at offsets -1, 0 and 0, +1 (a 3-tap mask). */
function twoTapPair(phases: Phase[]): boolean {
  const [p0, p1] = phases;
  return (
    phases.length === 2 && p0?.lo === -1 && p0.weights.length === 2 && p1?.lo === 0 && p1.weights.length === 2
  );
}

/**
 * `vertical` for both phases of f = 2 at once: rows at byte offsets `above`, `mid`, `below` of
 * `wide` blend into output rows `at` (above with mid) and `at + rowLen` (mid with below).
 */
function pairRows(
  wide: Int32Array,
  out: Int32Array,
  above: number,
  mid: number,
  below: number,
  at: number,
  rowLen: number,
  phases: Phase[],
): void {
  const [a0, b0] = (phases[0] as Phase).weights as unknown as [number, number];
  const [a1, b1] = (phases[1] as Phase).weights as unknown as [number, number];
  const n = rowLen >> 2;
  for (let x = 0, pa = above >> 2, pm = mid >> 2, pb = below >> 2, to = at >> 2; x < n; x++) {
    const p = wide[pa + x] as number;
    const q = wide[pm + x] as number;
    const r = wide[pb + x] as number;
    const pe = p & LANES;
    const po = (p >>> 8) & LANES;
    const qe = q & LANES;
    const qo = (q >>> 8) & LANES;
    const re = r & LANES;
    const ro = (r >>> 8) & LANES;
    const e0 = a0 * pe + b0 * qe + ROUND_LANES;
    const o0 = a0 * po + b0 * qo + ROUND_LANES;
    const e1 = a1 * qe + b1 * re + ROUND_LANES;
    const o1 = a1 * qo + b1 * ro + ROUND_LANES;
    out[to + x] = ((e0 >>> SHIFT) & LANES) | ((o0 << (8 - SHIFT)) & ~LANES);
    out[to + n + x] = ((e1 >>> SHIFT) & LANES) | ((o1 << (8 - SHIFT)) & ~LANES);
  }
}

/**
 * An output row into `dst` at byte `at`, blending the widened rows at byte offsets `rows` by
 * `weights`. Two or three taps over word-aligned rows blend whole words: bytes 0 and 2 in one
 * pair of lanes, bytes 1 and 3 in the other.
 */
function vertical(
  wide: Words,
  dst: Words,
  words: boolean,
  at: number,
  rows: number[],
  rowLen: number,
  weights: Int32Array,
): void {
  const taps = weights.length;
  const a = rows[0] as number;
  if (taps === 1) {
    dst.bytes.set(wide.bytes.subarray(a, a + rowLen), at);
    return;
  }
  const w0 = weights[0] as number;
  const w1 = weights[1] as number;
  const b = rows[1] as number;
  if (words && taps === 2) {
    const s = wide.words;
    const d = dst.words;
    for (let x = 0, n = rowLen >> 2, pa = a >> 2, pb = b >> 2, to = at >> 2; x < n; x++) {
      const p = s[pa + x] as number;
      const q = s[pb + x] as number;
      const even = w0 * (p & LANES) + w1 * (q & LANES) + ROUND_LANES;
      const odd = w0 * ((p >>> 8) & LANES) + w1 * ((q >>> 8) & LANES) + ROUND_LANES;
      d[to + x] = ((even >>> SHIFT) & LANES) | ((odd << (8 - SHIFT)) & ~LANES);
    }
    return;
  }
  if (words && taps === 3) {
    const w2 = weights[2] as number;
    const s = wide.words;
    const d = dst.words;
    const pc = (rows[2] as number) >> 2;
    for (let x = 0, n = rowLen >> 2, pa = a >> 2, pb = b >> 2, to = at >> 2; x < n; x++) {
      const p = s[pa + x] as number;
      const q = s[pb + x] as number;
      const r = s[pc + x] as number;
      const even = w0 * (p & LANES) + w1 * (q & LANES) + w2 * (r & LANES) + ROUND_LANES;
      const odd =
        w0 * ((p >>> 8) & LANES) + w1 * ((q >>> 8) & LANES) + w2 * ((r >>> 8) & LANES) + ROUND_LANES;
      d[to + x] = ((even >>> SHIFT) & LANES) | ((odd << (8 - SHIFT)) & ~LANES);
    }
    return;
  }
  const s = wide.bytes;
  const d = dst.bytes;
  for (let x = 0; x < rowLen; x++) {
    let sum = HALF;
    for (let t = 0; t < taps; t++) sum += (weights[t] as number) * (s[(rows[t] as number) + x] as number);
    d[at + x] = sum >> SHIFT;
  }
}
