import type { Rgb } from "../shared/seeded";
import { addPixel } from "./canvas";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Buildings, front or three-quarter view, standing on their foot line: a house's pitched roof
 * and lit windows, a castle's towers and battlements, a lighthouse's stripes and lantern, a
 * church's steeple and cross, a windmill's sails, a bridge's arch over the water.
 */

const GLASS: Rgb = [70, 90, 110];

function windowAt(pen: Pen, look: SubjectLook, u0: number, v0: number, u1: number, v1: number): void {
  pen.rect(u0, v0, u1, v1, look.lit ? look.windowLight : GLASS, 0.1);
  const frame: Rgb = [235, 230, 220];
  pen.rect((u0 + u1) / 2 - 0.006, v0, (u0 + u1) / 2 + 0.006, v1, frame, 0);
  pen.rect(u0, (v0 + v1) / 2 - 0.006, u1, (v0 + v1) / 2 + 0.006, frame, 0);
}

export function paintHouse(pen: Pen, look: SubjectLook): void {
  const wall = look.colour ?? [226, 206, 172];
  const roof: Rgb = [150, 62, 46];
  pen.shadow(0, 0.6, 0.04);
  pen.rect(0.22, 0.6, 0.32, 0.92, [120, 70, 55]);
  pen.rect(-0.45, 0, 0.45, 0.56, wall, 0.5);
  pen.poly([-0.54, 0.54, 0.54, 0.54, 0, 0.9], roof, 0.5);
  pen.rect(-0.54, 0.52, 0.54, 0.56, shadeOf(roof, 0.7), 0.2);
  pen.rect(-0.08, 0, 0.08, 0.3, [110, 68, 42], 0.3);
  pen.ellipse(0.05, 0.15, 0.012, 0.012, [230, 200, 90], 0);
  windowAt(pen, look, -0.36, 0.22, -0.18, 0.4);
  windowAt(pen, look, 0.18, 0.22, 0.36, 0.4);
  windowAt(pen, look, -0.06, 0.62, 0.06, 0.72);
}

export function paintCastle(pen: Pen, look: SubjectLook): void {
  const stone = look.colour ?? [170, 164, 152];
  const dark = shadeOf(stone, 0.75);
  const roof: Rgb = [70, 80, 130];
  pen.shadow(0, 0.9, 0.04);
  // Curtain wall with battlements, a keep behind, round towers with conical roofs.
  pen.rect(-0.2, 0.3, 0.2, 0.78, dark, 0.5);
  for (let k = 0; k < 4; k++) pen.rect(-0.2 + k * 0.11, 0.78, -0.14 + k * 0.11, 0.84, dark, 0.3);
  pen.rect(-0.6, 0, 0.6, 0.42, stone, 0.5);
  for (let k = 0; k < 10; k++) pen.rect(-0.6 + k * 0.125, 0.42, -0.54 + k * 0.125, 0.48, stone, 0.3);
  for (const u of [-0.66, 0.66]) {
    pen.rect(u - 0.13, 0, u + 0.13, 0.64, stone, 0.6);
    pen.poly([u - 0.16, 0.64, u + 0.16, 0.64, u, 0.92], roof, 0.5);
    pen.stroke(u, 0.92, u, 1.02, 0.006, 0.006, [60, 50, 40], 0);
    pen.poly([u, 1.02, u + 0.09, 0.99, u, 0.96], [200, 40, 40], 0);
    windowAt(pen, look, u - 0.03, 0.42, u + 0.03, 0.52);
  }
  // Arched gate.
  pen.rect(-0.12, 0, 0.12, 0.18, [50, 40, 36], 0.2);
  pen.ellipse(0, 0.18, 0.12, 0.1, [50, 40, 36], 0.2);
  for (const u of [-0.35, 0.35]) windowAt(pen, look, u - 0.03, 0.22, u + 0.03, 0.32);
  windowAt(pen, look, -0.04, 0.6, 0.04, 0.7);
}

export function paintLighthouse(pen: Pen, look: SubjectLook): void {
  const white: Rgb = [238, 236, 230];
  const red: Rgb = look.colour ?? [200, 48, 44];
  // A rock at its foot, a tapering tower in bands, gallery, glowing lantern, dome.
  pen.poly([-0.22, -0.02, -0.15, 0.04, 0.14, 0.045, 0.22, -0.02], [92, 86, 80], 0.6);
  const band = (v0: number, v1: number, col: Rgb) => {
    const w0 = 0.13 - v0 * 0.07;
    const w1 = 0.13 - v1 * 0.07;
    pen.poly([-w0, v0, w0, v0, w1, v1, -w1, v1], col, 0.8);
  };
  for (let k = 0; k < 5; k++) band(k * 0.14, (k + 1) * 0.14, k % 2 === 0 ? white : red);
  pen.rect(-0.1, 0.7, 0.1, 0.73, [40, 40, 44], 0.2);
  pen.rect(-0.055, 0.73, 0.055, 0.83, look.lit ? [255, 236, 150] : [180, 200, 210], 0.2);
  pen.ellipse(0, 0.83, 0.06, 0.05, red, 0.6);
  pen.rect(-0.02, 0.2, 0.02, 0.26, [40, 50, 60], 0.1);
  if (look.lit) {
    // A beam: additive light fanning out sideways from the lantern.
    const { c } = pen.ctx;
    const lx = pen.px(0);
    const ly = pen.py(0.78);
    const dir = pen.flip ? -1 : 1;
    for (let x = 0; x < c.w; x++) {
      const dx = (x - lx) * dir;
      if (dx <= 0) continue;
      const spread = dx * 0.1 + 1;
      for (let y = Math.max(0, Math.floor(ly - spread)); y < Math.min(c.h, ly + spread); y++) {
        const a = (1 - Math.abs(y - ly) / spread) * 0.3 * Math.exp(-dx / (c.w * 0.45));
        addPixel(c, y * c.w + x, [255, 235, 170], a);
      }
    }
  }
}

export function paintSkyscraper(pen: Pen, look: SubjectLook): void {
  const body = look.colour ?? [92, 110, 132];
  pen.rect(-0.17, 0, 0.17, 0.92, body, 0.8);
  pen.rect(-0.12, 0.92, 0.12, 0.98, shadeOf(body, 0.9), 0.5);
  pen.stroke(0, 0.98, 0, 1.12, 0.01, 0.004, shadeOf(body, 0.7), 0);
  // Window grid: lit at night, sky-reflecting by day.
  const pane = look.lit ? look.windowLight : shadeOf(body, 1.35);
  for (let r = 0; r < 22; r++) {
    const v = 0.04 + r * 0.04;
    for (let k = 0; k < 5; k++) {
      const u = -0.14 + k * 0.058;
      if (look.lit && ((r * 7 + k * 3) % 5 === 0 || (r + k) % 7 === 0)) continue;
      pen.rect(u, v, u + 0.04, v + 0.026, pane, 0.1);
    }
  }
}

export function paintBridge(pen: Pen, look: SubjectLook): void {
  const steel = look.colour ?? [180, 60, 45];
  // A deck across, a big arch above it, hangers, and piers down to the water.
  for (const u of [-1.2, 1.2]) pen.rect(u - 0.06, -0.1, u + 0.06, 0.32, shadeOf(steel, 0.7), 0.4);
  const arch = (t: number): [number, number] => [-1.2 + 2.4 * t, 0.34 + 0.5 * 4 * t * (1 - t)];
  for (let k = 0; k < 24; k++) {
    const [u0, v0] = arch(k / 24);
    const [u1, v1] = arch((k + 1) / 24);
    pen.stroke(u0, v0, u1, v1, 0.03, 0.03, steel, 0.5);
  }
  for (let k = 1; k < 12; k++) {
    const [u, v] = arch(k / 12);
    pen.stroke(u, v, u, 0.34, 0.006, 0.006, shadeOf(steel, 0.9), 0);
  }
  pen.rect(-1.5, 0.28, 1.5, 0.35, [90, 86, 84], 0.3);
}

export function paintChurch(pen: Pen, look: SubjectLook): void {
  const wall = look.colour ?? [222, 214, 196];
  const roof: Rgb = [96, 72, 64];
  pen.shadow(0, 0.7, 0.04);
  pen.rect(-0.1, 0, 0.6, 0.42, wall, 0.5);
  pen.poly([-0.14, 0.42, 0.64, 0.42, 0.6, 0.62, -0.1, 0.62], roof, 0.4);
  // Bell tower with a steeple and a cross.
  pen.rect(-0.38, 0, -0.1, 0.7, wall, 0.6);
  pen.poly([-0.41, 0.7, -0.07, 0.7, -0.24, 1.08], roof, 0.5);
  pen.rect(-0.245, 1.06, -0.235, 1.18, [200, 170, 70], 0);
  pen.rect(-0.28, 1.12, -0.2, 1.135, [200, 170, 70], 0);
  pen.ellipse(-0.24, 0.56, 0.05, 0.06, [40, 36, 40], 0.2);
  pen.rect(-0.3, 0, -0.18, 0.2, [100, 62, 40], 0.3);
  pen.ellipse(-0.24, 0.2, 0.06, 0.05, [100, 62, 40], 0.3);
  const glass: Rgb = look.lit ? look.windowLight : [70, 90, 150];
  for (const u of [0.06, 0.25, 0.44]) {
    pen.rect(u - 0.04, 0.12, u + 0.04, 0.28, glass, 0.2);
    pen.ellipse(u, 0.28, 0.04, 0.04, glass, 0.2);
  }
}

export function paintWindmill(pen: Pen, look: SubjectLook): void {
  const body = look.colour ?? [200, 190, 170];
  pen.shadow(0, 0.4, 0.04);
  pen.poly([-0.2, 0, 0.2, 0, 0.12, 0.7, -0.12, 0.7], body, 0.7);
  pen.ellipse(0, 0.72, 0.14, 0.08, [120, 70, 50], 0.6);
  pen.rect(-0.05, 0, 0.05, 0.16, [90, 60, 40], 0.3);
  pen.rect(-0.04, 0.36, 0.04, 0.44, [60, 70, 80], 0.2);
  // Four sails: lattice blades around the hub, turned a little.
  const hub = [0.0, 0.74] as const;
  for (let k = 0; k < 4; k++) {
    const a = 0.4 + (k * Math.PI) / 2;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const at = (r: number, w: number) => [hub[0] + c * r - s * w, hub[1] + s * r + c * w];
    pen.poly([...at(0.06, 0), ...at(0.62, 0), ...at(0.62, 0.1), ...at(0.12, 0.1)], [235, 228, 214], 0.2);
    pen.stroke(
      ...(at(0, 0) as [number, number]),
      ...(at(0.62, 0) as [number, number]),
      0.012,
      0.01,
      [90, 60, 40],
      0,
    );
  }
  pen.ellipse(hub[0], hub[1], 0.03, 0.03, [60, 40, 30], 0.3);
}
