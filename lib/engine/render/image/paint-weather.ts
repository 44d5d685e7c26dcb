import { blend3, clamp, hash2 } from "./canvas";
import type { PaintContext } from "./paint-context";

/**
 * Rain: wet ground that mirrors what stands on the horizon (streets shine after rain), then
 * slanted streaks over everything. The light of a rainy scene is the storm palette's (overcast,
 * no sun unless the prompt names one), chosen by the time words.
 */

/** The ground below the horizon reflects the scene above it, broken up into puddles. */
export function paintWetGround(ctx: PaintContext): void {
  const { c, tex } = ctx;
  const w = ctx.weight("rain");
  if (w === 0) return;
  const h0 = Math.ceil(ctx.horizon);
  const d = c.rgb;
  for (let y = h0; y < c.h; y++) {
    const src = 2 * ctx.horizon - y;
    if (src < 0) break;
    const sy = Math.floor(src);
    const depth = (y - ctx.horizon) / Math.max(1, c.h - ctx.horizon);
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      // Puddles where the texture is low; a sheen elsewhere.
      const puddle = clamp((0.56 - (tex[i] ?? 0.5)) * 6);
      const a = clamp(w) * (0.22 + 0.5 * puddle) * (1 - depth * 0.6);
      // Vertical smear: the reflection streaks down like lights on wet asphalt.
      const jitter = Math.floor(hash2(x, y >> 2, ctx.hashSeed) * 3) - 1;
      const so = (clamp(sy + jitter, 0, c.h - 1) * c.w + x) * 3;
      blend3(c, i, (d[so] ?? 0) * 0.85, (d[so + 1] ?? 0) * 0.85, (d[so + 2] ?? 0) * 0.9, a);
    }
  }
}

/** Slanted streaks of falling rain over the whole picture. */
export function paintRain(ctx: PaintContext): void {
  const { c, random } = ctx;
  const w = ctx.weight("rain");
  if (w === 0) return;
  const count = Math.round(c.w * c.h * 0.004 * clamp(w, 0.4, 2));
  const slant = (random() - 0.5) * 0.5;
  const length = c.h * 0.05;
  for (let k = 0; k < count; k++) {
    const x0 = random() * c.w;
    const y0 = random() * c.h;
    const len = length * (0.5 + random());
    const a = 0.16 + random() * 0.2;
    for (let t = 0; t < len; t++) {
      const x = Math.round(x0 + slant * t);
      const y = Math.round(y0 + t);
      if (x < 0 || x >= c.w || y >= c.h) break;
      blend3(c, y * c.w + x, 215, 222, 232, a * (1 - Math.abs(t / len - 0.5)));
    }
  }
}
