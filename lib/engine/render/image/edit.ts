import sharp from "@/lib/platform/sharp";
import type { Rgb } from "../shared/seeded";
import { type Canvas, clamp, luma, mix, mixRgb, smoothstep } from "./canvas";
import { decodeGrey, decodeRgb } from "./inputs";
import type { Palette } from "./palette";
import type { NamedImage, Outpaint } from "./params";

/**
 * Editing workflows around a seed image.
 * - Image-to-image: the seed, recoloured through the prompt's palette, is mixed with the painted
 *   scene by strength at the internal size; the output is then seed x (1 - strength) + that x
 *   strength at full size, so strength 0 returns the seed and 1 the scene.
 * - Inpainting: only the mask (and, with maskMargin, a feathered band that many pixels wide
 *   around it) changes; every other pixel is the seed's own.
 * - Outpainting: the seed sits unchanged at its offset; outward, its mirrored edge blurs and then
 *   fades into the scene (which was colour-matched to the seed); `blur` widens that transition.
 */

/** The seed through the palette: its lights and darks mapped onto the scene's colours. */
export function restyle(seed: Buffer, p: Palette, amount = 0.45): Float32Array {
  const out = new Float32Array(seed.length);
  const lo: Rgb = p.silhouette;
  const mid: Rgb = p.accents[0] ? mixRgb(p.skyMid, p.accents[0], 0.3) : p.skyMid;
  const hi: Rgb = mixRgb(p.horizon, p.glow, 0.4);
  for (let i = 0; i < seed.length; i += 3) {
    const r = seed[i] ?? 0;
    const g = seed[i + 1] ?? 0;
    const b = seed[i + 2] ?? 0;
    const l = luma(r, g, b) / 255;
    const ramp = l < 0.5 ? mixRgb(lo, mid, l * 2) : mixRgb(mid, hi, (l - 0.5) * 2);
    out[i] = mix(r, ramp[0], amount);
    out[i + 1] = mix(g, ramp[1], amount);
    out[i + 2] = mix(b, ramp[2], amount);
  }
  return out;
}

/** Mixes the restyled seed under the painted scene: `t` = 0 all seed, 1 all scene. */
export function mixUnder(c: Canvas, under: Float32Array, t: number): void {
  for (let i = 0; i < c.rgb.length; i++) c.rgb[i] = mix(under[i] ?? 0, c.rgb[i] ?? 0, t);
}

/** out = seed + (generated - seed) * amount(pixel), with amount the same everywhere or per pixel. */
export function blendOver(seed: Buffer, generated: Buffer, amount: number | Float32Array): Buffer {
  const out = Buffer.allocUnsafe(seed.length);
  const uniform = typeof amount === "number" ? amount : -1;
  for (let p = 0, i = 0; i < seed.length; p++, i += 3) {
    const a = uniform >= 0 ? uniform : ((amount as Float32Array)[p] ?? 0);
    for (let k = 0; k < 3; k++) {
      const s = seed[i + k] ?? 0;
      out[i + k] = a === 0 ? s : Math.round(s + ((generated[i + k] ?? 0) - s) * a);
    }
  }
  return out;
}

/** Chamfer distance (3-4 weights, /3 to pixels) from every pixel to the nearest masked pixel. */
function distanceToMask(inside: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  const far = 1e9;
  for (let i = 0; i < d.length; i++) d[i] = inside[i] ? 0 : far;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i] ?? far;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, (d[i - 1] ?? far) + 3);
      if (y > 0) {
        v = Math.min(v, (d[i - w] ?? far) + 3);
        if (x > 0) v = Math.min(v, (d[i - w - 1] ?? far) + 4);
        if (x < w - 1) v = Math.min(v, (d[i - w + 1] ?? far) + 4);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i] ?? far;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, (d[i + 1] ?? far) + 3);
      if (y < h - 1) {
        v = Math.min(v, (d[i + w] ?? far) + 3);
        if (x < w - 1) v = Math.min(v, (d[i + w + 1] ?? far) + 4);
        if (x > 0) v = Math.min(v, (d[i + w - 1] ?? far) + 4);
      }
      d[i] = v;
    }
  }
  return d;
}

/** Per-pixel change amount for inpainting: the mask (near-black is 0, near-white 1) plus margin. */
export async function inpaintAmount(
  mask: NamedImage,
  w: number,
  h: number,
  margin: number | undefined,
  strength: number,
): Promise<Float32Array> {
  const grey = await decodeGrey(mask, w, h);
  const amount = new Float32Array(w * h);
  const inside = new Uint8Array(w * h);
  for (let i = 0; i < amount.length; i++) {
    const v = grey[i] ?? 0;
    // JPEG masks are not exactly 0 and 255: within 8 levels counts as fully black or white.
    const m = v < 8 ? 0 : v > 247 ? 1 : v / 255;
    amount[i] = m;
    inside[i] = m >= 0.5 ? 1 : 0;
  }
  if (margin !== undefined && margin > 0) {
    const d = distanceToMask(inside, w, h);
    for (let i = 0; i < amount.length; i++) {
      const px = (d[i] ?? 1e9) / 3;
      if (px < margin) amount[i] = Math.max(amount[i] ?? 0, smoothstep(margin, 0, px));
    }
  }
  for (let i = 0; i < amount.length; i++) amount[i] = (amount[i] ?? 0) * strength;
  return amount;
}

export async function outpaintCompose(
  seed: NamedImage,
  o: Outpaint,
  width: number,
  height: number,
  generated: Buffer,
): Promise<Buffer> {
  const sw = width - o.left - o.right;
  const sh = height - o.top - o.bottom;
  const inner = await decodeRgb(seed, sw, sh);
  const extend = { top: o.top, bottom: o.bottom, left: o.left, right: o.right };
  const mirrored = await sharp(inner, { raw: { width: sw, height: sh, channels: 3 } })
    .extend({ ...extend, extendWith: "mirror" })
    .raw()
    .toBuffer();
  const blurred = await sharp(mirrored, { raw: { width, height, channels: 3 } })
    .blur(6 + o.blur)
    .raw()
    .toBuffer();
  const out = Buffer.allocUnsafe(width * height * 3);
  const longest = Math.max(o.top, o.right, o.bottom, o.left);
  // Mirrored detail softens within 8 px (+2 px per blur unit); the scene takes over by ~70% of
  // the widest extension, so a small extension stays mostly a continuation of the image.
  const soften = 8 + 2 * o.blur;
  const reach = Math.max(48, longest * 0.7) + 3 * o.blur;
  for (let y = 0; y < height; y++) {
    const dy = y < o.top ? o.top - y : y >= o.top + sh ? y - (o.top + sh - 1) : 0;
    for (let x = 0; x < width; x++) {
      const dx = x < o.left ? o.left - x : x >= o.left + sw ? x - (o.left + sw - 1) : 0;
      const i = (y * width + x) * 3;
      if (dx === 0 && dy === 0) {
        const s = ((y - o.top) * sw + (x - o.left)) * 3;
        out[i] = inner[s] ?? 0;
        out[i + 1] = inner[s + 1] ?? 0;
        out[i + 2] = inner[s + 2] ?? 0;
        continue;
      }
      const d = Math.sqrt(dx * dx + dy * dy);
      const t1 = smoothstep(0, soften, d);
      const t2 = clamp(smoothstep(soften * 0.5, reach, d) * 0.9);
      for (let k = 0; k < 3; k++) {
        const edge = mix(mirrored[i + k] ?? 0, blurred[i + k] ?? 0, t1);
        out[i + k] = Math.round(mix(edge, generated[i + k] ?? 0, t2));
      }
    }
  }
  return out;
}
