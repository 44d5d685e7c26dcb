import type { Canvas } from "./canvas";
import { blend3, mixRgb, noiseField } from "./canvas";
import type { Intent } from "./intent";
import { paintCity, paintTower } from "./paint-city";
import type { PaintContext } from "./paint-context";
import { paintBoat, paintDesert, paintHills, paintMountains, paintSea, paintSnowfield } from "./paint-land";
import { paintFigure, paintFlowers, paintForest, paintPortrait } from "./paint-life";
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
import type { Palette } from "./palette";
import type { Element } from "./vocabulary";

/**
 * Composition: which elements are drawn, where the horizon sits, and the painting order (back to
 * front; water after everything standing on the horizon, so it reflects them). With layerDiffuse
 * only subjects are painted with coverage; sky, land and water stay transparent.
 */

const SUBJECTS: Element[] = [
  "city",
  "tower",
  "forest",
  "flowers",
  "figure",
  "portrait",
  "object",
  "abstract",
  "boat",
  "sun",
  "moon",
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
}

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
  if (s.transparent && !SUBJECTS.some((e) => weights.has(e))) weights.set("object", 1);
  return weights;
}

function horizonFor(weights: Map<Element, number>, h: number, random: () => number): number {
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
  const ctx: PaintContext = {
    c,
    p: s.palette,
    random: s.random,
    hashSeed: s.hashSeed,
    horizon: horizonFor(weights, c.h, s.random),
    weight: (e) => weights.get(e) ?? 0,
    tex: noiseField(c.w, c.h, 5, 2 + Math.round(s.detail), s.random),
    detail: s.detail,
    transparent: s.transparent,
    light: null,
  };
  paintSky(ctx);
  const light = placeLight(ctx);
  if (light) ctx.light = { x: light.x, y: light.y };
  const bg = !s.transparent;
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
  paintTower(ctx);
  if (bg && sea) paintSea(ctx);
  paintBoat(ctx);
  paintForest(ctx);
  paintFlowers(ctx);
  paintFigure(ctx);
  paintPortrait(ctx);
  paintObject(ctx);
  paintAbstract(ctx);
  paintBirds(ctx);
}
