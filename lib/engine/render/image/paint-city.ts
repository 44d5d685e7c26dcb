import { addPixel, blend3, blendPixel, clamp, hash2, mixRgb } from "./canvas";
import type { PaintContext } from "./paint-context";

/** A skyline with lit windows (neon-edged under a neon style). */

export function paintCity(ctx: PaintContext, neon: number): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("city");
  if (w === 0) return;
  const night = p.time === "night" || p.time === "sunset" || p.time === "storm";
  const litShare = p.time === "night" ? 0.5 : p.time === "sunset" || p.time === "storm" ? 0.28 : 0;
  const neonColours = p.accents.slice(0, 3);
  for (let layer = 0; layer < 2; layer++) {
    const far = layer === 0;
    const body = far
      ? mixRgb(p.silhouette, p.horizon, 0.45 * p.haze + 0.15)
      : mixRgb(p.silhouette, p.nearLand, 0.2);
    let x = -Math.floor(random() * c.w * 0.03);
    while (x < c.w) {
      const bw = Math.max(3, Math.round(c.w * (0.035 + random() * 0.06) * (far ? 0.8 : 1)));
      const tall = random() ** 1.7;
      const bh = c.h * (0.08 + 0.34 * tall) * clamp(w, 0.5, 2) * (far ? 1.1 : 0.8);
      const base = Math.round(ctx.horizon + (far ? 0 : c.h * 0.012));
      const top = Math.max(0, Math.round(base - bh));
      const cell = Math.max(2, Math.round(bw / (5 + Math.round(random() * 3))));
      const lit = mixRgb(
        p.windowLight,
        neonColours[Math.floor(random() * neonColours.length)] ?? p.windowLight,
        neon * 0.7,
      );
      const edge = neonColours[Math.floor(random() * neonColours.length)] ?? p.windowLight;
      const seed = Math.floor(random() * 1e9);
      const spire = tall > 0.75 && random() < 0.5;
      const glass = mixRgb(p.skyMid, body, 0.5);
      const [br, bg, bb] = body;
      const x0 = Math.max(0, x);
      const x1 = Math.min(c.w, x + bw);
      const windowEnd = cell - (cell > 3 ? 1 : 0);
      for (let y = spire ? Math.max(0, top - Math.round(bh * 0.15)) : top; y < Math.min(c.h, base + 2); y++) {
        const ly = y - top;
        // Window rows: not the first two, nor the gap row of each cell.
        const windowRow = ly % cell > 0 && ly > 1;
        const wy = Math.floor(ly / cell);
        for (let xx = x0; xx < x1; xx++) {
          const i = y * c.w + xx;
          if (y < top) {
            // Antenna or spire on the tallest towers.
            if (Math.abs(xx - x - bw / 2) < 1) blendPixel(c, i, body, 1, true);
            continue;
          }
          const lx = xx - x;
          const shade = 1 - 0.25 * (lx / bw) + (night ? 0 : 0.1 * (ctx.tex[i] ?? 0.5));
          blend3(c, i, br * shade, bg * shade, bb * shade, 1, true);
          const wx = lx % cell;
          if (windowRow && wx > 0 && wx < windowEnd) {
            const on = hash2(Math.floor(lx / cell), wy, seed) < litShare;
            if (on) blendPixel(c, i, lit, far ? 0.6 : 0.95);
            else if (!night) blendPixel(c, i, glass, 0.4);
          }
          if (neon > 0 && (lx === 0 || lx === bw - 1 || ly === 0)) addPixel(c, i, edge, 0.9 * neon);
        }
      }
      x += bw + Math.round(random() * c.w * (far ? 0.004 : 0.012));
    }
  }
  if (night) {
    // Light pollution: the sky glows warm just above a lit city.
    const glow = neon > 0 ? (neonColours[0] ?? p.windowLight) : p.windowLight;
    for (let y = Math.max(0, Math.floor(ctx.horizon - c.h * 0.35)); y < ctx.horizon; y++) {
      const a = ((y - (ctx.horizon - c.h * 0.35)) / (c.h * 0.35)) ** 2 * (0.12 + 0.2 * neon);
      for (let x = 0; x < c.w; x++) addPixel(c, y * c.w + x, glow, a);
    }
  }
}
