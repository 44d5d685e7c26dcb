import { type Canvas, clamp, mix, smoothstep } from "./canvas";
import { type ColourMatrix, channels, composeMatrices, identity } from "./colour-matrix";
import { type ColourStats, colourStats, decodeGrey, decodeRgb } from "./inputs";
import type { AcePlusPlusSettings, IpAdapterUnit, NamedImage, PuLIDSettings } from "./params";

/**
 * Reference images that steer a render:
 * - IP-adapters pull the picture's colours to their guide's (mean and spread per channel, by
 *   weight) and lend a little of its soft layout (up to 25% at weight 1);
 * - puLID places the input face in a portrait oval (upper centre), as faithfully as idWeight says
 *   (0: a hint, 3: nearly the photo), with trueCFGScale adding contrast to it;
 * - ACE++ uses the reference's content: portrait in the face oval, subject in a feathered centre
 *   panel, local_editing inside its input mask over its input image. repaintingScale 0 keeps the
 *   reference, 1 lets the prompt repaint most of it.
 */

/** Paste `src` (w x h RGB) into the canvas at (x0, y0) through `alpha(u, v)` (u, v in 0-1). */
function pasteThrough(
  c: Canvas,
  src: Buffer,
  x0: number,
  y0: number,
  w: number,
  h: number,
  alpha: (u: number, v: number) => number,
  contrastGain = 1,
): void {
  for (let y = 0; y < h; y++) {
    const cy = y0 + y;
    if (cy < 0 || cy >= c.h) continue;
    for (let x = 0; x < w; x++) {
      const cx = x0 + x;
      if (cx < 0 || cx >= c.w) continue;
      const a = alpha((x + 0.5) / w, (y + 0.5) / h);
      if (a <= 0) continue;
      const s = (y * w + x) * 3;
      const o = (cy * c.w + cx) * 3;
      for (let k = 0; k < 3; k++) {
        const v = ((src[s + k] ?? 0) - 128) * contrastGain + 128;
        c.rgb[o + k] = mix(c.rgb[o + k] ?? 0, v, a);
      }
      if (c.alpha) c.alpha[cy * c.w + cx] = Math.max(c.alpha[cy * c.w + cx] ?? 0, a);
    }
  }
}

const oval = (opacity: number) => (u: number, v: number) =>
  opacity * smoothstep(1, 0.75, Math.hypot((u - 0.5) / 0.5, (v - 0.5) / 0.5));

const panel = (opacity: number) => (u: number, v: number) =>
  opacity * smoothstep(0, 0.12, Math.min(u, 1 - u)) * smoothstep(0, 0.12, Math.min(v, 1 - v));

async function faceOval(c: Canvas, face: NamedImage, opacity: number, contrastGain: number): Promise<void> {
  const size = Math.max(8, Math.round(Math.min(c.w, c.h) * 0.46));
  const w = Math.round(size * 0.8);
  const src = await decodeRgb(face, w, size, "cover");
  pasteThrough(
    c,
    src,
    Math.round(c.w / 2 - w / 2),
    Math.round(c.h * 0.42 - size / 2),
    w,
    size,
    oval(opacity),
    contrastGain,
  );
}

export async function applyPuLID(c: Canvas, p: PuLIDSettings): Promise<void> {
  const opacity = clamp(0.15 + 0.27 * p.idWeight, 0, 0.95);
  const gain = 1 + 0.04 * Math.max(0, (p.trueCFGScale ?? 1) - 1);
  await faceOval(c, p.face, opacity, gain);
}

export async function applyAcePlusPlus(c: Canvas, a: AcePlusPlusSettings): Promise<void> {
  const keep = 1 - 0.7 * clamp(a.repaintingScale);
  if (a.type === "portrait") return faceOval(c, a.reference, keep, 1);
  if (a.type === "subject" || !a.inputImage || !a.inputMask) {
    const w = Math.round(c.w * 0.56);
    const h = Math.round(c.h * 0.56);
    const src = await decodeRgb(a.reference, w, h, "cover");
    pasteThrough(c, src, Math.round((c.w - w) / 2), Math.round((c.h - h) / 2), w, h, panel(keep));
    return;
  }
  // local_editing: the input image is the base; the reference fills its mask.
  const [base, mask, ref] = await Promise.all([
    decodeRgb(a.inputImage, c.w, c.h),
    decodeGrey(a.inputMask, c.w, c.h),
    decodeRgb(a.reference, c.w, c.h, "cover"),
  ]);
  for (let i = 0; i < c.w * c.h; i++) {
    const m = (mask[i] ?? 0) / 255;
    for (let k = 0; k < 3; k++) {
      const o = i * 3 + k;
      const inside = mix(c.rgb[o] ?? 0, ref[o] ?? 0, keep);
      c.rgb[o] = mix(base[o] ?? 0, inside, m);
    }
  }
}

/** A per-channel gain and offset moving `from`'s mean and spread towards `to`'s by `w` (0-1). */
export function transferTowards(from: ColourStats, to: ColourStats, w: number): ColourMatrix {
  const gain = [0, 1, 2].map((ch) =>
    mix(1, clamp((to.std[ch] ?? 1) / Math.max(1, from.std[ch] ?? 1), 0.5, 2), w),
  ) as [number, number, number];
  const offset = [0, 1, 2].map(
    (ch) => mix(from.mean[ch] ?? 0, to.mean[ch] ?? 0, w) - (from.mean[ch] ?? 0) * (gain[ch] ?? 1),
  ) as [number, number, number];
  return channels(gain, offset);
}

/** IP-adapters: a colour transfer matrix towards the guides, plus their blurred layout blended in. */
export async function applyIpAdapters(c: Canvas, units: IpAdapterUnit[]): Promise<ColourMatrix> {
  let m = identity();
  const sw = Math.max(2, Math.round(c.w / 16));
  const sh = Math.max(2, Math.round(c.h / 16));
  const guides = await Promise.all(units.map((u) => decodeRgb(u.guide, sw, sh)));
  const scene = colourStats(c.rgb);
  units.forEach((u, k) => {
    const g = guides[k];
    if (!g || u.weight <= 0) return;
    const w = clamp(u.weight);
    // Layout: the guide at 1/16 size, bilinearly stretched over the canvas, blended by w/4.
    for (let y = 0; y < c.h; y++) {
      const fy = clamp((y / c.h) * sh - 0.5, 0, sh - 1.001);
      const y0 = Math.floor(fy);
      const ty = fy - y0;
      for (let x = 0; x < c.w; x++) {
        const fx = clamp((x / c.w) * sw - 0.5, 0, sw - 1.001);
        const x0 = Math.floor(fx);
        const tx = fx - x0;
        const o = (y * c.w + x) * 3;
        for (let ch = 0; ch < 3; ch++) {
          const at = (xx: number, yy: number) => g[(yy * sw + xx) * 3 + ch] ?? 0;
          const top = mix(at(x0, y0), at(x0 + 1, y0), tx);
          const bottom = mix(at(x0, y0 + 1), at(x0 + 1, y0 + 1), tx);
          c.rgb[o + ch] = mix(c.rgb[o + ch] ?? 0, mix(top, bottom, ty), w * 0.25);
        }
      }
    }
    // Colour: match each channel's mean and spread to the guide's, by weight.
    m = composeMatrices(m, transferTowards(scene, colourStats(g), w));
  });
  return m;
}
