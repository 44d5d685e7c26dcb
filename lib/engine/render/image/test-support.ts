import sharp from "sharp";
import type { ImageRenderParams } from "./params";

/** Helpers for the renderer's tests: decoding outputs and measuring what parameters promise. */

export const base = (patch: Partial<ImageRenderParams> = {}): ImageRenderParams => ({
  width: 256,
  height: 256,
  seed: 1234,
  prompt: "a lighthouse on a cliff at dusk",
  format: "PNG",
  quality: 90,
  ...patch,
});

export interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export async function decoded(bytes: Buffer, keepAlpha = false): Promise<Decoded> {
  const img = keepAlpha ? sharp(bytes).ensureAlpha() : sharp(bytes).removeAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function grey(d: Decoded): Float32Array {
  const out = new Float32Array(d.width * d.height);
  for (let i = 0; i < out.length; i++) {
    const o = i * d.channels;
    out[i] = 0.299 * (d.data[o] ?? 0) + 0.587 * (d.data[o + 1] ?? 0) + 0.114 * (d.data[o + 2] ?? 0);
  }
  return out;
}

export function meanRgb(d: Decoded): [number, number, number] {
  const sum = [0, 0, 0];
  const n = d.width * d.height;
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (d.data[i * d.channels + k] ?? 0);
  return sum.map((s) => s / n) as [number, number, number];
}

export function lumaStd(d: Decoded): number {
  const g = grey(d);
  const mean = g.reduce((a, b) => a + b, 0) / g.length;
  return Math.sqrt(g.reduce((a, b) => a + (b - mean) ** 2, 0) / g.length);
}

/** Mean HSV saturation (0-1). */
export function saturationOf(d: Decoded): number {
  let s = 0;
  const n = d.width * d.height;
  for (let i = 0; i < n; i++) {
    const o = i * d.channels;
    const r = d.data[o] ?? 0;
    const g = d.data[o + 1] ?? 0;
    const b = d.data[o + 2] ?? 0;
    const max = Math.max(r, g, b);
    s += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  return s / n;
}

/** High-frequency energy: mean absolute 4-neighbour Laplacian of luma. */
export function highFrequency(d: Decoded): number {
  const g = grey(d);
  const w = d.width;
  let sum = 0;
  for (let y = 1; y < d.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      sum += Math.abs(
        4 * (g[i] ?? 0) - (g[i - 1] ?? 0) - (g[i + 1] ?? 0) - (g[i - w] ?? 0) - (g[i + w] ?? 0),
      );
    }
  }
  return sum / ((d.width - 2) * (d.height - 2));
}

/** Redness: how far red stands above the other two channels, averaged. */
export function redness(d: Decoded): number {
  let s = 0;
  const n = d.width * d.height;
  for (let i = 0; i < n; i++) {
    const o = i * d.channels;
    s += Math.max(0, (d.data[o] ?? 0) - ((d.data[o + 1] ?? 0) + (d.data[o + 2] ?? 0)) / 2);
  }
  return s / n;
}

export function meanAbsDiff(a: Decoded, b: Decoded): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return s / a.data.length;
}

export function correlation(a: Float32Array, b: Float32Array): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] ?? 0;
    mb += b[i] ?? 0;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] ?? 0) - ma;
    const db = (b[i] ?? 0) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return cov / Math.sqrt(va * vb || 1);
}

/** A test picture: a gradient with a dark disc and a light bar, `w` x `h`, PNG. */
export function testPicture(w: number, h: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${w * 0.35}" cy="${h * 0.4}" r="${w * 0.18}" fill="#264653"/>
<rect x="${w * 0.55}" y="${h * 0.6}" width="${w * 0.35}" height="${h * 0.12}" fill="#e9c46a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** White outline of a rectangle on black: what a canny preprocessor gives for a drawn box. */
export function rectangleEdges(w: number, h: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/>
<rect x="${w * 0.25}" y="${h * 0.25}" width="${w * 0.5}" height="${h * 0.5}" fill="none" stroke="#fff" stroke-width="${Math.max(2, w / 100)}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
