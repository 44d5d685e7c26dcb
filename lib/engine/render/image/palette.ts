import { hsl, type Rgb } from "../shared/seeded";
import { clamp, mixRgb } from "./canvas";
import type { Intent } from "./intent";
import type { TimeOfDay } from "./vocabulary";

/**
 * The colours of a scene: a base palette per time of day (hand-picked from reference photographs
 * of each light), tinted by the prompt's colour and mood words, jittered a little by the seed.
 */
export interface Palette {
  time: TimeOfDay;
  skyTop: Rgb;
  skyMid: Rgb;
  horizon: Rgb;
  sun: Rgb;
  glow: Rgb;
  cloud: Rgb;
  farLand: Rgb;
  nearLand: Rgb;
  ground: Rgb;
  water: Rgb;
  silhouette: Rgb;
  foliage: Rgb;
  windowLight: Rgb;
  /** Subject and detail colours (flowers, objects, abstract shapes). */
  accents: Rgb[];
  /** 0-1: how much distance fades into the horizon colour. */
  haze: number;
}

type Base = Omit<Palette, "time" | "accents" | "haze"> & { accents: Rgb[]; haze: number };

const BASE: Record<TimeOfDay, Base> = {
  day: {
    skyTop: [52, 112, 200],
    skyMid: [110, 170, 230],
    horizon: [200, 225, 240],
    sun: [255, 250, 225],
    glow: [255, 240, 200],
    cloud: [250, 250, 252],
    farLand: [120, 150, 175],
    nearLand: [70, 110, 80],
    ground: [95, 145, 70],
    water: [40, 100, 150],
    silhouette: [40, 55, 50],
    foliage: [50, 115, 55],
    windowLight: [250, 240, 200],
    accents: [
      [230, 70, 60],
      [250, 200, 60],
      [240, 140, 180],
      [120, 90, 200],
    ],
    haze: 0.45,
  },
  sunset: {
    skyTop: [40, 32, 90],
    skyMid: [190, 70, 100],
    horizon: [255, 170, 80],
    sun: [255, 236, 170],
    glow: [255, 140, 60],
    cloud: [245, 120, 110],
    farLand: [120, 60, 100],
    nearLand: [60, 30, 60],
    ground: [80, 45, 55],
    water: [90, 50, 90],
    silhouette: [30, 16, 36],
    foliage: [60, 40, 45],
    windowLight: [255, 210, 120],
    accents: [
      [255, 120, 70],
      [250, 200, 90],
      [200, 60, 110],
      [255, 160, 140],
    ],
    haze: 0.55,
  },
  dawn: {
    skyTop: [70, 100, 170],
    skyMid: [170, 160, 200],
    horizon: [255, 200, 170],
    sun: [255, 245, 220],
    glow: [255, 190, 160],
    cloud: [255, 215, 210],
    farLand: [140, 140, 175],
    nearLand: [80, 90, 120],
    ground: [110, 130, 110],
    water: [110, 130, 170],
    silhouette: [50, 50, 75],
    foliage: [70, 110, 90],
    windowLight: [255, 230, 190],
    accents: [
      [250, 150, 170],
      [250, 220, 150],
      [160, 140, 220],
      [120, 200, 190],
    ],
    haze: 0.6,
  },
  night: {
    skyTop: [6, 8, 28],
    skyMid: [18, 26, 70],
    horizon: [45, 50, 110],
    sun: [235, 240, 255],
    glow: [120, 140, 220],
    cloud: [40, 45, 80],
    farLand: [25, 30, 60],
    nearLand: [12, 14, 30],
    ground: [15, 18, 32],
    water: [10, 16, 40],
    silhouette: [6, 6, 14],
    foliage: [15, 25, 30],
    windowLight: [255, 210, 120],
    accents: [
      [255, 60, 200],
      [40, 220, 255],
      [160, 90, 255],
      [255, 200, 80],
    ],
    haze: 0.35,
  },
  storm: {
    skyTop: [45, 50, 60],
    skyMid: [80, 88, 100],
    horizon: [140, 145, 150],
    sun: [220, 225, 230],
    glow: [180, 185, 195],
    cloud: [95, 100, 112],
    farLand: [85, 92, 100],
    nearLand: [50, 58, 60],
    ground: [60, 72, 60],
    water: [50, 62, 72],
    silhouette: [25, 28, 32],
    foliage: [40, 60, 48],
    windowLight: [240, 220, 170],
    accents: [
      [200, 80, 60],
      [210, 190, 110],
      [120, 140, 180],
      [150, 150, 150],
    ],
    haze: 0.65,
  },
  fog: {
    skyTop: [170, 180, 190],
    skyMid: [200, 205, 210],
    horizon: [225, 225, 225],
    sun: [250, 248, 240],
    glow: [240, 235, 225],
    cloud: [230, 232, 236],
    farLand: [175, 182, 190],
    nearLand: [120, 130, 135],
    ground: [140, 150, 140],
    water: [150, 165, 175],
    silhouette: [80, 88, 95],
    foliage: [95, 115, 105],
    windowLight: [250, 235, 200],
    accents: [
      [200, 120, 120],
      [220, 200, 150],
      [150, 160, 200],
      [170, 190, 170],
    ],
    haze: 0.85,
  },
};

function pickTime(intent: Intent, random: () => number): TimeOfDay {
  let best: TimeOfDay | undefined;
  let bestWeight = 0;
  for (const [t, w] of intent.times) {
    if (w > bestWeight) [best, bestWeight] = [t, w];
  }
  if (best) return best;
  const e = intent.elements;
  if (e.has("stars") || e.has("moon") || e.has("aurora") || intent.styles.has("neon")) return "night";
  if (e.has("desert")) return random() < 0.5 ? "day" : "sunset";
  // Unspecified light: mostly daylight, sometimes golden or blue hour (as photo datasets are).
  const r = random();
  return r < 0.55 ? "day" : r < 0.75 ? "sunset" : r < 0.9 ? "dawn" : "fog";
}

function jitter(c: Rgb, random: () => number, amount: number): Rgb {
  return [0, 1, 2].map((i) => clamp((c[i] ?? 0) + (random() - 0.5) * amount, 0, 255)) as Rgb;
}

export function buildPalette(intent: Intent, random: () => number, seedTint?: Rgb[]): Palette {
  const time = intent.blank && seedTint ? "day" : pickTime(intent, random);
  const base = BASE[time];
  const p: Palette = { time, ...base, accents: [...base.accents] };
  // Seed variety: each colour moves a few levels so two seeds of one prompt differ in light too.
  for (const k of ["skyTop", "skyMid", "horizon", "farLand", "nearLand", "ground", "water"] as const) {
    p[k] = jitter(p[k], random, 26);
  }
  if (intent.blank && !seedTint) {
    // No text guidance: a harmonious palette from the seed alone.
    const h = random();
    p.skyTop = hsl(h, 0.45, 0.25);
    p.skyMid = hsl((h + 0.08) % 1, 0.5, 0.5);
    p.horizon = hsl((h + 0.15) % 1, 0.55, 0.75);
    p.accents = [0.3, 0.5, 0.65, 0.85].map((d) => hsl((h + d) % 1, 0.6, 0.55));
  }
  if (seedTint && seedTint.length >= 3) {
    // Blank prompt over a seed image: continue the image's own colours.
    const [dark, mid, light] = seedTint as [Rgb, Rgb, Rgb];
    p.skyTop = mixRgb(p.skyTop, dark, 0.8);
    p.skyMid = mixRgb(p.skyMid, mid, 0.8);
    p.horizon = mixRgb(p.horizon, light, 0.8);
    p.ground = mixRgb(p.ground, dark, 0.7);
    p.accents = [mid, light, dark, ...p.accents];
  }
  tint(p, intent);
  return p;
}

function tint(p: Palette, intent: Intent): void {
  const colours = [...intent.colours].sort((a, b) => b.weight - a.weight);
  const lead = colours[0];
  if (lead) {
    // The strongest colour word tints the whole light; its weight says how far (x1.3 for "red++").
    const t = clamp(0.38 * lead.weight ** 2, 0, 0.85);
    for (const k of ["skyTop", "skyMid", "horizon", "glow", "cloud", "water", "farLand"] as const) {
      p[k] = mixRgb(p[k], lead.rgb, k === "skyTop" ? t * 0.6 : t);
    }
    p.nearLand = mixRgb(p.nearLand, lead.rgb, t * 0.4);
  }
  if (colours.length > 0) {
    // Every named colour becomes a subject colour, strongest first.
    p.accents = [...colours.map((c) => c.rgb), ...p.accents].slice(0, 6);
  }
  const warm = intent.moods.get("warm") ?? 0;
  const cold = intent.moods.get("cold") ?? 0;
  const gloomy = intent.moods.get("gloomy") ?? 0;
  for (const k of ["skyTop", "skyMid", "horizon", "ground", "nearLand", "water"] as const) {
    if (warm) p[k] = mixRgb(p[k], [255, 150, 60], 0.18 * warm);
    if (cold) p[k] = mixRgb(p[k], [90, 150, 230], 0.18 * cold);
    if (gloomy) p[k] = mixRgb(p[k], [60, 62, 70], 0.3 * gloomy);
  }
}
