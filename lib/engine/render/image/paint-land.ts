import type { Rgb } from "../seeded";
import { blend3, blendPixel, clamp, hash2, mix, mixRgb, noise1d, smoothstep } from "./canvas";
import { grainAt, type PaintContext } from "./paint-context";

/** The land and water: mountain ranges, rolling hills, dunes, snowfields, the sea and boats. */

/** Scratch colour the ridge painters write into (one array for all pixels, not one per pixel). */
const ink: Rgb = [0, 0, 0];

/** Fills each column from `top[x]` down to `bottom`; `colour` writes each pixel's colour to `ink`. */
function fillRidge(
  ctx: PaintContext,
  top: Float32Array,
  bottom: number,
  colour: (x: number, y: number, depth: number) => void,
): void {
  const { c } = ctx;
  for (let x = 0; x < c.w; x++) {
    const t = top[x] ?? bottom;
    const y0 = Math.max(0, Math.floor(t));
    // Anti-alias the ridge line: the first row is blended by its fractional coverage.
    for (let y = y0; y < Math.min(c.h, bottom); y++) {
      const a = y === y0 ? clamp(1 - (t - y0)) : 1;
      colour(x, y, (y - t) / Math.max(1, bottom - t));
      blend3(c, y * c.w + x, ink[0], ink[1], ink[2], a);
    }
  }
}

function setInk(col: Rgb, k: number): void {
  ink[0] = col[0] * k;
  ink[1] = col[1] * k;
  ink[2] = col[2] * k;
}

export function paintMountains(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("mountains");
  if (w === 0) return;
  const snowy = ctx.weight("snow") > 0 || random() < 0.35;
  const layers = 3;
  for (let l = 0; l < layers; l++) {
    const depth = 1 - l / layers; // 1 = farthest
    const amp = c.h * (0.1 + 0.2 * Math.min(w, 2) * (0.7 + 0.3 * depth)) * (0.75 + random() * 0.5);
    const ridge = noise1d(c.w, 2 + l * 2, 3 + Math.round(ctx.detail * 3), random);
    const top = new Float32Array(c.w);
    for (let x = 0; x < c.w; x++) {
      // Sharpen the noise into peaks: ridged noise reads as rock, plain noise as hills.
      const v = ridge[x] ?? 0.5;
      const peak = 1 - Math.abs(v * 2 - 1);
      top[x] = ctx.horizon + c.h * 0.02 * l - amp * (0.35 + 0.9 * peak ** 1.6);
    }
    const base = mixRgb(p.farLand, p.nearLand, 1 - depth);
    const hazed = mixRgb(base, p.horizon, p.haze * depth * 0.8);
    const snow = mixRgb([240, 244, 250], p.glow, 0.2);
    const snowLine = ctx.horizon - amp * 0.95;
    fillRidge(ctx, top, ctx.horizon + c.h * 0.03 * (l + 1), (x, y, d) => {
      const shade = 0.85 + 0.3 * ((ctx.tex[y * c.w + x] ?? 0.5) - 0.5) + grainAt(ctx, x, y) * 0.25;
      const f = (1 - d) * 0.05 + d * 0.25 * p.haze;
      let r = mix(hazed[0], p.horizon[0], f);
      let g = mix(hazed[1], p.horizon[1], f);
      let b = mix(hazed[2], p.horizon[2], f);
      // Snow above a snow line (ragged by the texture), as on real ranges: altitude, not slope depth.
      const line = snowLine + ((ctx.tex[y * c.w + x] ?? 0.5) - 0.5) * amp * 0.35;
      if (snowy && y < line + 2) {
        const sn = smoothstep(line + 2, line - 2, y) * 0.95;
        r = mix(r, snow[0], sn);
        g = mix(g, snow[1], sn);
        b = mix(b, snow[2], sn);
      }
      ink[0] = r * shade;
      ink[1] = g * shade;
      ink[2] = b * shade;
    });
  }
}

export function paintHills(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("hills") || ctx.weight("flowers") * 0.7 || ctx.weight("forest") * 0.5;
  if (w === 0) return;
  for (let l = 0; l < 2; l++) {
    const ridge = noise1d(c.w, 2 + l, 2, random);
    const top = new Float32Array(c.w);
    const rise = c.h * (0.04 + 0.06 * Math.min(w, 2));
    for (let x = 0; x < c.w; x++) top[x] = ctx.horizon + c.h * 0.05 * l - rise * (ridge[x] ?? 0.5) * (2 - l);
    const colour = mixRgb(l === 0 ? mixRgb(p.ground, p.horizon, p.haze * 0.5) : p.ground, p.foliage, 0.3);
    fillRidge(ctx, top, c.h, (x, y, d) =>
      setInk(
        colour,
        0.9 + 0.25 * ((ctx.tex[y * c.w + x] ?? 0.5) - 0.5) + grainAt(ctx, x, y) * 0.2 - d * 0.15,
      ),
    );
  }
}

export function paintDesert(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("desert");
  if (w === 0) return;
  const sand: Rgb = mixRgb([222, 170, 105], p.horizon, 0.25);
  for (let l = 0; l < 3; l++) {
    const ridge = noise1d(c.w, 1 + l, 2, random);
    const top = new Float32Array(c.w);
    for (let x = 0; x < c.w; x++)
      top[x] = ctx.horizon + c.h * (0.02 + 0.09 * l) - c.h * 0.08 * (ridge[x] ?? 0.5);
    fillRidge(ctx, top, c.h, (x, y, d) => {
      // Dune slope: the side facing the light is bright, the lee side in shadow.
      const slope = (top[Math.min(c.w - 1, x + 1)] ?? 0) - (top[Math.max(0, x - 1)] ?? 0);
      const lit = clamp(0.85 + slope * 0.35 - d * 0.25 + (l - 1) * 0.06, 0.45, 1.2);
      const ripple = Math.sin((y + (ctx.tex[y * c.w + x] ?? 0) * 30) * 0.9) * 0.03 * ctx.detail;
      setInk(sand, lit + ripple);
    });
  }
}

export function paintSnowfield(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("snow");
  if (w === 0) return;
  const ridge = noise1d(c.w, 3, 2, random);
  const top = new Float32Array(c.w);
  for (let x = 0; x < c.w; x++) top[x] = ctx.horizon + c.h * 0.03 - c.h * 0.05 * (ridge[x] ?? 0.5);
  const snow = mixRgb([238, 242, 250], p.skyMid, 0.15);
  fillRidge(ctx, top, c.h, (x, y, d) =>
    setInk(snow, 0.92 + 0.12 * ((ctx.tex[y * c.w + x] ?? 0.5) - 0.5) - d * 0.08),
  );
  if (w > 0.8) {
    const flakes = Math.round(c.w * c.h * 0.002 * w);
    for (let f = 0; f < flakes; f++) {
      const i = Math.floor(random() * c.h) * c.w + Math.floor(random() * c.w);
      blendPixel(ctx.c, i, [250, 250, 255], 0.5 + random() * 0.5);
    }
  }
}

/** Water reflects what is already painted above the horizon, broken up by ripples. */
export function paintSea(ctx: PaintContext): void {
  const { c, p } = ctx;
  const w = ctx.weight("sea");
  if (w === 0) return;
  const hy = Math.floor(ctx.horizon);
  const rgb = c.rgb;
  for (let y = hy; y < c.h; y++) {
    const t = (y - hy) / Math.max(1, c.h - hy);
    // Reflections compress towards the horizon and lengthen with distance below it.
    const src = Math.max(0, Math.round(hy - (y - hy) * 0.8 - 1));
    const fresnel = 0.75 - 0.45 * t;
    const water = mixRgb(p.water, p.silhouette, t * 0.5);
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const ripple =
        ((ctx.tex[i] ?? 0.5) - 0.5) * (4 + 30 * t) + Math.sin(y * (0.9 - t * 0.5) + x * 0.05) * 2 * t;
      const sx = Math.min(c.w - 1, Math.max(0, Math.round(x + ripple)));
      const s = (src * c.w + sx) * 3;
      const o = i * 3;
      const glint = hash2(x, y, ctx.hashSeed) < 0.03 * ctx.detail * (1 - t) ? 0.25 : 0;
      rgb[o] = mix(water[0], rgb[s] ?? 0, fresnel) + glint * 255;
      rgb[o + 1] = mix(water[1], rgb[s + 1] ?? 0, fresnel) + glint * 240;
      rgb[o + 2] = mix(water[2], rgb[s + 2] ?? 0, fresnel) + glint * 220;
    }
  }
}

export function paintBoat(ctx: PaintContext): void {
  const { c, p, random } = ctx;
  const w = ctx.weight("boat");
  if (w === 0) return;
  const size = c.h * 0.12 * clamp(w, 0.5, 2);
  const bx = c.w * (0.2 + random() * 0.6);
  const by = ctx.horizon + c.h * 0.06 + random() * c.h * 0.08;
  const col = p.time === "day" ? ([240, 240, 235] as Rgb) : p.silhouette;
  for (let y = Math.max(0, Math.floor(by - size)); y < Math.min(c.h, by + size * 0.2); y++) {
    for (let x = Math.max(0, Math.floor(bx - size * 0.6)); x < Math.min(c.w, bx + size * 0.6); x++) {
      const u = (x - bx) / size;
      const v = (by - y) / size;
      const sail = v > 0.08 && v < 1 && u > 0.02 && u < 0.55 * (1 - v) + 0.02;
      const jib = v > 0.1 && v < 0.85 && u < -0.02 && u > -0.4 * (0.85 - v);
      const hull = v <= 0.08 && v > -0.12 && Math.abs(u) < 0.5 - (0.08 - v) * 1.2;
      if (sail || jib) blendPixel(c, y * c.w + x, col, 1, true);
      else if (hull) blendPixel(c, y * c.w + x, p.silhouette, 1, true);
    }
  }
}
