import { addSat, drawStreak, type Frame, pack, scalePx, tintRows } from "./raster";
import { hash01 } from "./seeded-random";
import type { Timeline } from "./timeline";

/** Light and weather effects that are not particles: underwater light shafts, lightning. */

/** Underwater: slanting shafts of light that sway. */
export function paintRays(f: Frame, s: number): void {
  const { width: w, height: h } = f;
  const light = pack([120, 220, 240]);
  for (let i = 0; i < 6; i++) {
    const x = w * (0.1 + 0.16 * i) + Math.sin(s * 0.6 + i) * w * 0.04;
    for (let y = 0; y < h * 0.8; y += 1) {
      const spread = 6 + y * 0.08;
      const lit = scalePx(light, Math.round((1 - y / (h * 0.8)) * 36)) & 0xffffff;
      const xa = Math.max(0, Math.round(x + y * 0.25 - spread));
      const xb = Math.min(w, Math.round(x + y * 0.25 + spread));
      const row = y * w;
      for (let xx = xa; xx < xb; xx++) f.px[row + xx] = addSat(f.px[row + xx] as number, lit);
    }
  }
}

/** A white flash of the sky that decays over half a second, with a jagged bolt at its start. */
export function paintLightning(f: Frame, s: number, timeline: Timeline, horizonY: number): void {
  for (const ev of timeline.events) {
    if (ev.kind !== "flash") continue;
    const age = s - ev.at;
    if (age < 0 || age > 0.5) continue;
    const k = Math.round(200 * (1 - age / 0.5) ** 2);
    tintRows(f, 0, horizonY, pack([230, 235, 255]), k >> 1);
    if (age >= 0.2) continue;
    let x = f.width * (0.2 + 0.6 * hash01(Math.round(ev.at * 100), 9));
    let y = 0;
    const bolt = pack([255, 255, 255]);
    while (y < horizonY) {
      const nx = x + (hash01(Math.round(x + y), 3) - 0.5) * 40;
      const ny = y + 12 + hash01(Math.round(y), 4) * 20;
      drawStreak(f, x, y, nx, ny, bolt, 255);
      drawStreak(f, x + 1, y, nx + 1, ny, bolt, 180);
      x = nx;
      y = ny;
    }
  }
}
