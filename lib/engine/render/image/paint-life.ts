import type { Rgb } from "../shared/seeded";
import { addPixel, blend3, blendPixel, clamp, mixRgb } from "./canvas";
import type { PaintContext } from "./paint-context";

/** Living things in the scene: forests, flower meadows, a portrait. */

function tree(ctx: PaintContext, x: number, base: number, size: number, colour: Rgb, pine: boolean): void {
  const { c, tex } = ctx;
  const [r, g, b] = colour;
  const y0 = Math.max(0, Math.floor(base - size));
  for (let y = y0; y < Math.min(c.h, base); y++) {
    const v = (base - y) / size; // 0 at the foot, 1 at the tip
    let half: number;
    if (pine) {
      // Three stacked cones: the saw-tooth outline of a conifer.
      const t = v * 3;
      const tier = t - Math.floor(t); // (v * 3) % 1, without fmod
      half = v < 0.12 ? size * 0.03 : size * 0.26 * (1 - v) * (1.1 - tier * 0.45);
    } else {
      const cy = 0.62;
      const r = 0.36;
      const dy = (v - cy) / r;
      half = v < 0.3 ? size * 0.035 : Math.abs(dy) < 1 ? size * r * 0.85 * Math.sqrt(1 - dy * dy) : 0;
    }
    const row = y * c.w;
    const x0 = Math.max(0, Math.floor(x - half));
    const x1 = Math.min(c.w, x + half + 1);
    const side = 0.1 / (half + 1);
    for (let xx = x0; xx < x1; xx++) {
      const u = xx - x;
      const edge = clamp(half - Math.abs(u) + 0.5);
      const i = row + xx;
      // Texture plus a darker side away from the light (left-lit by default).
      const s = 0.85 + 0.3 * ((tex[i] as number) - 0.5) - u * side;
      blend3(c, i, r * s, g * s, b * s, edge, true);
    }
  }
}

export function paintForest(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("forest");
  if (w === 0) return;
  const pine = ctx.weight("snow") > 0 || ctx.weight("mountains") > 0 || random() < 0.5;
  for (let layer = 0; layer < 3; layer++) {
    const depth = 1 - layer / 3;
    const colour = mixRgb(
      mixRgb(p.foliage, p.silhouette, 0.2 + layer * 0.2),
      p.horizon,
      p.haze * depth * 0.6,
    );
    const count = Math.round((8 + 12 * layer) * clamp(w, 0.4, 2));
    for (let t = 0; t < count; t++) {
      const x = random() * c.w;
      const base = ctx.horizon + c.h * (0.02 + layer * 0.07 + random() * 0.04);
      const size = c.h * (0.1 + layer * 0.1) * (0.6 + random() * 0.7) * Math.sqrt(clamp(w, 0.4, 2));
      tree(ctx, x, base, size, colour, pine);
    }
  }
}

export function paintFlowers(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("flowers");
  if (w === 0) return;
  const count = Math.round(c.w * c.h * 0.0016 * clamp(w, 0.3, 2.5));
  const colours = p.accents.slice(0, 4);
  const top = ctx.horizon + c.h * 0.04;
  const stem = mixRgb(p.foliage, p.silhouette, 0.3);
  for (let f = 0; f < count; f++) {
    // Denser and larger towards the bottom: perspective on a meadow.
    const v = random() ** 0.6;
    const y = top + v * (c.h - top);
    const x = random() * c.w;
    const r = Math.max(1, c.h * (0.004 + 0.018 * v) * (0.7 + random() * 0.6));
    const col = colours[Math.floor(random() * colours.length)] ?? p.glow;
    for (let yy = Math.max(0, Math.floor(y - r)); yy < Math.min(c.h, y + r * 3); yy++) {
      for (let xx = Math.max(0, Math.floor(x - r)); xx < Math.min(c.w, x + r + 1); xx++) {
        const i = yy * c.w + xx;
        if (yy > y + r * 0.5) {
          if (Math.abs(xx - x) < Math.max(0.6, r * 0.15)) blendPixel(c, i, stem, 0.9, true);
          continue;
        }
        const d = Math.hypot(xx - x, yy - y) / r;
        if (d > 1.05) continue;
        const centre = d < 0.3;
        const shade = 1.05 - d * 0.3;
        const a = clamp((1.05 - d) * 4);
        if (centre) blend3(c, i, 250, 220, 90, a, true);
        else blend3(c, i, col[0] * shade, col[1] * shade, col[2] * shade, a, true);
      }
    }
  }
}

export function paintPortrait(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("portrait");
  if (w === 0) return;
  // Soft bokeh behind the sitter: out-of-focus lights in the palette's accents.
  for (let b = 0; b < 18; b++) {
    const bx = random() * c.w;
    const by = random() * c.h * 0.8;
    const r = Math.min(c.w, c.h) * (0.03 + random() * 0.07);
    const col = p.accents[b % p.accents.length] ?? p.glow;
    for (let y = Math.max(0, Math.floor(by - r)); y < Math.min(c.h, by + r); y++) {
      for (let x = Math.max(0, Math.floor(bx - r)); x < Math.min(c.w, bx + r); x++) {
        const d = Math.hypot(x - bx, y - by) / r;
        if (d < 1) addPixel(c, y * c.w + x, col, 0.12 * (1 - d ** 4));
      }
    }
  }
  const s = Math.min(c.w, c.h) * 0.2 * clamp(Math.sqrt(w), 0.7, 1.5);
  const cx = c.w * (0.5 + (random() - 0.5) * 0.16);
  const cy = c.h * 0.42;
  const skin = mixRgb(mixRgb([205, 150, 120], p.glow, 0.2), p.silhouette, p.time === "night" ? 0.45 : 0.1);
  const cloth = mixRgb(p.accents[0] ?? p.silhouette, p.silhouette, 0.45);
  const hair = mixRgb([45, 30, 25], p.silhouette, 0.3);
  const lightX = ctx.light ? Math.sign(ctx.light.x - cx) || 1 : random() < 0.5 ? -1 : 1;
  for (let y = Math.max(0, Math.floor(cy - s * 1.5)); y < c.h; y++) {
    for (let x = Math.max(0, Math.floor(cx - s * 2.2)); x < Math.min(c.w, cx + s * 2.2); x++) {
      const u = (x - cx) / s;
      const v = (y - cy) / s;
      const face = Math.hypot(u / 0.78, v / 1.0);
      const hairShape = Math.hypot(u / 0.92, (v + 0.18) / 1.08);
      const neck = v > 0.6 && v < 1.4 && Math.abs(u) < 0.32;
      const shoulders = v > 1.25 && Math.hypot(u / 1.9, (v - 2.3) / 1.1) < 1;
      const i = y * c.w + x;
      // Side light: Lambert-like falloff across the face, brighter towards the light.
      const lit = 0.72 + 0.35 * clamp(u * lightX * 0.9 + 0.3, -1, 1) - 0.1 * Math.max(0, v);
      if (shoulders) blend3(c, i, cloth[0] * lit, cloth[1] * lit, cloth[2] * lit, 1, true);
      else if (face < 1) {
        blend3(c, i, skin[0] * lit, skin[1] * lit, skin[2] * lit, clamp((1 - face) * s * 0.5), true);
        if (hairShape < 1 && v < -0.45 + Math.abs(u) * 0.3) blendPixel(c, i, hair, 0.95, true);
      } else if (neck) blend3(c, i, skin[0] * lit * 0.8, skin[1] * lit * 0.8, skin[2] * lit * 0.8, 1, true);
      else if (hairShape < 1 && v < 0.5) blendPixel(c, i, hair, clamp((1 - hairShape) * s * 0.5), true);
    }
  }
  // Features: brows, eyes, the nose's shadow on the side away from the light, a mouth.
  const feature = (u: number, v: number, ru: number, rv: number, col: Rgb, a: number) => {
    const fx = cx + u * s;
    const fy = cy + v * s;
    for (let y = Math.max(0, Math.floor(fy - rv * s - 1)); y < Math.min(c.h, fy + rv * s + 1); y++) {
      for (let x = Math.max(0, Math.floor(fx - ru * s - 1)); x < Math.min(c.w, fx + ru * s + 1); x++) {
        const d = Math.hypot((x + 0.5 - fx) / (ru * s), (y + 0.5 - fy) / (rv * s));
        if (d < 1) blendPixel(c, y * c.w + x, col, a * clamp((1 - d) * ru * s * 2), true);
      }
    }
  };
  const dark = mixRgb(hair, skin, 0.3);
  for (const side of [-1, 1]) {
    feature(side * 0.3, -0.2, 0.17, 0.035, dark, 0.85);
    feature(side * 0.3, -0.06, 0.12, 0.07, [245, 240, 235], 0.9);
    feature(side * 0.3, -0.06, 0.055, 0.06, [50, 36, 30], 0.95);
  }
  feature(-lightX * 0.06, 0.22, 0.06, 0.16, mixRgb(skin, [60, 30, 20], 0.35), 0.5);
  feature(0, 0.5, 0.22, 0.05, mixRgb(skin, [150, 50, 50], 0.55), 0.85);
}
