import { addSat, drawStreak, type Frame, lerpPx, mixRgb, pack, scalePx } from "./raster";
import type { Scene } from "./scene";
import { hash01 } from "./seeded-random";

/**
 * Open water below the horizon. Each row mirrors a row above the horizon (so the sky, the sun and
 * the far shore are reflected), shifted sideways by ripples that grow towards the viewer and
 * blended with the water's colour, more so near the bottom. Under the sun or moon a path of
 * glitter flickers, and wave crests travel towards the viewer.
 */
export class Water {
  /** Scratch for the mirrored source row. */
  private readonly row: Uint32Array;
  private readonly colour: number;
  private readonly crest: number;
  private readonly glitter: number;

  constructor(
    private readonly scene: Scene,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.row = new Uint32Array(width);
    this.colour = pack(scene.waterColour);
    this.crest = pack(mixRgb(scene.skyHorizon, [255, 255, 255], 0.35));
    this.glitter = pack(scene.light ? mixRgb(scene.light.colour, scene.light.glow, 0.3) : [255, 255, 255]);
  }

  paint(f: Frame, s: number, horizonY: number, camX: number, sunX: number | undefined): void {
    const { width: w, height: h } = this;
    const px = f.px;
    const depth = Math.max(1, h - horizonY);
    const phase = s * 2.2 * this.scene.speed;
    let lastSrc = -1;
    for (let y = Math.max(0, horizonY); y < h; y++) {
      const k = y - horizonY;
      const near = k / depth;
      const src = Math.max(0, Math.min(h - 1, horizonY - 1 - Math.floor(k * 0.5)));
      // Rows are stretched twice (k * 0.5), so each mirrored row is tinted once and reused.
      if (src !== lastSrc) {
        lastSrc = src;
        this.tint(px, src * w, Math.round(50 + 130 * near));
      }
      const off = Math.round(
        (1 + 10 * near) * Math.sin(k * (0.9 - 0.6 * near) - phase) +
          Math.sin(k * 0.23 + phase * 0.5) * 3 * near,
      );
      // The ripple shifts the whole row: one copy, and the edge pixel repeated into the gap.
      const row = y * w;
      if (off >= 0) {
        px.set(this.row.subarray(off), row);
        px.fill(this.row[w - 1] as number, row + w - off, row + w);
      } else {
        px.set(this.row.subarray(0, w + off), row - off);
        px.fill(this.row[0] as number, row, row - off);
      }
    }
    if (sunX !== undefined) this.paintGlitter(f, s, horizonY, depth, sunX);
    this.paintCrests(f, s, horizonY, depth, camX);
  }

  /**
   * The mirrored row `start` blended with the water's colour into `this.row`. Mirrored rows are
   * mostly long runs of one colour (sky, flat silhouettes): the last blend is reused while the
   * source pixel repeats.
   */
  private tint(px: Uint32Array, start: number, mix: number) {
    const row = this.row;
    let last = -1;
    let blended = 0;
    for (let x = 0; x < this.width; x++) {
      const p = px[start + x] as number;
      if (p !== last) {
        last = p;
        blended = lerpPx(p, this.colour, mix);
      }
      row[x] = blended;
    }
  }

  /** Short bright dashes under the light, widening towards the viewer, re-drawn 12 times a second. */
  private paintGlitter(f: Frame, s: number, horizonY: number, depth: number, sunX: number) {
    const tick = Math.floor(s * 12);
    const px = f.px;
    const w = this.width;
    for (let y = horizonY + 1; y < this.height; y += 2) {
      const near = (y - horizonY) / depth;
      const spread = w * (0.03 + 0.12 * near);
      for (let d = 0; d < 3; d++) {
        const r = hash01(y * 7 + d, tick);
        if (r > 0.75) continue;
        const x = Math.round(sunX + (hash01(y * 13 + d, tick + 1) - 0.5) * 2 * spread);
        const len = Math.round(3 + 14 * near * hash01(y + d, tick + 2));
        const lit = scalePx(this.glitter, Math.round(200 * (1 - 0.6 * near))) & 0xffffff;
        const row = y * w;
        for (let xx = Math.max(0, x); xx < Math.min(w, x + len); xx++)
          px[row + xx] = addSat(px[row + xx] as number, lit);
      }
    }
  }

  /** Crests: soft dashes that ride towards the viewer, longer as they come near. */
  private paintCrests(f: Frame, s: number, horizonY: number, depth: number, camX: number) {
    const w = this.width;
    const lines = 14;
    for (let i = 0; i < lines; i++) {
      const u = (((i + s * 0.25 * this.scene.speed) / lines) % 1) ** 1.6;
      const y = horizonY + 3 + u * (depth - 4);
      const len = 8 + u * w * 0.12;
      const dashes = 2 + Math.floor(u * 4);
      for (let d = 0; d < dashes; d++) {
        const x =
          (((hash01(i * 31 + d, 5) * w * 1.3 - camX * (0.3 + u) + s * 12 * (d % 2 ? 1 : -1)) % w) + w) % w;
        drawStreak(f, x, y, x + len, y, this.crest, 40 + 70 * u);
      }
    }
  }
}
