import type { Rgb } from "../shared/seeded";
import { blend3, blendPixel, clamp, hash2, mix, mixRgb, noise1d, smoothstep } from "./canvas";
import { grainAt, type PaintContext } from "./paint-context";

/** The land and water: mountain ranges, rolling hills, dunes, snowfields and the sea. */

/**
 * The ground under a ridge line: every column from `top[x]` down to `bottom`. Painters walk its
 * rows y0..y1 in memory order and colour each pixel in their own loop (no per-pixel callback).
 */
class Ridge {
  /** First row of each column: the ridge line's row, anti-aliased by its coverage. */
  readonly first: Int32Array;
  /** Per column, the first row hidden behind something nearer (a nearer ridge); h if none. */
  readonly until: Int32Array;
  readonly y0: number;
  readonly y1: number;

  constructor(
    private readonly top: Float32Array,
    private readonly bottom: number,
    h: number,
  ) {
    this.first = new Int32Array(top.length);
    this.until = new Int32Array(top.length).fill(h);
    let y0 = h;
    for (let x = 0; x < top.length; x++) {
      const f = Math.max(0, Math.floor(top[x] as number));
      this.first[x] = f;
      y0 = Math.min(y0, f);
    }
    this.y0 = y0;
    this.y1 = Math.min(h, bottom);
  }

  /**
   * Coverage of (x, y): 0 above the line (or hidden), the line's fractional coverage on its row,
   * else 1.
   */
  cover(x: number, y: number): number {
    const f = this.first[x] as number;
    if (y < f || y >= (this.until[x] as number)) return 0;
    return y === f ? clamp(1 - ((this.top[x] as number) - f)) : 1;
  }

  /** 0 at the ridge line, 1 at the bottom. */
  depth(x: number, y: number): number {
    const t = this.top[x] as number;
    return (y - t) / Math.max(1, this.bottom - t);
  }
}

/**
 * Ranges listed far to near, each reaching at least as far down as the one before: below the row
 * after a nearer ridge line (where the nearer range is opaque) a farther one would only be painted
 * over, so it is marked hidden there and skipped.
 */
function occlude(ranges: Ridge[]): void {
  for (let l = ranges.length - 2; l >= 0; l--) {
    const { until } = ranges[l] as Ridge;
    const nearer = ranges[l + 1] as Ridge;
    for (let x = 0; x < until.length; x++) {
      until[x] = Math.min(nearer.until[x] as number, (nearer.first[x] as number) + 1);
    }
  }
}

export function paintMountains(ctx: PaintContext): void {
  const { c, p, random, tex } = ctx;
  const w = ctx.weight("mountains");
  if (w === 0) return;
  const snowy = ctx.weight("snow") > 0 || random() < 0.35;
  const layers = 3;
  const ranges: { amp: number; range: Ridge }[] = [];
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
    ranges.push({ amp, range: new Ridge(top, ctx.horizon + c.h * 0.03 * (l + 1), c.h) });
  }
  occlude(ranges.map((r) => r.range));
  for (let l = 0; l < layers; l++) {
    const depth = 1 - l / layers;
    const { amp, range } = ranges[l] as { amp: number; range: Ridge };
    const base = mixRgb(p.farLand, p.nearLand, 1 - depth);
    const [hr, hg, hb] = mixRgb(base, p.horizon, p.haze * depth * 0.8);
    const [sr, sg, sb] = mixRgb([240, 244, 250], p.glow, 0.2);
    const [zr, zg, zb] = p.horizon;
    const snowLine = ctx.horizon - amp * 0.95;
    for (let y = range.y0; y < range.y1; y++) {
      for (let x = 0, i = y * c.w; x < c.w; x++, i++) {
        const a = range.cover(x, y);
        if (a === 0) continue;
        const d = range.depth(x, y);
        const t = (tex[i] as number) - 0.5;
        const shade = 0.85 + 0.3 * t + grainAt(ctx, x, y) * 0.1;
        const f = (1 - d) * 0.05 + d * 0.25 * p.haze;
        let r = mix(hr, zr, f);
        let g = mix(hg, zg, f);
        let b = mix(hb, zb, f);
        // Snow above a snow line (ragged by the texture), as on real ranges: altitude, not slope depth.
        const line = snowLine + t * amp * 0.35;
        if (snowy && y < line + 2) {
          const sn = smoothstep(line + 2, line - 2, y) * 0.95;
          r = mix(r, sr, sn);
          g = mix(g, sg, sn);
          b = mix(b, sb, sn);
        }
        blend3(c, i, r * shade, g * shade, b * shade, a);
      }
    }
  }
}

export function paintHills(ctx: PaintContext): void {
  const { c, p, random, tex } = ctx;
  const w = ctx.weight("hills") || ctx.weight("flowers") * 0.7 || ctx.weight("forest") * 0.5;
  if (w === 0) return;
  const ranges: Ridge[] = [];
  for (let l = 0; l < 2; l++) {
    const ridge = noise1d(c.w, 2 + l, 2, random);
    const top = new Float32Array(c.w);
    const rise = c.h * (0.04 + 0.06 * Math.min(w, 2));
    for (let x = 0; x < c.w; x++) top[x] = ctx.horizon + c.h * 0.05 * l - rise * (ridge[x] ?? 0.5) * (2 - l);
    ranges.push(new Ridge(top, c.h, c.h));
  }
  occlude(ranges);
  ranges.forEach((range, l) => {
    const colour = mixRgb(l === 0 ? mixRgb(p.ground, p.horizon, p.haze * 0.5) : p.ground, p.foliage, 0.3);
    for (let y = range.y0; y < range.y1; y++) {
      for (let x = 0, i = y * c.w; x < c.w; x++, i++) {
        const a = range.cover(x, y);
        if (a === 0) continue;
        const k =
          0.9 + 0.25 * ((tex[i] as number) - 0.5) + grainAt(ctx, x, y) * 0.08 - range.depth(x, y) * 0.15;
        blend3(c, i, colour[0] * k, colour[1] * k, colour[2] * k, a);
      }
    }
  });
}

export function paintDesert(ctx: PaintContext): void {
  const { c, p, random, tex } = ctx;
  const w = ctx.weight("desert");
  if (w === 0) return;
  const sand: Rgb = mixRgb([222, 170, 105], p.horizon, 0.25);
  const tops: Float32Array[] = [];
  for (let l = 0; l < 3; l++) {
    const ridge = noise1d(c.w, 1 + l, 2, random);
    const top = new Float32Array(c.w);
    for (let x = 0; x < c.w; x++)
      top[x] = ctx.horizon + c.h * (0.02 + 0.09 * l) - c.h * 0.08 * (ridge[x] ?? 0.5);
    tops.push(top);
  }
  const ranges = tops.map((top) => new Ridge(top, c.h, c.h));
  occlude(ranges);
  ranges.forEach((range, l) => {
    const top = tops[l] as Float32Array;
    for (let y = range.y0; y < range.y1; y++) {
      for (let x = 0, i = y * c.w; x < c.w; x++, i++) {
        const a = range.cover(x, y);
        if (a === 0) continue;
        // Dune slope: the side facing the light is bright, the lee side in shadow.
        const slope = (top[Math.min(c.w - 1, x + 1)] as number) - (top[Math.max(0, x - 1)] as number);
        const lit = clamp(0.85 + slope * 0.35 - range.depth(x, y) * 0.25 + (l - 1) * 0.06, 0.45, 1.2);
        const ripple = Math.sin((y + (tex[i] as number) * 30) * 0.9) * 0.03 * ctx.detail;
        const k = lit + ripple;
        blend3(c, i, sand[0] * k, sand[1] * k, sand[2] * k, a);
      }
    }
  });
}

export function paintSnowfield(ctx: PaintContext): void {
  const { c, p, random, tex } = ctx;
  const w = ctx.weight("snow");
  if (w === 0) return;
  const ridge = noise1d(c.w, 3, 2, random);
  const top = new Float32Array(c.w);
  for (let x = 0; x < c.w; x++) top[x] = ctx.horizon + c.h * 0.03 - c.h * 0.05 * (ridge[x] ?? 0.5);
  const snow = mixRgb([238, 242, 250], p.skyMid, 0.15);
  const range = new Ridge(top, c.h, c.h);
  for (let y = range.y0; y < range.y1; y++) {
    for (let x = 0, i = y * c.w; x < c.w; x++, i++) {
      const a = range.cover(x, y);
      if (a === 0) continue;
      const k = 0.92 + 0.12 * ((tex[i] as number) - 0.5) - range.depth(x, y) * 0.08;
      blend3(c, i, snow[0] * k, snow[1] * k, snow[2] * k, a);
    }
  }
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
  const { c, p, tex, hashSeed } = ctx;
  const w = ctx.weight("sea");
  if (w === 0) return;
  const hy = Math.floor(ctx.horizon);
  const rgb = c.rgb;
  // The ripple's sin(a(y) + 0.05 x) by angle addition: per-column tables, one sin/cos per row.
  const sinX = new Float64Array(c.w);
  const cosX = new Float64Array(c.w);
  for (let x = 0; x < c.w; x++) {
    sinX[x] = Math.sin(x * 0.05);
    cosX[x] = Math.cos(x * 0.05);
  }
  for (let y = hy; y < c.h; y++) {
    const t = (y - hy) / Math.max(1, c.h - hy);
    // Reflections compress towards the horizon and lengthen with distance below it.
    const src = Math.max(0, Math.round(hy - (y - hy) * 0.8 - 1)) * c.w;
    const fresnel = 0.75 - 0.45 * t;
    const [wr, wg, wb] = mixRgb(p.water, p.silhouette, t * 0.5);
    const spread = 4 + 30 * t;
    const angle = y * (0.9 - t * 0.5);
    const sinA = Math.sin(angle) * 2 * t;
    const cosA = Math.cos(angle) * 2 * t;
    const glints = 0.03 * ctx.detail * (1 - t);
    for (let x = 0, i = y * c.w; x < c.w; x++, i++) {
      const ripple =
        ((tex[i] as number) - 0.5) * spread + (sinA * (cosX[x] as number) + cosA * (sinX[x] as number));
      const sx = Math.min(c.w - 1, Math.max(0, Math.round(x + ripple)));
      const s = (src + sx) * 3;
      const o = i * 3;
      const glint = hash2(x, y, hashSeed) < glints ? 0.25 : 0;
      rgb[o] = mix(wr, rgb[s] as number, fresnel) + glint * 255;
      rgb[o + 1] = mix(wg, rgb[s + 1] as number, fresnel) + glint * 240;
      rgb[o + 2] = mix(wb, rgb[s + 2] as number, fresnel) + glint * 220;
    }
  }
}

/** Sand in the foreground of a sea, with a wet band and a line of foam at the water's edge. */
export function paintBeach(ctx: PaintContext): void {
  const { c, p, tex } = ctx;
  if (ctx.weight("beach") === 0) return;
  const sand = mixRgb([226, 196, 150], p.horizon, 0.2);
  const wet = mixRgb(sand, p.water, 0.35);
  const shore = new Float32Array(c.w);
  const below = c.h - ctx.horizon;
  for (let x = 0; x < c.w; x++) {
    const u = x / c.w;
    shore[x] = ctx.horizon + below * (0.42 + 0.12 * u + 0.04 * Math.sin(u * 9 + ctx.hashSeed));
  }
  for (let x = 0; x < c.w; x++) {
    const top = shore[x] as number;
    for (let y = Math.max(0, Math.floor(top - 2)); y < c.h; y++) {
      const i = y * c.w + x;
      const d = y - top;
      if (d < -1.5) continue;
      const t = (tex[i] as number) - 0.5;
      if (d < 1.5) {
        blend3(c, i, 245, 248, 250, clamp(1 - Math.abs(d) / 1.5) * 0.8);
        continue;
      }
      const k = 0.92 + 0.16 * t + (d / below) * 0.1;
      const m = clamp(1 - d / (below * 0.08));
      blend3(c, i, mix(sand[0], wet[0], m) * k, mix(sand[1], wet[1], m) * k, mix(sand[2], wet[2], m) * k, 1);
    }
  }
}
