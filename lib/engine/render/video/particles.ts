import { addPx, drawDisc, drawStreak, type Frame, pack, type Rgb } from "./raster";
import type { Particles } from "./scene";
import { hash01 } from "./seeded-random";

/**
 * Particle systems as pure functions of time: particle i's position at second s is computed from
 * hashes of (i, kind), never from the previous frame. Frames are therefore independent (the same
 * frame twice is identical, whatever was drawn before) and nothing is stored per particle.
 */

const COUNTS: Record<Particles, number> = {
  stars: 260,
  snow: 320,
  rain: 260,
  embers: 140,
  fireflies: 70,
  bokeh: 26,
  bubbles: 70,
  dust: 160,
};

export interface ParticleStyle {
  accents: readonly Rgb[];
  speed: number;
  /** Stars stay above this row. */
  horizonY: number;
  /** 0-2: brightness multiplier (follows the reference audio's loudness when there is one). */
  energy: number;
}

const wrap = (v: number, m: number) => ((v % m) + m) % m;

/** `amount` (0-1) shows that share of the particles: effects fading in over a photo. */
export function drawParticles(
  f: Frame,
  kind: Particles,
  seconds: number,
  style: ParticleStyle,
  ox: number,
  oy: number,
  amount = 1,
) {
  const { width: w, height: h } = f;
  const n = Math.round(COUNTS[kind] * Math.max(0, Math.min(1, amount)));
  const salt = kind.length * 7919 + kind.charCodeAt(0);
  const s = seconds * style.speed;
  const e = style.energy;
  const scale = Math.max(1, Math.min(w, h) / 480);
  const white = pack([255, 255, 255]);
  const accent = (i: number) => pack(style.accents[i % Math.max(1, style.accents.length)] ?? [255, 220, 120]);
  for (let i = 0; i < n; i++) {
    const a = hash01(i, salt);
    const b = hash01(i, salt + 1);
    const c = hash01(i, salt + 2);
    const depth = 0.3 + 0.7 * c;
    switch (kind) {
      case "stars": {
        const x = wrap(a * w * 1.5 + ox * 0.03, w);
        const y = b * style.horizonY + oy * 0.03;
        if (y >= style.horizonY || y < 0) break;
        const tw = 0.55 + 0.45 * Math.sin(seconds * (1.5 + c * 4) + i);
        const idx = (y | 0) * w + (x | 0);
        f.px[idx] = addPx(f.px[idx] as number, white, Math.round(255 * tw * (0.4 + 0.6 * c)));
        if (c > 0.85) drawDisc(f, x, y, 1.1 * scale, white, 0.5 * tw, true);
        break;
      }
      case "snow": {
        const y = wrap(b * h + s * 40 * depth * scale + oy * depth, h);
        const x = wrap(a * w + Math.sin(s * 1.3 + i) * 12 * depth + ox * depth, w);
        drawDisc(f, x, y, (0.8 + 1.8 * depth) * scale, white, 0.85);
        break;
      }
      case "rain": {
        const len = (10 + 16 * depth) * scale;
        const y = wrap(b * h + s * 520 * depth * scale, h + len) - len;
        const x = wrap(a * w + y * 0.18 + ox * depth, w);
        drawStreak(f, x, y, x + len * 0.18, y + len, pack([180, 196, 220]), 150 * depth);
        break;
      }
      case "embers": {
        const rise = s * (30 + 50 * depth) * scale;
        const y = wrap(b * h - rise, h);
        const x = wrap(a * w + Math.sin(s * 2 + i * 1.7) * 18 + ox * depth, w);
        const flicker = 0.5 + 0.5 * Math.sin(seconds * 9 + i * 3.1);
        drawDisc(
          f,
          x,
          y,
          (0.8 + 1.6 * depth) * scale,
          pack([255, 120 + 100 * c, 40]),
          Math.min(1, (0.4 + 0.6 * flicker) * e),
          true,
        );
        break;
      }
      case "fireflies": {
        const x = wrap(a * w + Math.sin(s * 0.7 + i) * 40 * scale + ox * depth, w);
        const y =
          style.horizonY * 0.6 + b * (h - style.horizonY * 0.6) + Math.cos(s * 0.9 + i * 2) * 20 * scale;
        const pulse = Math.max(0, Math.sin(seconds * (1.5 + c * 2) + i * 2.3));
        drawDisc(f, x, y, 4 * scale * depth, pack([200, 255, 120]), 0.25 * pulse * e, true);
        drawDisc(f, x, y, 1.4 * scale, pack([230, 255, 160]), pulse * Math.min(1, e), true);
        break;
      }
      case "bokeh": {
        const x = wrap(a * w + s * 8 * depth + ox * depth * 1.2, w);
        const y = b * h * 0.9 + Math.sin(s * 0.5 + i) * 10;
        const r = (8 + 26 * c) * scale;
        drawDisc(f, x, y, r, accent(i), Math.min(1, 0.16 * e), true);
        break;
      }
      case "bubbles": {
        const y = wrap(b * h - s * (40 + 60 * depth) * scale, h);
        const x = wrap(a * w + Math.sin(s * 2 + i) * 8 + ox * depth, w);
        const r = (2 + 5 * c) * scale;
        drawDisc(f, x, y, r, white, 0.22, true);
        drawDisc(f, x - r * 0.35, y - r * 0.35, r * 0.3, white, 0.7, true);
        break;
      }
      case "dust": {
        const x = wrap(a * w + s * 14 * depth + ox * depth, w);
        const y = wrap(b * h + Math.sin(s + i) * 16, h);
        drawDisc(f, x, y, 1.1 * scale, pack([255, 240, 210]), 0.35 * depth, true);
        break;
      }
    }
  }
}
