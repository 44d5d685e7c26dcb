import type { Rgb } from "../shared/seeded";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Vehicles in side view, facing +u: a car's body, cabin windows and wheels; a bicycle's two
 * spoked wheels and diamond frame; a sailboat's hull and sails; a steam train; an airliner.
 */

const TYRE: Rgb = [28, 28, 30];
const GLASS: Rgb = [120, 160, 190];

/** A ring (wheel rim) as a chain of short strokes. */
function ring(pen: Pen, u: number, v: number, r: number, width: number, col: Rgb): void {
  const n = 20;
  for (let k = 0; k < n; k++) {
    const a0 = (k / n) * Math.PI * 2;
    const a1 = ((k + 1) / n) * Math.PI * 2;
    pen.stroke(
      u + Math.cos(a0) * r,
      v + Math.sin(a0) * r,
      u + Math.cos(a1) * r,
      v + Math.sin(a1) * r,
      width,
      width,
      col,
      0.2,
    );
  }
}

function wheel(pen: Pen, u: number, v: number, r: number): void {
  pen.ellipse(u, v, r, r, TYRE, 0.4);
  pen.ellipse(u, v, r * 0.55, r * 0.55, [175, 178, 185], 0.7);
  pen.ellipse(u, v, r * 0.18, r * 0.18, [90, 92, 98], 0.3);
}

export function paintCar(pen: Pen, look: SubjectLook): void {
  const paint = look.colour ?? [200, 40, 40];
  pen.shadow(0, 1.05, 0.05, 0.45);
  // Cabin with windows, then the body over it, wheels in arches.
  pen.poly([-0.55, 0.4, 0.42, 0.4, 0.2, 0.72, -0.38, 0.72], shadeOf(paint, 0.9), 0.5);
  pen.poly([-0.48, 0.44, -0.1, 0.44, -0.1, 0.67, -0.34, 0.67], GLASS, 0.3);
  pen.poly([-0.04, 0.44, 0.34, 0.44, 0.17, 0.67, -0.04, 0.67], GLASS, 0.3);
  pen.poly([-0.98, 0.12, 0.98, 0.12, 1.0, 0.34, 0.85, 0.44, -0.92, 0.46, -1.0, 0.34], paint, 0.6);
  pen.rect(-0.9, 0.3, 0.9, 0.315, shadeOf(paint, 1.3), 0);
  pen.ellipse(0.92, 0.33, 0.05, 0.035, [255, 240, 200], 0.1);
  pen.ellipse(-0.95, 0.34, 0.03, 0.035, [220, 30, 30], 0.1);
  pen.rect(0.02, 0.34, 0.1, 0.355, [40, 40, 44], 0);
  for (const u of [-0.6, 0.6]) {
    pen.ellipse(u, 0.17, 0.22, 0.2, [30, 30, 34], 0.1);
    wheel(pen, u, 0.17, 0.17);
  }
}

export function paintBicycle(pen: Pen, look: SubjectLook): void {
  const frame = look.colour ?? [30, 110, 190];
  const r = 0.36;
  pen.shadow(0, 1.0, 0.04);
  for (const u of [-0.55, 0.55]) {
    ring(pen, u, r, r, 0.025, TYRE);
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI;
      pen.stroke(
        u - Math.cos(a) * r,
        r - Math.sin(a) * r,
        u + Math.cos(a) * r,
        r + Math.sin(a) * r,
        0.004,
        0.004,
        [190, 190, 195],
        0,
      );
    }
    pen.ellipse(u, r, 0.03, 0.03, [120, 120, 125], 0.3);
  }
  // Diamond frame: seat tube, top tube, down tube, stays; fork, bars and saddle.
  const bb: [number, number] = [-0.05, 0.3];
  const seat: [number, number] = [-0.15, 0.78];
  const head: [number, number] = [0.42, 0.78];
  const w = 0.022;
  pen.stroke(-0.55, r, ...bb, w, w, frame);
  pen.stroke(-0.55, r, ...seat, w, w, frame);
  pen.stroke(...bb, ...seat, w, w, frame);
  pen.stroke(...seat, ...head, w, w, frame);
  pen.stroke(...bb, ...head, w, w, frame);
  pen.stroke(...head, 0.55, r, w, w, frame);
  pen.stroke(...head, 0.4, 0.92, w * 0.8, w * 0.8, [50, 50, 55]);
  pen.stroke(0.34, 0.94, 0.5, 0.92, w * 0.9, w * 0.9, [50, 50, 55]);
  pen.stroke(-0.15, 0.78, -0.17, 0.88, w * 0.8, w * 0.8, [50, 50, 55]);
  pen.ellipse(-0.17, 0.9, 0.1, 0.03, [40, 35, 30], 0.4);
  pen.ellipse(...bb, 0.06, 0.06, [80, 80, 85], 0.4);
  pen.stroke(-0.1, 0.22, 0.0, 0.38, 0.012, 0.012, [60, 60, 64]);
}

export function paintBoat(pen: Pen, look: SubjectLook): void {
  const hull = look.colour ?? [180, 48, 40];
  const sail: Rgb = [246, 242, 232];
  pen.stroke(0, 0.12, 0, 1.05, 0.012, 0.008, [90, 70, 50], 0.2);
  pen.poly([0.03, 0.22, 0.03, 1.0, 0.62, 0.22], sail, 0.5);
  pen.poly([-0.03, 0.26, -0.03, 0.92, -0.46, 0.26], shadeOf(sail, 0.92), 0.5);
  pen.poly([-0.66, 0.2, 0.8, 0.2, 0.56, 0.0, -0.5, 0.0], hull, 0.6);
  pen.rect(-0.66, 0.17, 0.8, 0.2, [240, 236, 228], 0);
}

export function paintTrain(pen: Pen, look: SubjectLook): void {
  const body = look.colour ?? [40, 70, 60];
  const trim: Rgb = [200, 160, 60];
  pen.stroke(-2.2, 0.0, 1.3, 0.0, 0.015, 0.015, [90, 90, 96], 0);
  // A carriage behind, then the locomotive: boiler, cab, chimney, wheels.
  pen.rect(-2.0, 0.14, -1.0, 0.62, shadeOf(body, 1.1), 0.5);
  pen.rect(-2.02, 0.6, -0.98, 0.66, shadeOf(body, 0.7), 0.2);
  for (let k = 0; k < 4; k++)
    pen.rect(-1.9 + k * 0.24, 0.38, -1.76 + k * 0.24, 0.54, look.lit ? look.windowLight : GLASS, 0.2);
  pen.rect(-1.0, 0.22, -0.9, 0.26, [60, 60, 60], 0);
  pen.rect(-0.9, 0.14, -0.35, 0.8, body, 0.6);
  pen.rect(-0.95, 0.78, -0.3, 0.84, shadeOf(body, 0.6), 0.2);
  pen.rect(-0.8, 0.5, -0.5, 0.68, look.lit ? look.windowLight : GLASS, 0.2);
  pen.rect(-0.35, 0.2, 0.75, 0.56, body, 0.8);
  pen.ellipse(0.75, 0.38, 0.05, 0.18, shadeOf(body, 0.8), 0.4);
  pen.rect(-0.35, 0.5, 0.75, 0.53, trim, 0);
  pen.poly([0.48, 0.56, 0.62, 0.56, 0.66, 0.86, 0.44, 0.86], [40, 40, 42], 0.4);
  pen.ellipse(0.16, 0.6, 0.07, 0.05, trim, 0.5);
  pen.poly([0.72, 0.2, 0.95, 0.04, 0.72, 0.04], [60, 60, 62], 0.2);
  for (let k = 0; k < 3; k++)
    pen.ellipse(
      0.55 + k * 0.2,
      1.0 + k * 0.12,
      0.1 + k * 0.04,
      0.07 + k * 0.03,
      [225, 225, 230],
      0.5,
      0,
      0.8 - k * 0.2,
    );
  for (const u of [-1.8, -1.2, -0.65, -0.2, 0.2, 0.55])
    wheel(pen, u, 0.12, u > -0.9 && u < 0.4 ? 0.12 : 0.09);
}

export function paintAirplane(pen: Pen, look: SubjectLook): void {
  const body = look.colour ?? [236, 238, 242];
  const accent: Rgb = [40, 80, 160];
  // Far wing behind, fuselage, near wing, tail fin; a row of windows.
  pen.poly([0.05, 0.56, -0.2, 0.56, -0.5, 0.9, -0.38, 0.9], shadeOf(body, 0.8), 0.3);
  pen.ellipse(0, 0.5, 0.95, 0.12, body, 0.8);
  pen.poly([-0.7, 0.55, -0.95, 0.55, -1.02, 0.98, -0.9, 0.98], accent, 0.3);
  pen.poly([-0.75, 0.52, -0.98, 0.5, -1.1, 0.42, -0.86, 0.46], shadeOf(body, 0.9), 0.3);
  pen.poly([0.15, 0.46, -0.15, 0.46, -0.5, 0.08, -0.34, 0.08], shadeOf(body, 0.92), 0.4);
  pen.ellipse(-0.05, 0.3, 0.12, 0.05, [150, 150, 158], 0.6);
  for (let k = 0; k < 14; k++) pen.ellipse(-0.6 + k * 0.09, 0.53, 0.018, 0.022, [40, 60, 90], 0);
  pen.poly([0.78, 0.55, 0.9, 0.55, 0.86, 0.6, 0.76, 0.6], [40, 60, 90], 0.1);
  pen.rect(-0.8, 0.46, 0.9, 0.475, accent, 0);
}
