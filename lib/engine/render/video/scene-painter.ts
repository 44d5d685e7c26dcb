import { type CameraState, cameraAt } from "./camera";
import { buildCloud, buildLandscape, type Layer } from "./landscape";
import { drawParticles } from "./particles";
import { addSat, drawDisc, type Frame, lerpPx, mixRgb, pack, type Rgb, scalePx, tintRows } from "./raster";
import type { Scene } from "./scene";
import { seededRandom } from "./seeded-random";
import { drawSprite, type Sprite } from "./sprite";
import { drawSubjects, type SubjectSprite } from "./subject-layer";
import type { Timeline } from "./timeline";
import { Water } from "./water";
import { paintLightning, paintRays } from "./weather";

/**
 * Paints the procedural scene of a prompt into a world frame at a moment: sky gradient, stars,
 * sun or moon with its glow, drifting clouds, parallax silhouettes, water that mirrors what is
 * above the horizon through moving ripples, weather and particles, lightning. Everything is a
 * function of time, so frames are independent and deterministic.
 */

interface Cloud {
  sprite: Sprite;
  x: number;
  y: number;
  drift: number;
}

export class ScenePainter {
  private readonly layers: Layer[];
  private readonly clouds: Cloud[];
  private readonly skyStart: Uint32Array;
  private readonly skyEnd: Uint32Array;
  private readonly horizonY: number;
  private readonly glow: { r: number; map: Uint8Array } | null;
  /** The glow pre-multiplied by its colour, per strength level (built on first use). */
  private readonly glowLevels = new Map<number, Uint32Array>();
  private readonly water: Water;
  /** Where the sun or moon is this frame: the water's glitter path lies under it. */
  private sunX: number | undefined;

  constructor(
    readonly scene: Scene,
    seed: number,
    private readonly width: number,
    private readonly height: number,
    private readonly seconds: number,
    private readonly timeline: Timeline,
    /** The prompt's subjects (subject-layer.ts), painted once, moved per frame. */
    private readonly subjects: SubjectSprite[] = [],
  ) {
    const rnd = seededRandom("painter", seed);
    this.horizonY = Math.round(height * scene.horizon);
    this.layers = buildLandscape(scene, seed, width, height);
    const unit = Math.min(width, height);
    this.clouds = Array.from({ length: scene.clouds }, (_, i) => ({
      sprite: buildCloud(rnd, unit * (0.08 + rnd() * 0.1), scene.cloudColour),
      x: rnd() * width * 1.5,
      y: this.horizonY * (0.04 + 0.32 * ((i + rnd()) / Math.max(1, scene.clouds))),
      drift: (6 + rnd() * 14) * (unit / 480),
    }));
    // The sky darkens a little over the shot at sunset and brightens at dawn: a time-lapse.
    const later: Record<string, Rgb> = { sunset: [20, 14, 50], dawn: [150, 190, 235] };
    const shift = later[scene.time];
    this.skyStart = this.gradient(scene.skyTop, scene.skyMid, scene.skyHorizon);
    this.skyEnd = shift
      ? this.gradient(mixRgb(scene.skyTop, shift, 0.4), mixRgb(scene.skyMid, shift, 0.25), scene.skyHorizon)
      : this.skyStart;
    this.glow = scene.light
      ? this.buildGlow(Math.round(unit * (scene.light.kind === "sun" ? 0.36 : 0.26)))
      : null;
    this.water = new Water(scene, width, height);
  }

  private gradient(top: Rgb, mid: Rgb, horizon: Rgb): Uint32Array {
    // Rows beyond the frame too, for tilts: one frame height above, half below.
    const h = this.height;
    const out = new Uint32Array(h * 2.5);
    for (let i = 0; i < out.length; i++) {
      const y = i - h;
      const u = Math.max(0, Math.min(1.2, y / Math.max(1, this.horizonY)));
      const c =
        u < 0.55
          ? mixRgb(top, mid, Math.max(0, u / 0.55))
          : mixRgb(mid, horizon, Math.min(1, (u - 0.55) / 0.45));
      out[i] = pack(c);
    }
    return out;
  }

  /** A radial falloff, (1 - d)^2.2, looked up by squared distance (no root or power per pixel). */
  private buildGlow(r: number) {
    const size = r * 2;
    const map = new Uint8Array(size * size);
    const steps = 1024;
    const falloff = Uint8Array.from({ length: steps + 1 }, (_, i) =>
      Math.round(255 * (1 - Math.sqrt(i / steps)) ** 2.2),
    );
    const inv = steps / (r * r);
    for (let y = 0; y < size; y++) {
      const dy = y + 0.5 - r;
      for (let x = 0; x < size; x++) {
        const dx = x + 0.5 - r;
        const q = (dx * dx + dy * dy) * inv;
        map[y * size + x] = q >= steps ? 0 : (falloff[q | 0] as number);
      }
    }
    return { r, map };
  }

  camera(t: number): CameraState {
    const { move, handheld } = this.scene.camera;
    return cameraAt(move, t, this.seconds, this.scene.speed, this.width, this.height, handheld);
  }

  /** Paints moment `t` (0-1 of the shot) with camera `cam` into `f` (world size, before zoom). */
  paint(f: Frame, t: number, cam: CameraState, energy = 1): void {
    const { scene, width: w, height: h } = this;
    const s = t * this.seconds;
    const horizonY = this.horizonY - cam.y * 0.3;
    // Sky: one fill per row.
    const k = Math.round(t * 256);
    const skyOffset = h - Math.round(cam.y * 0.1);
    for (let y = 0; y < h; y++) {
      const i = Math.max(0, Math.min(this.skyStart.length - 1, y + skyOffset));
      const c =
        k === 0
          ? (this.skyStart[i] as number)
          : lerpPx(this.skyStart[i] as number, this.skyEnd[i] as number, k);
      f.px.fill(c, y * w, (y + 1) * w);
    }
    const style = { accents: scene.accents, speed: scene.speed, horizonY, energy };
    if (scene.particles.includes("stars")) drawParticles(f, "stars", s, style, -cam.x, -cam.y);
    this.paintLight(f, t, cam, energy);
    for (const c of this.clouds) {
      const period = w * 1.5 + c.sprite.width;
      const x =
        ((((c.x + s * c.drift * scene.speed - cam.x * 0.12) % period) + period) % period) - c.sprite.width;
      drawSprite(f, c.sprite, x, c.y - cam.y * 0.12);
    }
    for (const layer of this.layers) {
      drawSprite(
        f,
        layer.sprite,
        -cam.x * layer.depth,
        layer.y - cam.y * layer.depth + cam.push * layer.depth ** 2,
        1,
        true,
      );
    }
    drawSubjects(f, this.subjects, true, s, scene.speed, cam);
    if (scene.water) this.water.paint(f, s, Math.round(horizonY), cam.x, this.sunX);
    drawSubjects(f, this.subjects, false, s, scene.speed, cam);
    if (scene.underwater) paintRays(f, s);
    for (const kind of scene.particles)
      if (kind !== "stars") drawParticles(f, kind, s, style, -cam.x, -cam.y);
    if (scene.lightning) paintLightning(f, s, this.timeline, this.horizonY);
  }

  /**
   * The prompt's effects over a photo or a video plate: a colour grade towards the scene's light,
   * its particles and weather, and lightning. `amount` (0-1) fades them in and out, so a shot
   * can start (and end) on an untouched frame image.
   */
  paintEffects(f: Frame, t: number, cam: CameraState, amount: number, energy = 1): void {
    if (amount <= 0) return;
    const s = t * this.seconds;
    const grade = pack(mixRgb(this.scene.skyHorizon, this.scene.skyMid, 0.4));
    tintRows(f, 0, f.height, grade, Math.round(48 * amount));
    const style = { accents: this.scene.accents, speed: this.scene.speed, horizonY: this.horizonY, energy };
    const kinds = this.scene.particles.length > 0 ? this.scene.particles : (["dust"] as const);
    for (const kind of kinds) drawParticles(f, kind, s, style, -cam.x, -cam.y, amount);
    if (this.scene.lightning && amount > 0.5) paintLightning(f, s, this.timeline, this.horizonY);
  }

  /** Sun, moon or planet on an arc: a sunset sinks to the horizon, a dawn rises from it. */
  private paintLight(f: Frame, t: number, cam: CameraState, energy: number) {
    const light = this.scene.light;
    if (!light || !this.glow) return;
    const { width: w, height: h } = this;
    const unit = Math.min(w, h);
    const arc = this.scene.time === "sunset" ? t : this.scene.time === "dawn" ? 1 - t : 0.3 + t * 0.2;
    const drift = this.scene.speed * Math.min(1, this.seconds / 5);
    const x = w * (0.62 + 0.06 * arc * drift) - cam.x * 0.05;
    const high = this.horizonY * (this.scene.time === "sunset" || this.scene.time === "dawn" ? 0.42 : 0.28);
    const y = high + (this.horizonY - high) * Math.min(1, arc * drift * 0.85) - cam.y * 0.05;
    const r = unit * (light.kind === "planet" ? 0.2 : light.kind === "moon" ? 0.055 : 0.07);
    this.sunX = x;
    this.addGlow(f, x, y, pack(light.glow), Math.min(1, 0.85 * energy));
    drawDisc(f, x, y, r, pack(light.colour));
    if (light.kind === "moon" || light.kind === "planet") {
      // The unlit side: a disc of the sky's colour offset across the face.
      const shade = pack(mixRgb(this.scene.skyMid, light.colour, 0.12));
      drawDisc(f, x + r * 0.45, y - r * 0.2, r * 0.95, shade, light.kind === "planet" ? 0.75 : 0.92);
    }
  }

  private glowAt(colour: number, level: number): Uint32Array {
    const key = colour * 16 + level;
    let lit = this.glowLevels.get(key);
    if (!lit && this.glow) {
      const k = Math.round((level / 12) * 256);
      lit = this.glow.map.length ? new Uint32Array(this.glow.map.length) : new Uint32Array(0);
      for (let i = 0; i < lit.length; i++)
        lit[i] = scalePx(colour, ((this.glow.map[i] as number) * k) >>> 8) & 0xffffff;
      this.glowLevels.set(key, lit);
    }
    return lit ?? new Uint32Array(0);
  }

  /** Additive light around the sun or moon; `strength` (0-1) is quantised to twelfths. */
  private addGlow(f: Frame, cx: number, cy: number, colour: number, strength: number) {
    if (!this.glow) return;
    const r = this.glow.r;
    const lit = this.glowAt(colour, Math.max(1, Math.min(12, Math.round(strength * 12))));
    const size = r * 2;
    const x0 = Math.round(cx) - r;
    const y0 = Math.round(cy) - r;
    const xa = Math.max(0, x0);
    const xb = Math.min(f.width, x0 + size);
    const px = f.px;
    for (let y = Math.max(0, y0); y < Math.min(f.height, y0 + size); y++) {
      const mrow = (y - y0) * size - x0;
      const orow = y * f.width;
      for (let x = xa; x < xb; x++) {
        const g = lit[mrow + x] as number;
        if (g !== 0) px[orow + x] = addSat(px[orow + x] as number, g);
      }
    }
  }
}
