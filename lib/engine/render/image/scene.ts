import type { Canvas } from "./canvas";
import { blend3, mixRgb, noiseField } from "./canvas";
import type { Intent } from "./intent";
import { paintCity } from "./paint-city";
import type { PaintContext } from "./paint-context";
import { paintBeach, paintDesert, paintHills, paintMountains, paintSea, paintSnowfield } from "./paint-land";
import { paintFlowers, paintForest, paintPortrait } from "./paint-life";
import { paintInterior, paintUnderwater } from "./paint-rooms";
import { paintAbstract, paintObject } from "./paint-shapes";
import {
  paintAurora,
  paintBirds,
  paintClouds,
  paintLight,
  paintSky,
  paintStars,
  placeLight,
} from "./paint-sky";
import { paintRain, paintWetGround } from "./paint-weather";
import type { Palette } from "./palette";
import { isTableSubject, paintSubjects, standsOnGround, standsOnHorizon } from "./subject-layout";
import { familyOf, type Subject } from "./subjects";
import type { Element } from "./vocabulary";

/**
 * Composition: which elements are drawn, where the horizon sits, and the painting order (back to
 * front; water after everything standing on the horizon, so it reflects them). With layerDiffuse
 * only subjects are painted with coverage; sky, land and water stay transparent.
 */

const SUBJECTS: Element[] = ["city", "forest", "flowers", "portrait", "object", "abstract", "sun", "moon"];
/** Elements that make a scene outdoors: a table subject among them stands outside. */
const OUTDOORS: Element[] = [
  "sea",
  "beach",
  "mountains",
  "hills",
  "city",
  "forest",
  "desert",
  "snow",
  "flowers",
];
const BLANK_CHOICES: Element[] = ["mountains", "sea", "hills", "forest", "clouds", "abstract", "desert"];

export interface SceneInput {
  intent: Intent;
  palette: Palette;
  random: () => number;
  hashSeed: number;
  detail: number;
  transparent: boolean;
  /** 0-1 neon style strength (edges and glow on the skyline). */
  neon: number;
  /** False: the setting alone, without the subject layer (tests compare the two). */
  withSubjects?: boolean;
}

/** Creatures of open water: drawn under the surface unless the prompt names land. */
const DEEP: Subject[] = ["jellyfish"];

function elementWeights(s: SceneInput): Map<Element, number> {
  const weights = new Map<Element, number>();
  // Prominence grows with the square of attention: "sea++" (1.21) draws ~1.46x the sea.
  for (const [e, w] of s.intent.elements) weights.set(e, w * w);
  if (s.intent.blank && weights.size === 0) {
    const first = BLANK_CHOICES[Math.floor(s.random() * BLANK_CHOICES.length)] ?? "hills";
    const second = BLANK_CHOICES[Math.floor(s.random() * BLANK_CHOICES.length)] ?? "clouds";
    weights.set(first, 1);
    weights.set(second, 0.8);
  }
  // Someone standing by the water stands on its shore, not on the water.
  const main = s.intent.subjects.keys().next().value;
  if (main && standsOnGround(main) && weights.has("sea") && !weights.has("beach") && !DEEP.includes(main))
    weights.set("beach", 0.8);
  if (s.transparent && s.intent.subjects.size === 0 && !SUBJECTS.some((e) => weights.has(e)))
    weights.set("abstract", 1);
  return weights;
}

type Setting = "outdoors" | "interior" | "underwater";

function settingOf(s: SceneInput, weights: Map<Element, number>): Setting {
  const main = s.intent.subjects.keys().next().value;
  const deep = s.intent.underwater || (main !== undefined && DEEP.includes(main));
  if (deep && !OUTDOORS.some((e) => e !== "sea" && weights.has(e))) return "underwater";
  if (!main || OUTDOORS.some((e) => weights.has(e))) return "outdoors";
  if (isTableSubject(main)) return "interior";
  return main === "fish" ? "underwater" : "outdoors";
}

function horizonFor(
  weights: Map<Element, number>,
  h: number,
  random: () => number,
  setting: Setting,
): number {
  if (setting !== "outdoors") return Math.round(h * (setting === "interior" ? 0.6 : 0.75));
  let f = 0.6 + (random() - 0.5) * 0.08;
  if (weights.has("sea")) f = 0.56 + (random() - 0.5) * 0.06 - 0.05 * ((weights.get("sea") ?? 1) - 1);
  if (weights.has("mountains")) f += 0.05;
  if (weights.has("portrait")) f = 0.8;
  if (weights.has("abstract") && weights.size === 1) f = 0.98;
  return Math.round(h * Math.min(0.9, Math.max(0.4, f)));
}

function paintGround(ctx: PaintContext): void {
  const { c, p } = ctx;
  for (let y = Math.floor(ctx.horizon); y < c.h; y++) {
    const t = (y - ctx.horizon) / Math.max(1, c.h - ctx.horizon);
    const col = mixRgb(mixRgb(p.ground, p.horizon, p.haze * (1 - t) * 0.6), p.silhouette, t * 0.35);
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const s = 0.9 + 0.2 * ((ctx.tex[i] ?? 0.5) - 0.5);
      blend3(c, i, col[0] * s, col[1] * s, col[2] * s, 1);
    }
  }
}

export function paintScene(c: Canvas, s: SceneInput): void {
  const weights = elementWeights(s);
  const setting = settingOf(s, weights);
  const ctx: PaintContext = {
    c,
    p: s.palette,
    random: s.random,
    hashSeed: s.hashSeed,
    horizon: horizonFor(weights, c.h, s.random, setting),
    weight: (e) => weights.get(e) ?? 0,
    tex: noiseField(c.w, c.h, 5, 2 + Math.round(s.detail), s.random),
    detail: s.detail,
    transparent: s.transparent,
    light: null,
  };
  const bg = !s.transparent;
  if (setting !== "outdoors") {
    if (bg) (setting === "interior" ? paintInterior : paintUnderwater)(ctx);
    paintAll(ctx, s, weights, () => true);
    return;
  }
  paintSky(ctx);
  const light = placeLight(ctx);
  if (light) ctx.light = { x: light.x, y: light.y };
  if (bg) {
    paintAurora(ctx);
    paintStars(ctx);
  }
  if (light) paintLight(ctx, light);
  if (bg) {
    paintClouds(ctx, ctx.light);
    paintMountains(ctx);
  }
  const sea = weights.has("sea");
  if (bg && !sea) {
    if (weights.has("desert")) paintDesert(ctx);
    else if (weights.has("snow")) paintSnowfield(ctx);
    else if (weights.has("hills") || weights.has("flowers") || weights.has("forest")) paintHills(ctx);
    else if (!(weights.has("abstract") && weights.size === 1)) paintGround(ctx);
  }
  paintCity(ctx, s.neon);
  // Buildings stand before the water is painted, so it reflects them.
  subjects(ctx, s, weights, standsOnHorizon);
  if (bg && !sea) paintWetGround(ctx);
  if (bg && sea) {
    paintSea(ctx);
    paintBeach(ctx);
  }
  paintForest(ctx);
  paintFlowers(ctx);
  paintAll(ctx, s, weights, (k) => !standsOnHorizon(k));
  paintBirds(ctx);
  paintRain(ctx);
}

function subjects(
  ctx: PaintContext,
  s: SceneInput,
  weights: Map<Element, number>,
  filter: (k: Subject) => boolean,
): void {
  if (s.withSubjects === false) return;
  // A portrait is the person: people subjects are not drawn beside it.
  const list = [...s.intent.subjects].filter(([k]) => !(weights.has("portrait") && familyOf(k) === "people"));
  const p = s.palette;
  paintSubjects(ctx, {
    subjects: list,
    filter,
    accents: p.accents,
    lit: p.time === "night" || p.time === "sunset" || p.time === "storm",
    windowLight: p.windowLight,
  });
}

/** The subjects and the element subjects that stand in front of everything. */
function paintAll(
  ctx: PaintContext,
  s: SceneInput,
  weights: Map<Element, number>,
  filter: (k: Subject) => boolean,
): void {
  paintPortrait(ctx);
  paintObject(ctx);
  paintAbstract(ctx);
  subjects(ctx, s, weights, filter);
}
