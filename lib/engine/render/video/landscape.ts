import { mixRgb, pack, type Rgb } from "./raster";
import type { Scene, Terrain } from "./scene";
import { seededRandom } from "./seeded-random";
import { type Sprite, spriteFromPixels } from "./sprite";

/**
 * The scene's silhouette layers, built once per video: periodic panoramas (they tile
 * horizontally, so a pan of any length never runs out) drawn back to front with parallax. Each is
 * a height field shaded at build time (faceted mountains lit from the light's side, lit windows,
 * snow caps), so a frame only copies rows.
 */

export interface Layer {
  sprite: Sprite;
  /** Top of the sprite in world pixels (before camera motion). */
  y: number;
  /** 0 (at infinity) to 1 (nearest): how much the camera's motion moves it. */
  depth: number;
}

/** One column's top edge per x; rows below it are solid, the edge pixel anti-aliased. */
function heightField(
  width: number,
  height: number,
  top: Float32Array,
  shade: (x: number, y: number) => number,
): Sprite {
  const px = new Uint32Array(width * height);
  for (let x = 0; x < width; x++) {
    const t = top[x] as number;
    const start = Math.max(0, Math.floor(t));
    for (let y = start; y < height; y++) {
      const cover = Math.min(1, y + 1 - t);
      if (cover <= 0) continue;
      const c = shade(x, y);
      px[y * width + x] = ((c & 0xffffff) | (Math.round(cover * 255) << 24)) >>> 0;
    }
  }
  return spriteFromPixels(width, height, px);
}

const smooth = (t: number) => t * t * (3 - 2 * t);

function mountains(w: number, h: number, rnd: () => number, base: Rgb, lit: number, snow: boolean) {
  const top = new Float32Array(w);
  const peaks: [number, number][] = [];
  const count = 5 + Math.floor(rnd() * 4);
  for (let i = 0; i < count; i++) peaks.push([((i + rnd() * 0.6) / count) * w, h * (0.2 + rnd() * 0.55)]);
  // Each column takes the highest of the triangular peaks around it (in both periods).
  const slopeOf = new Int8Array(w);
  for (let x = 0; x < w; x++) {
    let best = h;
    let slope = 0;
    for (const [px, py] of peaks) {
      for (const shift of [-w, 0, w]) {
        const dx = x - (px + shift);
        const y = h - (h - py) + Math.abs(dx) * 0.9;
        if (y < best) {
          best = y;
          slope = dx < 0 ? -1 : 1;
        }
      }
    }
    top[x] = Math.min(h, best + h * 0.02 * Math.sin(x * 0.05));
    slopeOf[x] = slope;
  }
  const light = pack(mixRgb(base, [255, 255, 255], 0.18));
  const dark = pack(mixRgb(base, [0, 0, 0], 0.12));
  const snowLit = pack(mixRgb(base, [250, 250, 255], 0.75));
  const snowDark = pack(mixRgb(base, [210, 220, 240], 0.55));
  return heightField(w, h, top, (x, y) => {
    const litSide = (slopeOf[x] as number) === lit;
    if (snow && y - (top[x] as number) < h * 0.08 && (top[x] as number) < h * 0.5)
      return litSide ? snowLit : snowDark;
    return litSide ? light : dark;
  });
}

function rolling(w: number, h: number, rnd: () => number, base: Rgb, amp: number, dunes: boolean) {
  const top = new Float32Array(w);
  const waves = [1, 2, 3, 5].map((k) => ({ k, a: rnd() / k, p: rnd() * Math.PI * 2 }));
  const norm = waves.reduce((s, v) => s + v.a, 0) || 1;
  for (let x = 0; x < w; x++) {
    let v = 0;
    for (const { k, a, p } of waves) v += a * Math.sin((x / w) * Math.PI * 2 * k + p);
    top[x] = h * 0.15 + amp * (0.5 - (0.5 * v) / norm);
  }
  const rows = Array.from({ length: h }, (_, y) => pack(mixRgb(base, [0, 0, 0], (y / h) * 0.35)));
  if (!dunes) return heightField(w, h, top, (_x, y) => rows[y] as number);
  // Dunes: each column lit by how much its slope faces the light, in a few flat-colour steps.
  const steps = 5;
  const tones = Array.from({ length: steps }, (_, k) =>
    Array.from({ length: h }, (_, y) =>
      pack(mixRgb(mixRgb(base, [255, 236, 200], 0.06 + k * 0.07), [0, 0, 0], (y / h) * 0.3)),
    ),
  );
  const stepOf = new Uint8Array(w);
  for (let x = 0; x < w; x++) {
    const slope = (top[(x + 2) % w] as number) - (top[(x + w - 2) % w] as number);
    stepOf[x] = Math.max(0, Math.min(steps - 1, Math.round((0.5 + slope * 0.6) * (steps - 1))));
  }
  return heightField(
    w,
    h,
    top,
    (x, y) => (tones[stepOf[x] as number] as Uint32Array | number[])[y] as number,
  );
}

function city(w: number, h: number, rnd: () => number, base: Rgb, windows: Rgb[], night: boolean) {
  const top = new Float32Array(w).fill(h);
  const lit = new Uint8Array(w * h);
  let x = 0;
  while (x < w) {
    const bw = Math.min(w - x, Math.round(h * (0.08 + rnd() * 0.14)));
    const bh = h * (0.25 + rnd() * 0.7);
    for (let i = x; i < x + bw; i++) top[i] = h - bh;
    // A spire on some towers.
    if (rnd() < 0.25 && bw > 6) {
      const c = x + (bw >> 1);
      top[c] = h - bh - h * 0.08;
    }
    // Windows: a grid inside the facade, some lit.
    const cell = Math.max(4, Math.round(h * 0.035));
    for (let wy = Math.ceil(h - bh) + cell; wy < h - cell; wy += cell) {
      for (let wx = x + 2; wx + 2 < x + bw - 1; wx += cell) {
        if (rnd() > (night ? 0.45 : 0.15)) continue;
        const tone = 1 + Math.floor(rnd() * Math.min(3, windows.length));
        for (let yy = wy; yy < wy + (cell >> 1); yy++)
          for (let xx = wx; xx < wx + (cell >> 1); xx++) lit[yy * w + xx] = tone;
      }
    }
    x += bw + (rnd() < 0.3 ? 1 : 0);
  }
  const wallRows = Array.from({ length: h }, (_, y) => pack(mixRgb(base, [0, 0, 0], (y / h) * 0.3)));
  const glow = windows.map((c) => pack(c));
  return heightField(w, h, top, (xx, y) => {
    const tone = lit[y * w + xx] as number;
    return tone > 0 ? ((glow[tone - 1] ?? glow[0]) as number) : (wallRows[y] as number);
  });
}

function forest(w: number, h: number, rnd: () => number, base: Rgb) {
  const top = new Float32Array(w).fill(h * 0.85);
  const trees = Math.round(w / (h * 0.09));
  for (let i = 0; i < trees; i++) {
    const cx = rnd() * w;
    const th = h * (0.35 + rnd() * 0.5);
    const half = th * (0.22 + rnd() * 0.08);
    for (let dx = -Math.ceil(half); dx <= half; dx++) {
      const xx = (((Math.round(cx) + dx) % w) + w) % w;
      // A conifer: the outline widens in three steps, like layered branches.
      const along = Math.abs(dx) / half;
      const y = h - th + th * (along * 0.9 + 0.08 * ((along * 3) % 1));
      if (y < (top[xx] as number)) top[xx] = y;
    }
  }
  const rows = Array.from({ length: h }, (_, y) => pack(mixRgb(base, [0, 0, 0], (y / h) * 0.25)));
  return heightField(w, h, top, (_x, y) => rows[y] as number);
}

/** The silhouettes of `scene`, back to front, for a `width` x `height` world. */
export function buildLandscape(scene: Scene, seed: number, width: number, height: number): Layer[] {
  const rnd = seededRandom("landscape", seed);
  const horizon = Math.round(height * scene.horizon);
  const n = scene.terrain.length;
  const period = width * 2;
  const lit = scene.light && rnd() < 0.5 ? 1 : -1;
  return scene.terrain.map((kind: Terrain, i) => {
    const k = n <= 1 ? 0.5 : i / (n - 1);
    // Over water every silhouette stands on the horizon (far shores); on land nearer layers sit
    // lower and the nearest reaches the bottom of the frame (with room for tilts and dollies).
    const base = scene.water ? horizon : Math.round(horizon + k * height * 0.12);
    const rise =
      height * (kind === "mountains" ? 0.42 : kind === "city" ? 0.38 : kind === "forest" ? 0.22 : 0.18);
    const top = Math.round(base - rise);
    const h = scene.water ? base - top + 2 : Math.round(height * 1.2) - top;
    const colour = scene.terrainColours[
      Math.min(scene.terrainColours.length - 1, i + (scene.water ? 0 : 1))
    ] ?? [0, 0, 0];
    const span = base - top;
    let sprite: Sprite;
    if (kind === "mountains")
      sprite = mountains(period, h, rnd, colour, lit, scene.time !== "sunset" || rnd() < 0.5);
    else if (kind === "city")
      sprite = city(
        period,
        h,
        rnd,
        colour,
        scene.neon
          ? scene.accents
          : [
              [255, 214, 140],
              [255, 240, 200],
            ],
        scene.time === "night" || scene.neon,
      );
    else if (kind === "forest") sprite = forest(period, h, rnd, colour);
    else sprite = rolling(period, h, rnd, colour, span * 0.8, kind === "dunes");
    return { sprite, y: top, depth: scene.water ? 0.15 + 0.1 * k : 0.2 + 0.7 * smooth(k) };
  });
}

/** Flat cartoon clouds: unions of discs with a flat base, lighter on top. */
export function buildCloud(rnd: () => number, size: number, colour: Rgb): Sprite {
  const w = Math.round(size * 2.6);
  const h = Math.round(size * 1.1);
  const count = 4 + Math.floor(rnd() * 3);
  const discs = Array.from({ length: count }, (_, i) => {
    const u = (i + 0.5) / count;
    const r = size * (0.28 + 0.3 * Math.sin(u * Math.PI) * (0.7 + rnd() * 0.5));
    return { x: w * (0.15 + 0.7 * u), y: h - r * 0.9 - 2, r };
  });
  const px = new Uint32Array(w * h);
  // Lit from above: a soft vertical gradient from a bright top to a slightly shaded base.
  const shades = Array.from({ length: h }, (_, y) =>
    pack(mixRgb(mixRgb(colour, [255, 255, 255], 0.35), mixRgb(colour, [90, 100, 130], 0.2), (y / h) ** 1.5)),
  );
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let cover = 0;
      for (const d of discs) {
        const dist = d.r - Math.hypot(x + 0.5 - d.x, y + 0.5 - d.y);
        if (dist > cover) cover = dist;
      }
      cover = Math.min(1, cover, h - 2 - y);
      if (cover <= 0) continue;
      const c = shades[y] as number;
      px[y * w + x] = ((c & 0xffffff) | (Math.round(cover * 220) << 24)) >>> 0;
    }
  }
  return spriteFromPixels(w, h, px);
}
