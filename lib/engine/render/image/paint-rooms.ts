import { addPixel, blend3, mixRgb } from "./canvas";
import type { PaintContext } from "./paint-context";

/** Backdrops for subjects that are not in a landscape: a room with a table, and under water. */

/** A wall lit from one side above a wooden table top: the still-life setting of food and objects. */
export function paintInterior(ctx: PaintContext): void {
  const { c, p, tex } = ctx;
  const night = p.time === "night";
  const wall = mixRgb(mixRgb([214, 200, 180], p.skyMid, 0.25), p.glow, 0.1);
  const wood = mixRgb([150, 98, 60], p.ground, 0.12);
  const horizon = Math.floor(ctx.horizon);
  const lightX = ctx.random() < 0.5 ? 0.2 : 0.8;
  for (let y = 0; y < c.h; y++) {
    const onTable = y >= horizon;
    const t = onTable ? (y - horizon) / Math.max(1, c.h - horizon) : y / Math.max(1, horizon);
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const u = x / c.w;
      const n = (tex[i] as number) - 0.5;
      if (onTable) {
        // Wood grain runs across; the near edge darker.
        const grain = 0.9 + 0.18 * Math.sin(y * 0.9 + n * 12) * 0.3 + n * 0.15 - t * 0.2;
        const k = (night ? 0.55 : 1) * grain;
        blend3(c, i, wood[0] * k, wood[1] * k, wood[2] * k, 1);
      } else {
        // Light falls off away from a window on one side; the top of the wall is darker.
        const lit = 1 - 0.35 * Math.abs(u - lightX) - 0.25 * (1 - t) + n * 0.05;
        const k = (night ? 0.45 : 1) * lit;
        blend3(c, i, wall[0] * k, wall[1] * k, wall[2] * k, 1);
      }
    }
  }
  // The table's front edge catches the light.
  for (let x = 0; x < c.w; x++) addPixel(c, horizon * c.w + x, [255, 240, 220], 0.18);
}

/** Blue-green water fading to the deep, shafts of light from the surface, a few bubbles. */
export function paintUnderwater(ctx: PaintContext): void {
  const { c, p, tex, random } = ctx;
  const top = mixRgb([60, 170, 200], p.skyMid, 0.15);
  const deep = mixRgb([6, 36, 70], p.silhouette, 0.2);
  for (let y = 0; y < c.h; y++) {
    const t = y / c.h;
    const col = mixRgb(top, deep, t ** 0.8);
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      const ray = Math.max(0, Math.sin((x + y * 0.35) * (12 / c.w) + (tex[x] as number) * 3)) ** 6;
      const k = 0.95 + ((tex[i] as number) - 0.5) * 0.15;
      blend3(c, i, col[0] * k, col[1] * k, col[2] * k, 1);
      addPixel(c, i, [180, 230, 240], ray * 0.22 * (1 - t));
    }
  }
  for (let b = 0; b < 24; b++) {
    const bx = random() * c.w;
    const by = random() * c.h;
    const r = Math.max(1, c.h * (0.004 + random() * 0.01));
    for (let y = Math.max(0, Math.floor(by - r)); y < Math.min(c.h, by + r); y++) {
      for (let x = Math.max(0, Math.floor(bx - r)); x < Math.min(c.w, bx + r); x++) {
        const d = Math.hypot(x - bx, y - by) / r;
        if (d < 1) addPixel(c, y * c.w + x, [200, 240, 255], d > 0.6 ? 0.35 : 0.08);
      }
    }
  }
}
