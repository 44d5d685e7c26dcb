import type { Rgb } from "../shared/seeded";
import {
  addPixel,
  blend3,
  blendPixel,
  clamp,
  hash2,
  mix,
  mixRgb,
  noiseField,
  smoothstep,
  verticalGradient,
} from "./canvas";
import type { PaintContext } from "./paint-context";

/** The sky and what is in it: gradient, sun or moon with glow, stars, clouds, aurora, birds. */

export function paintSky(ctx: PaintContext): void {
  const { c, p } = ctx;
  verticalGradient(c, 0, c.h, [
    [0, p.skyTop],
    [0.55 * (ctx.horizon / c.h), p.skyMid],
    [ctx.horizon / c.h, p.horizon],
    [1, mixRgb(p.horizon, p.ground, 0.5)],
  ]);
}

/** Places the light source; returns where it is so water and figures can use it. */
export function placeLight(ctx: PaintContext): { x: number; y: number; r: number; moon: boolean } | null {
  const { c, p, random } = ctx;
  const sun = ctx.weight("sun");
  const moon = ctx.weight("moon");
  if (sun === 0 && moon === 0) return null;
  const isMoon = moon > sun;
  const w = Math.max(sun, moon);
  const low = p.time === "sunset" || p.time === "dawn";
  const min = Math.min(c.w, c.h);
  const r = min * (low && !isMoon ? 0.085 : 0.06) * clamp(w, 0.4, 2.2);
  const x = c.w * (0.3 + random() * 0.4);
  const y = low && !isMoon ? ctx.horizon - r * (0.2 + random() * 0.9) : c.h * (0.14 + random() * 0.16);
  return { x, y, r, moon: isMoon };
}

export function paintLight(ctx: PaintContext, l: { x: number; y: number; r: number; moon: boolean }): void {
  const { c, p } = ctx;
  const glowColour: Rgb = l.moon ? [150, 170, 230] : p.glow;
  const disc: Rgb = l.moon ? [236, 238, 245] : p.sun;
  const reach = l.r * (l.moon ? 5 : 9);
  const x0 = Math.max(0, Math.floor(l.x - reach));
  const x1 = Math.min(c.w, Math.ceil(l.x + reach));
  const y0 = Math.max(0, Math.floor(l.y - reach));
  const y1 = Math.min(c.h, Math.ceil(l.y + reach));
  const glowAmount = l.moon ? 0.35 : 0.75;
  const perR2 = 1 / (l.r * l.r);
  const perEdge = 1 / ((reach / l.r) ** 2 + 1);
  for (let y = y0; y < y1; y++) {
    const dy = y - l.y;
    for (let x = x0; x < x1; x++) {
      const dx = x - l.x;
      const d2 = (dx * dx + dy * dy) * perR2;
      const i = y * c.w + x;
      // Glow falls off as 1/(1+d^2): a lens-like halo without an exp per pixel.
      addPixel(c, i, glowColour, (glowAmount / (1 + d2 * 0.9)) * (1 - d2 * perEdge));
      if (d2 < 1.3) {
        let a = 1 - smoothstep(0.82, 1.0, Math.sqrt(d2));
        if (l.moon) {
          // Crescent: a second disc offset towards the light's far side darkens part of the moon.
          const ox = dx + l.r * 0.45;
          const oy = dy - l.r * 0.15;
          a *= 0.35 + 0.65 * smoothstep(0.85, 1.05, Math.sqrt(ox * ox + oy * oy) / l.r);
          const crater = hash2(x >> 1, y >> 1, ctx.hashSeed) * 18;
          blendPixel(c, i, [disc[0] - crater, disc[1] - crater, disc[2] - crater * 0.6], a, true);
        } else blendPixel(c, i, disc, a, true);
      }
    }
  }
}

export function paintStars(ctx: PaintContext): void {
  const { c, random } = ctx;
  const w = ctx.weight("stars") || (ctx.p.time === "night" ? 0.35 : 0);
  if (w === 0) return;
  const count = Math.round(c.w * ctx.horizon * 0.004 * w);
  for (let s = 0; s < count; s++) {
    const x = Math.floor(random() * c.w);
    const y = Math.floor(random() * ctx.horizon * 0.92);
    const b = random() ** 3;
    const fade = 1 - y / ctx.horizon;
    const col: Rgb = random() < 0.2 ? [255, 220, 190] : [220, 230, 255];
    addPixel(c, y * c.w + x, col, (0.35 + b) * fade);
    if (b > 0.6) {
      // Bright stars get a small cross so they survive the upscale.
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && xx < c.w && yy >= 0 && yy < c.h) addPixel(c, yy * c.w + xx, col, 0.35 * b * fade);
      }
    }
  }
  if (ctx.weight("stars") > 0.9) {
    // A faint galactic band for "galaxy" / "milky way" skies.
    const tilt = (random() - 0.5) * 0.8;
    for (let y = 0; y < ctx.horizon; y++) {
      for (let x = 0; x < c.w; x++) {
        const d = Math.abs(y - c.h * 0.35 - (x - c.w / 2) * tilt) / (c.h * 0.09);
        if (d < 2)
          addPixel(c, y * c.w + x, [150, 120, 200], 0.22 * (1 - d / 2) * (0.6 + (ctx.tex[y * c.w + x] ?? 0)));
      }
    }
  }
}

export function paintClouds(ctx: PaintContext, light: { x: number; y: number } | null): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("clouds") || (p.time === "storm" ? 1.2 : p.time === "night" ? 0 : 0.35);
  if (w === 0) return;
  const h = Math.max(1, Math.floor(ctx.horizon));
  const octaves = 2 + Math.round(ctx.detail * 2);
  // Stretched 3:1 like stratus bands seen near the horizon.
  const n = noiseField(c.w, c.h, 3, octaves, random, 3);
  const cover = clamp(0.62 - 0.12 * w, 0.3, 0.62);
  for (let y = 0; y < h; y++) {
    const height = y / h;
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const v = n[i] ?? 0;
      const a = smoothstep(cover, cover + 0.22, v) * (0.35 + 0.65 * height) * 0.9;
      if (a <= 0.01) continue;
      const f = 0.35 * (1 - v);
      let r = mix(p.cloud[0], p.skyTop[0], f);
      let g = mix(p.cloud[1], p.skyTop[1], f);
      let b = mix(p.cloud[2], p.skyTop[2], f);
      if (light) {
        const lx = x - light.x;
        const ly = y - light.y;
        const d = Math.sqrt(lx * lx + ly * ly) / c.w;
        const lit = clamp(0.8 - d * 1.8) * 0.8;
        r = mix(r, p.glow[0], lit);
        g = mix(g, p.glow[1], lit);
        b = mix(b, p.glow[2], lit);
      }
      blend3(c, i, r, g, b, a);
    }
  }
}

export function paintAurora(ctx: PaintContext): void {
  const { c, random } = ctx;
  const w = ctx.weight("aurora");
  if (w === 0) return;
  const phase = random() * 10;
  const base = c.h * (0.25 + random() * 0.1);
  for (let x = 0; x < c.w; x++) {
    const u = x / c.w;
    const centre = base + Math.sin(u * 5 + phase) * c.h * 0.07 + Math.sin(u * 13 + phase * 2) * c.h * 0.02;
    const curtain = 0.5 + 0.5 * Math.sin(u * 60 + phase * 3) * (ctx.tex[x] ?? 0.5);
    for (
      let y = Math.max(0, Math.floor(centre - c.h * 0.25));
      y < Math.min(ctx.horizon, centre + c.h * 0.05);
      y++
    ) {
      const d = (centre - y) / (c.h * 0.25);
      const a = (d < 0 ? Math.max(0, 1 + d * 8) : (1 - d) ** 2) * curtain * 0.55 * Math.min(1.5, w);
      const col: Rgb = d < 0.3 ? [60, 255, 150] : [180, 80, 255];
      addPixel(c, y * c.w + x, col, a);
    }
  }
}

export function paintBirds(ctx: PaintContext): void {
  const { c, random, p } = ctx;
  const w = ctx.weight("birds");
  if (w === 0) return;
  const count = Math.round(5 + 8 * w);
  const cx = c.w * (0.2 + random() * 0.6);
  const cy = ctx.horizon * (0.25 + random() * 0.35);
  const span = Math.max(2, Math.round(c.w * 0.012));
  for (let b = 0; b < count; b++) {
    const bx = Math.round(cx + (random() - 0.5) * c.w * 0.35);
    const by = Math.round(cy + (random() - 0.5) * c.h * 0.15);
    const s = Math.round(span * (0.6 + random() * 0.8));
    for (let k = -s; k <= s; k++) {
      const x = bx + k;
      const y = by - Math.round(Math.abs(k) * 0.5 - (Math.abs(k) > s * 0.6 ? 0 : 0));
      if (x >= 0 && x < c.w && y >= 0 && y < c.h) blendPixel(c, y * c.w + x, p.silhouette, 0.9, true);
    }
  }
}
