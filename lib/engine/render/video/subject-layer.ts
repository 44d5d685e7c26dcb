import { createCanvas } from "../image/canvas";
import { readIntent } from "../image/intent";
import type { PaintContext } from "../image/paint-context";
import { buildPalette } from "../image/palette";
import { type Placement, paintSubjects, standsOnHorizon } from "../image/subject-layout";
import { familyOf, type Subject } from "../image/subjects";
import { seededRandom } from "../shared/seeded";
import type { Frame } from "./raster";
import type { Scene } from "./scene";
import { drawSprite, type Sprite, spriteFromPixels } from "./sprite";

/**
 * The prompt's subjects in a video, drawn by the image renderer's own painters (subjects.ts,
 * subject-layout.ts) so "a lighthouse" is the same lighthouse in both. Each subject is painted
 * once per shot into its own sprite (cropped to what it covers); a frame only copies it, moved a
 * little by its kind: the living bob, boats rock, vehicles and aircraft travel, buildings stand.
 */

export interface SubjectSprite {
  subject: Subject;
  sprite: Sprite;
  x: number;
  y: number;
  /** Painted on the horizon: before the water, which then reflects it. */
  back: boolean;
  placement: Placement;
}

/** Straight-alpha packed pixels from a premultiplied float canvas, cropped to its coverage. */
function toSprite(rgb: Float32Array, alpha: Float32Array, w: number, h: number) {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((alpha[y * w + x] as number) < 0.004) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  const sw = x1 - x0 + 1;
  const sh = y1 - y0 + 1;
  const px = new Uint32Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = (y + y0) * w + x + x0;
      const a = alpha[i] as number;
      if (a < 0.004) continue;
      const k = 1 / a;
      const r = Math.min(255, Math.max(0, (rgb[i * 3] as number) * k)) | 0;
      const g = Math.min(255, Math.max(0, (rgb[i * 3 + 1] as number) * k)) | 0;
      const b = Math.min(255, Math.max(0, (rgb[i * 3 + 2] as number) * k)) | 0;
      px[y * sw + x] = ((Math.round(Math.min(1, a) * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  return { sprite: spriteFromPixels(sw, sh, px), x: x0, y: y0 };
}

export function buildSubjectSprites(
  prompt: string,
  seed: number,
  scene: Scene,
  width: number,
  height: number,
): SubjectSprite[] {
  const intent = readIntent(prompt, undefined);
  const list = [...intent.subjects].filter(
    ([k]) => !(intent.elements.has("portrait") && familyOf(k) === "people"),
  );
  if (list.length === 0) return [];
  const random = seededRandom(`subjects\u0000${prompt}`, seed);
  const palette = { ...buildPalette(intent, random), time: scene.time };
  const horizon = Math.round(height * scene.horizon);
  const out: SubjectSprite[] = [];
  for (const [subject] of list) {
    const c = createCanvas(width, height, true);
    const ctx: PaintContext = {
      c,
      p: palette,
      random,
      hashSeed: seed | 0,
      horizon,
      weight: () => 0,
      tex: new Float32Array(0),
      detail: 1,
      transparent: true,
      light: scene.light ? { x: width * 0.62, y: horizon * 0.35 } : null,
    };
    const [placement] = paintSubjects(ctx, {
      subjects: list,
      filter: (k) => k === subject,
      accents: scene.accents.map((a) => [a[0], a[1], a[2]]),
      lit: scene.time === "night" || scene.time === "sunset",
      windowLight: palette.windowLight,
    });
    const cropped = c.alpha ? toSprite(c.rgb, c.alpha, width, height) : null;
    if (cropped && placement) out.push({ subject, ...cropped, back: standsOnHorizon(subject), placement });
  }
  // Back to front as painted: the main subject (first in the list) last.
  return out.reverse();
}

/** A subject's usual water (a boat, a lighthouse, a bridge) when the prompt's scene has none. */
export function withSubjectSetting(scene: Scene, prompt: string): Scene {
  const intent = readIntent(prompt, undefined);
  if (intent.subjects.size === 0 || scene.water || scene.underwater) return scene;
  return intent.elements.has("sea") ? { ...scene, water: true, horizon: 0.58 } : scene;
}

/** Draws the subjects of one layer (`back`: those on the horizon) at moment `s` (seconds). */
export function drawSubjects(
  f: Frame,
  subjects: SubjectSprite[],
  back: boolean,
  s: number,
  speed: number,
  cam: { x: number; y: number; push: number },
): void {
  for (const it of subjects) {
    if (it.back !== back) continue;
    const { subject, placement } = it;
    const family = familyOf(subject);
    const dir = placement.flip ? -1 : 1;
    const unit = placement.size;
    let dx = 0;
    let dy = 0;
    if (family === "animal" || family === "people") dy = -Math.abs(Math.sin(s * 2.4 * speed)) * unit * 0.025;
    if (subject === "boat") dy = Math.sin(s * 1.5 * speed) * unit * 0.02;
    if (subject === "fish") dx = Math.sin(s * 0.9 * speed) * unit * 0.12 * dir;
    if (subject === "car" || subject === "bicycle" || subject === "train") dx = s * speed * unit * 0.12 * dir;
    if (subject === "airplane") dx = s * speed * unit * 0.3 * dir;
    if (family === "plant") dx = Math.sin(s * 1.3 * speed) * unit * 0.01;
    // Near the camera: it moves with the foreground layers.
    const depth = back ? 0.7 : 0.95;
    drawSprite(
      f,
      it.sprite,
      it.x + dx - cam.x * depth,
      it.y + dy - cam.y * depth + cam.push * depth * depth * 0.5,
    );
  }
}
