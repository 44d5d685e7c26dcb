import type { Rgb } from "../shared/seeded";
import { type Canvas, clamp, luma, sobel } from "./canvas";
import { decodeGrey } from "./inputs";
import type { Palette } from "./palette";
import type { ControlUnit } from "./params";

/**
 * ControlNet: each unit's guide image shapes the structure. A guide that is already an edge map
 * (mostly black with thin bright lines: canny, lineart, scribble, mlsd) is drawn as lines; any
 * other guide (depth, a photo, a pose) lends its luminance layout and its own edges.
 *
 * Influence = weight x step coverage x mode. Early steps fix composition, so coverage weighs steps
 * by (1 - t): a unit over the first half of the steps has 75% of the full effect, over the second
 * half 25%. `controlMode` shifts the balance: prompt 0.6x, balanced 1x, controlnet 1.35x.
 */

const MODE = { prompt: 0.6, balanced: 1, controlnet: 1.35 } as const;

/** Share of the structure-forming effort between fractions a and b of the steps. */
function coverage(a: number, b: number): number {
  const effortUpTo = (t: number) => 1 - (1 - t) ** 2;
  return clamp(effortUpTo(clamp(b)) - effortUpTo(clamp(a)));
}

export function controlInfluence(unit: ControlUnit, steps: number): number {
  let a = 0;
  let b = 1;
  if (unit.startStep !== undefined || unit.endStep !== undefined) {
    a = (unit.startStep ?? 0) / steps;
    b = (unit.endStep ?? steps) / steps;
  } else if (unit.startStepPercentage !== undefined || unit.endStepPercentage !== undefined) {
    a = (unit.startStepPercentage ?? 0) / 100;
    b = (unit.endStepPercentage ?? 100) / 100;
  }
  return clamp(unit.weight * coverage(a, b) * MODE[unit.controlMode ?? "balanced"], 0, 1.2);
}

export async function applyControlNet(
  c: Canvas,
  units: ControlUnit[],
  steps: number,
  p: Palette,
): Promise<void> {
  const guides = await Promise.all(units.map((u) => decodeGrey(u.guide, c.w, c.h)));
  units.forEach((unit, k) => {
    const guide = guides[k];
    const influence = controlInfluence(unit, steps);
    if (!guide || influence <= 0) return;
    let sum = 0;
    let bright = 0;
    for (const v of guide) {
      sum += v;
      if (v > 128) bright++;
    }
    const edgeMap = sum / guide.length < 70 && bright / guide.length < 0.25;
    // Edge guides are thin lines that downscaling greys out: x2.5 restores them to full ink.
    const lines = edgeMap
      ? Float32Array.from(guide, (v) => clamp((v / 255) * 2.5))
      : sobel(guide, c.w, c.h).map((e) => clamp(e * 3));
    const dark: Rgb = p.silhouette;
    const light: Rgb = [Math.max(200, p.glow[0]), Math.max(200, p.glow[1]), Math.max(200, p.glow[2])];
    for (let i = 0; i < lines.length; i++) {
      const o = i * 3;
      let r = c.rgb[o] ?? 0;
      let g = c.rgb[o + 1] ?? 0;
      let b = c.rgb[o + 2] ?? 0;
      const l = luma(r, g, b);
      if (!edgeMap) {
        // Take on the guide's light and dark layout (depth maps, photos): scale towards its luma.
        const target = l + ((guide[i] ?? 0) - l) * 0.7 * Math.min(1, influence);
        const f = (target + 8) / (l + 8);
        r *= f;
        g *= f;
        b *= f;
      }
      const a = (lines[i] ?? 0) * Math.min(1, influence) * 0.9;
      if (a <= 0) {
        c.rgb[o] = r;
        c.rgb[o + 1] = g;
        c.rgb[o + 2] = b;
        continue;
      }
      const ink = luma(r, g, b) > 110 ? dark : light;
      c.rgb[o] = r + (ink[0] - r) * a;
      c.rgb[o + 1] = g + (ink[1] - g) * a;
      c.rgb[o + 2] = b + (ink[2] - b) * a;
      if (c.alpha) c.alpha[i] = Math.max(c.alpha[i] ?? 0, a);
    }
  });
}
