import type { Rgb } from "../shared/seeded";
import { addPixel } from "./canvas";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/** Everyday objects on a table or floor: a chair, a lamp, books, a clock, a bottle, a guitar. */

const WOOD: Rgb = [150, 96, 56];

export function paintChair(pen: Pen, look: SubjectLook): void {
  const wood = look.colour ?? WOOD;
  const dark = shadeOf(wood, 0.7);
  pen.shadow(0, 0.5, 0.04);
  // Back legs, seat in perspective, front legs, back rest posts and slats.
  pen.stroke(-0.22, 0.0, -0.2, 0.42, 0.025, 0.025, dark);
  pen.stroke(0.28, 0.06, 0.26, 0.42, 0.025, 0.025, dark);
  pen.stroke(-0.22, 0.42, -0.22, 1.0, 0.028, 0.025, wood);
  pen.stroke(0.26, 0.46, 0.26, 1.02, 0.028, 0.025, dark);
  for (const v of [0.66, 0.8, 0.94])
    pen.poly([-0.22, v, 0.26, v + 0.03, 0.26, v + 0.07, -0.22, v + 0.04], wood, 0.4);
  pen.poly([-0.34, 0.4, 0.22, 0.38, 0.4, 0.48, -0.16, 0.5], shadeOf(wood, 1.1), 0.5);
  pen.poly([-0.34, 0.4, 0.22, 0.38, 0.22, 0.34, -0.34, 0.36], dark, 0.2);
  pen.stroke(-0.32, 0.38, -0.34, -0.04, 0.028, 0.025, wood);
  pen.stroke(0.2, 0.36, 0.22, -0.06, 0.028, 0.025, wood);
}

export function paintLamp(pen: Pen, look: SubjectLook): void {
  // Switched on: the shade glows whatever the room's light (the pen darkens it at night).
  const shade: Rgb = look.colour ?? (look.lit ? [255, 240, 200] : [240, 220, 180]);
  pen.ellipse(0, 0.04, 0.22, 0.05, [60, 56, 54], 0.6);
  pen.stroke(0, 0.05, 0, 0.58, 0.022, 0.018, [170, 150, 110], 0.6);
  pen.poly([-0.34, 0.58, 0.34, 0.58, 0.2, 0.95, -0.2, 0.95], shade, 0.6);
  pen.ellipse(0, 0.58, 0.34, 0.04, [255, 244, 200], 0.1);
  // Warm light pooling under the shade.
  const { c } = pen.ctx;
  const cx = pen.px(0);
  const cy = pen.py(0.5);
  const r = pen.size * 0.9;
  for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(c.h, cy + r); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(c.w, cx + r); x++) {
      const d = ((x - cx) ** 2 + (y - cy) ** 2) / (r * r);
      if (d < 1) addPixel(c, y * c.w + x, [255, 200, 120], (look.lit ? 0.5 : 0.22) * (1 - d) ** 2);
    }
  }
}

export function paintBook(pen: Pen, look: SubjectLook): void {
  const covers: Rgb[] = [look.colour ?? [150, 40, 40], [40, 80, 140], [50, 110, 70]];
  const pages: Rgb = [240, 232, 210];
  pen.shadow(0, 0.7, 0.05);
  // A stack of three closed books, each with a page edge and a spine band.
  let v = 0;
  for (let k = 0; k < 3; k++) {
    const h = 0.16 - k * 0.02;
    const w = 0.62 - k * 0.06;
    const off = (k % 2 ? -1 : 1) * 0.04;
    const cover = covers[k] ?? covers[0] ?? [150, 40, 40];
    pen.rect(-w + off, v, w + off, v + h, cover, 0.5);
    pen.rect(-w + off + 0.03, v + 0.025, w + off, v + h - 0.025, pages, 0.2);
    pen.rect(-w + off, v + h * 0.4, -w + off + 0.05, v + h * 0.6, [220, 190, 90], 0);
    v += h;
  }
  // An open book on top.
  pen.poly([-0.5, v + 0.02, 0, v, 0, v + 0.2, -0.46, v + 0.24], pages, 0.3);
  pen.poly([0.5, v + 0.02, 0, v, 0, v + 0.2, 0.46, v + 0.24], shadeOf(pages, 0.95), 0.3);
  for (let k = 0; k < 5; k++) {
    const y = v + 0.06 + k * 0.03;
    pen.stroke(-0.4, y + 0.01, -0.06, y - 0.005, 0.004, 0.004, [120, 110, 100], 0);
    pen.stroke(0.06, y - 0.005, 0.4, y + 0.01, 0.004, 0.004, [120, 110, 100], 0);
  }
}

export function paintClock(pen: Pen, look: SubjectLook): void {
  const rim = look.colour ?? [190, 60, 50];
  const r = 0.36;
  const cv = 0.48;
  // An alarm clock: bells on top, legs, rim, face, marks and hands.
  pen.stroke(-0.24, cv - 0.3, -0.32, 0.0, 0.025, 0.02, [60, 60, 64]);
  pen.stroke(0.24, cv - 0.3, 0.32, 0.0, 0.025, 0.02, [60, 60, 64]);
  pen.ellipse(-0.26, cv + 0.36, 0.12, 0.09, rim, 0.8, 0.6);
  pen.ellipse(0.26, cv + 0.36, 0.12, 0.09, rim, 0.8, -0.6);
  pen.ellipse(0, cv, r, r, rim, 0.9);
  pen.ellipse(0, cv, r * 0.82, r * 0.82, [250, 248, 240], 0.3);
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * Math.PI * 2;
    const inner = k % 3 === 0 ? 0.6 : 0.68;
    pen.stroke(
      Math.cos(a) * r * inner,
      cv + Math.sin(a) * r * inner,
      Math.cos(a) * r * 0.75,
      cv + Math.sin(a) * r * 0.75,
      0.01,
      0.01,
      [40, 40, 44],
      0,
    );
  }
  pen.stroke(0, cv, 0.12, cv + 0.1, 0.014, 0.01, [30, 30, 34], 0);
  pen.stroke(0, cv, -0.05, cv + 0.24, 0.01, 0.007, [30, 30, 34], 0);
  pen.ellipse(0, cv, 0.025, 0.025, [30, 30, 34], 0);
}

export function paintBottle(pen: Pen, look: SubjectLook): void {
  const glass = look.colour ?? [40, 100, 60];
  pen.shadow(0, 0.3, 0.03);
  pen.rect(-0.17, 0.02, 0.17, 0.58, glass, 0.9);
  pen.ellipse(0, 0.58, 0.17, 0.1, glass, 0.8);
  pen.rect(-0.055, 0.62, 0.055, 0.94, glass, 0.8);
  pen.rect(-0.06, 0.92, 0.06, 1.0, [180, 140, 90], 0.5);
  pen.rect(-0.17, 0.18, 0.17, 0.42, [236, 226, 200], 0.6);
  pen.rect(-0.1, 0.26, 0.1, 0.3, [150, 40, 40], 0);
  pen.stroke(-0.1, 0.06, -0.1, 0.56, 0.015, 0.01, [230, 240, 235], 0);
}

export function paintGuitar(pen: Pen, look: SubjectLook): void {
  const body = look.colour ?? [196, 120, 56];
  // Lower and upper bouts, the waist between, sound hole, bridge, neck, headstock, strings.
  pen.ellipse(0, 0.24, 0.26, 0.23, body, 0.8);
  pen.ellipse(0, 0.52, 0.2, 0.17, body, 0.8);
  pen.ellipse(0, 0.38, 0.2, 0.1, body, 0.7);
  pen.ellipse(0, 0.44, 0.075, 0.075, [40, 26, 18], 0.2);
  pen.rect(-0.1, 0.17, 0.1, 0.2, [70, 44, 28], 0.2);
  pen.rect(-0.035, 0.62, 0.035, 1.08, [90, 56, 32], 0.4);
  pen.poly([-0.05, 1.08, 0.05, 1.08, 0.06, 1.22, -0.06, 1.22], [60, 38, 24], 0.3);
  for (const s of [-1, 1])
    for (let k = 0; k < 3; k++) pen.ellipse(s * 0.075, 1.11 + k * 0.04, 0.015, 0.012, [200, 200, 205], 0);
  for (let k = 0; k < 6; k++) {
    const u = -0.025 + k * 0.01;
    pen.stroke(u, 0.18, u, 1.1, 0.0025, 0.0025, [230, 230, 230], 0);
  }
}
