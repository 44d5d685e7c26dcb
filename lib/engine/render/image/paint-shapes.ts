import { addPixel, blend3, blendPixel, clamp, mix, smoothstep } from "./canvas";
import type { PaintContext } from "./paint-context";

/** A lit subject for things the vocabulary cannot draw, and abstract compositions. */

export function paintObject(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("object");
  if (w === 0) return;
  const r = Math.min(c.w, c.h) * 0.2 * clamp(Math.sqrt(w), 0.6, 1.6);
  const cx = c.w * (0.5 + (random() - 0.5) * 0.2);
  const cy = Math.min(c.h - r * 1.1, ctx.horizon + r * 0.15);
  const base = p.accents[0] ?? p.glow;
  const lx = ctx.light ? clamp((ctx.light.x - cx) / c.w, -0.7, 0.7) : -0.45;
  const light = [lx, -0.55, 0.7];
  const norm = Math.hypot(light[0] ?? 0, light[1] ?? 0, light[2] ?? 0);
  // Contact shadow on the surface below it.
  for (let y = Math.floor(cy + r * 0.7); y < Math.min(c.h, cy + r * 1.3); y++) {
    for (let x = Math.max(0, Math.floor(cx - r * 1.6)); x < Math.min(c.w, cx + r * 1.6); x++) {
      const d = Math.hypot((x - cx - r * 0.25) / (r * 1.3), (y - cy - r * 0.98) / (r * 0.22));
      if (d < 1) blendPixel(c, y * c.w + x, p.silhouette, 0.45 * (1 - d) ** 1.5, true);
    }
  }
  for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(c.h, cy + r); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(c.w, cx + r); x++) {
      const nx = (x - cx) / r;
      const ny = (y - cy) / r;
      const d2 = nx * nx + ny * ny;
      if (d2 > 1.02) continue;
      const nz = Math.sqrt(Math.max(0, 1 - d2));
      const dot = clamp((nx * (light[0] ?? 0) + ny * (light[1] ?? 0) + nz * (light[2] ?? 0)) / norm);
      const i = y * c.w + x;
      const shade = 0.25 + 0.85 * dot;
      // Sky light from above and a rim from the environment behind.
      const env = 0.15 * clamp(-ny) + 0.2 * (1 - nz) ** 3;
      blend3(
        c,
        i,
        mix(base[0] * shade, p.skyMid[0], env),
        mix(base[1] * shade, p.skyMid[1], env),
        mix(base[2] * shade, p.skyMid[2], env),
        clamp((1 - Math.sqrt(d2)) * r),
        true,
      );
      const spec = dot ** 40;
      if (spec > 0.01) addPixel(c, i, [255, 255, 250], spec * 0.9);
    }
  }
}

export function paintAbstract(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("abstract");
  if (w === 0) return;
  const count = Math.round(6 + 6 * clamp(w, 0.5, 2));
  for (let s = 0; s < count; s++) {
    const col = p.accents[s % p.accents.length] ?? p.glow;
    const alpha = 0.35 + random() * 0.45;
    if (random() < 0.55) {
      const r = Math.min(c.w, c.h) * (0.06 + random() * 0.22);
      const cx = random() * c.w;
      const cy = random() * c.h;
      for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(c.h, cy + r); y++) {
        for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(c.w, cx + r); x++) {
          const d = Math.hypot(x - cx, y - cy) / r;
          if (d < 1) {
            const shade = 1.1 - 0.35 * d;
            blend3(
              c,
              y * c.w + x,
              col[0] * shade,
              col[1] * shade,
              col[2] * shade,
              alpha * clamp((1 - d) * r),
              true,
            );
          }
        }
      }
    } else {
      // A flowing ribbon: a sine band across the canvas.
      const y0 = random() * c.h;
      const amp = c.h * (0.05 + random() * 0.15);
      const freq = (1 + random() * 3) * ((Math.PI * 2) / c.w);
      const thick = c.h * (0.015 + random() * 0.05);
      const phase = random() * 6;
      for (let x = 0; x < c.w; x++) {
        const yc = y0 + Math.sin(x * freq + phase) * amp;
        for (let y = Math.max(0, Math.floor(yc - thick)); y < Math.min(c.h, yc + thick); y++) {
          const d = Math.abs(y - yc) / thick;
          const sheen = (1 - d) * 0.25;
          blend3(
            c,
            y * c.w + x,
            mix(col[0], 255, sheen),
            mix(col[1], 255, sheen),
            mix(col[2], 255, sheen),
            alpha * smoothstep(1, 0.7, d),
            true,
          );
        }
      }
    }
  }
}
