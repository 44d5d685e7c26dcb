import type { Rgb } from "../shared/seeded";
import { mixRgb } from "./canvas";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Wild animals people ask for by name: a bear (white for a polar bear), a whale breaching, a
 * jellyfish adrift, an owl on a branch and a butterfly. Each is drawn by the features a person
 * knows it by, in the subject's frame (u across, facing +u; v up from its foot).
 */

const DARK: Rgb = [24, 20, 20];

function eye(pen: Pen, u: number, v: number, r: number): void {
  pen.ellipse(u, v, r, r, DARK, 0.2);
  pen.ellipse(u + r * 0.3, v + r * 0.3, r * 0.35, r * 0.35, [250, 250, 250], 0);
}

function bearCoat(look: SubjectLook): Rgb {
  if (look.colour) return look.colour;
  if (look.word.startsWith("polar") || look.word.includes("panda")) return [236, 234, 224];
  if (look.word.startsWith("black")) return [46, 40, 40];
  return [112, 74, 46];
}

/** A bear on all fours, side view: shoulder hump, heavy legs, small round ears, a long snout. */
export function paintBear(pen: Pen, look: SubjectLook): void {
  const coat = bearCoat(look);
  const polar = look.word.startsWith("polar");
  // A panda: white, with black legs, shoulders, ears and eye patches.
  const panda = look.word.includes("panda");
  const limb: Rgb = panda ? [34, 32, 34] : coat;
  const far = shadeOf(limb, 0.78);
  const { stride, head } = look.pose;
  const step = stride * 0.07;
  pen.shadow(0, 0.62, 0.05);
  pen.stroke(-0.3, 0.36, -0.32 - step, 0.03, 0.085, 0.07, far);
  pen.stroke(0.24, 0.38, 0.26 + step, 0.03, 0.08, 0.065, far);
  pen.ellipse(-0.3 - step, 0.03, 0.08, 0.035, shadeOf(far, 0.8), 0.4);
  pen.ellipse(0.28 + step, 0.03, 0.08, 0.035, shadeOf(far, 0.8), 0.4);
  pen.ellipse(-0.3, 0.44, 0.2, 0.22, coat, 0.8);
  pen.ellipse(-0.02, 0.44, 0.36, 0.2, coat, 0.8);
  // The shoulder hump is what makes it a bear rather than a dog.
  pen.ellipse(0.16, 0.52, 0.2, 0.16, panda ? limb : coat, 0.8);
  pen.stroke(-0.2, 0.34, -0.2 + step, 0.03, 0.09, 0.075, limb);
  pen.stroke(0.3, 0.38, 0.32 - step, 0.03, 0.085, 0.07, limb);
  pen.ellipse(-0.19 + step, 0.03, 0.085, 0.035, shadeOf(limb, 0.8), 0.4);
  pen.ellipse(0.34 - step, 0.03, 0.085, 0.035, shadeOf(limb, 0.8), 0.4);
  // Head on a low neck: a polar bear's is longer and lower.
  const h = pen.turned(0.32, 0.5, head * 0.3 - (polar ? 0.12 : 0));
  h.ellipse(0.38, 0.5, 0.12, 0.12, coat, 0.8);
  h.ellipse(0.5, 0.47, 0.13, 0.1, coat, 0.8);
  h.ellipse(0.63, 0.44, 0.08, 0.06, polar ? coat : shadeOf(coat, 1.25), 0.6);
  h.ellipse(0.7, 0.45, 0.03, 0.025, DARK, 0.3);
  h.ellipse(0.44, 0.6, 0.04, 0.04, panda ? limb : shadeOf(coat, 0.85), 0.5);
  h.ellipse(0.5, 0.6, 0.035, 0.035, panda ? limb : coat, 0.5);
  if (panda) h.ellipse(0.55, 0.52, 0.04, 0.03, limb, 0.3, -0.4);
  eye(h, 0.56, 0.52, 0.017);
}

/** A whale breaching: the body rising out of the sea at a slant, pale grooved throat, splash. */
export function paintWhale(pen: Pen, look: SubjectLook): void {
  const back: Rgb = look.colour ? mixRgb(look.colour, [70, 84, 100], 0.45) : [72, 92, 118];
  const orca = look.word.includes("orca") || look.word.includes("killer");
  const belly: Rgb = orca ? [240, 240, 236] : [196, 202, 206];
  const body: Rgb = orca ? [26, 28, 34] : back;
  const { variant, head } = look.pose;
  const angle = 0.75 + variant * 0.45;
  // Spray behind, from the water it leaves.
  for (let k = 0; k < 9; k++) {
    const u = -0.25 + k * 0.07;
    pen.ellipse(u, 0.04 + ((k * 37) % 5) * 0.02, 0.06, 0.05, [230, 238, 242], 0.3, 0, 0.8);
  }
  const w = pen.turned(0, 0, angle);
  // Tail stock thinning into the water, a long heavy body, a broad flat head.
  w.ellipse(0.12, 0, 0.26, 0.1, body, 0.7);
  w.ellipse(0.5, 0.01, 0.42, 0.17, body, 0.75);
  w.ellipse(0.82, -0.01, 0.18, 0.13, body, 0.6);
  w.ellipse(0.58, -0.08, 0.36, 0.08, belly, 0.4);
  for (let k = 0; k < 4; k++)
    w.stroke(0.36, -0.05 - k * 0.025, 0.92, -0.04 - k * 0.02, 0.006, 0.004, shadeOf(belly, 0.75), 0);
  // Long pectoral fin, swung out from the body.
  const fin = w.turned(0.55, -0.06, -0.6 + head * 0.25);
  fin.ellipse(0.55, -0.22, 0.05, 0.18, orca ? body : shadeOf(back, 1.15), 0.6, 0.2);
  if (orca) w.ellipse(0.74, 0.05, 0.06, 0.025, belly, 0.2);
  w.stroke(0.72, 0.0, 0.98, -0.02, 0.007, 0.005, shadeOf(body, 0.5), 0);
  eye(w, 0.74, 0.04, 0.016);
  // The splash where it breaks the surface.
  for (let k = 0; k < 11; k++) {
    const u = -0.3 + k * 0.06;
    const r = 0.05 + ((k * 13) % 4) * 0.012;
    pen.ellipse(u, 0.03, r, r * 1.3, [236, 242, 246], 0.4);
  }
  pen.ellipse(0.02, -0.01, 0.42, 0.05, [214, 226, 232], 0.2, 0, 0.8);
}

/** A jellyfish adrift: a translucent glowing bell, a frilled rim, long trailing tentacles. */
export function paintJellyfish(pen: Pen, look: SubjectLook): void {
  const glow: Rgb = look.colour ?? (look.pose.variant < 0.5 ? [236, 130, 214] : [120, 210, 240]);
  const { variant, head } = look.pose;
  const sway = (head * 0.5 + 0.2) * 0.12;
  // Halo first: it is a light in dark water.
  pen.ellipse(0, 0.74, 0.5, 0.36, glow, 0, 0, 0.12);
  pen.ellipse(0, 0.76, 0.36, 0.26, glow, 0, 0, 0.16);
  for (let t = 0; t < 9; t++) {
    const u0 = -0.24 + t * 0.06;
    let u = u0;
    let v = 0.62;
    const phase = t * 1.7 + variant * 6;
    for (let s = 0; s < 12; s++) {
      const nu = u0 * (1 - s * 0.03) + Math.sin(phase + s * 0.7) * 0.04 + sway * (s / 12);
      const nv = v - 0.05;
      pen.stroke(u, v, nu, nv, 0.008, 0.006, mixRgb(glow, [255, 255, 255], 0.3), 0);
      u = nu;
      v = nv;
    }
  }
  // Frilled oral arms in the middle.
  for (const side of [-1, 1]) {
    let u = side * 0.05;
    let v = 0.62;
    for (let s = 0; s < 8; s++) {
      const nu = side * 0.05 + Math.sin(s * 0.9 + side + variant * 4) * 0.06 + sway * (s / 8);
      pen.stroke(u, v, nu, v - 0.05, 0.03, 0.024, shadeOf(glow, 0.85), 0.3);
      u = nu;
      v -= 0.05;
    }
  }
  pen.ellipse(0, 0.72, 0.3, 0.2, glow, 0.6, 0, 0.8);
  pen.ellipse(0, 0.75, 0.22, 0.13, mixRgb(glow, [255, 255, 255], 0.45), 0.4, 0, 0.6);
  pen.ellipse(0, 0.62, 0.3, 0.05, shadeOf(glow, 0.8), 0.3, 0, 0.85);
  // Four pale rings seen through the bell.
  for (let k = 0; k < 4; k++) pen.ellipse(-0.1 + k * 0.066, 0.74, 0.028, 0.022, [255, 240, 250], 0, 0, 0.3);
}

/** An owl perched, facing us: round head, facial discs, big round eyes, ear tufts. */
export function paintOwl(pen: Pen, look: SubjectLook): void {
  const plumage = look.colour ?? [138, 100, 64];
  const pale: Rgb = mixRgb(plumage, [245, 235, 215], 0.6);
  pen.stroke(-0.9, 0.12, 0.9, 0.16, 0.035, 0.028, [90, 62, 40], 0.6);
  pen.ellipse(0.55, 0.19, 0.09, 0.04, [70, 130, 60], 0.4, 0.4);
  pen.ellipse(0, 0.42, 0.24, 0.3, plumage, 0.8);
  pen.ellipse(0, 0.38, 0.15, 0.22, pale, 0.5);
  for (let k = 0; k < 4; k++)
    for (let j = -1; j <= 1; j++)
      pen.stroke(
        j * 0.06 - 0.02,
        0.46 - k * 0.07,
        j * 0.06 + 0.02,
        0.44 - k * 0.07,
        0.008,
        0.008,
        shadeOf(plumage, 0.8),
        0,
      );
  pen.ellipse(-0.2, 0.4, 0.08, 0.22, shadeOf(plumage, 0.75), 0.6, -0.15);
  pen.ellipse(0.2, 0.4, 0.08, 0.22, shadeOf(plumage, 0.75), 0.6, 0.15);
  for (const u of [-0.06, 0.06]) pen.stroke(u, 0.16, u, 0.11, 0.016, 0.016, [200, 170, 60], 0.2);
  const h = pen.turned(0, 0.66, look.pose.head * 0.25);
  h.poly([-0.18, 0.86, -0.2, 1.02, -0.08, 0.9], shadeOf(plumage, 0.8), 0.3);
  h.poly([0.18, 0.86, 0.2, 1.02, 0.08, 0.9], shadeOf(plumage, 0.8), 0.3);
  h.ellipse(0, 0.8, 0.22, 0.17, plumage, 0.8);
  for (const s of [-1, 1]) {
    h.ellipse(s * 0.09, 0.8, 0.09, 0.09, pale, 0.3);
    h.ellipse(s * 0.09, 0.8, 0.055, 0.055, [240, 170, 40], 0.3);
    h.ellipse(s * 0.09, 0.8, 0.03, 0.03, DARK, 0.1);
    h.ellipse(s * 0.09 + 0.012, 0.812, 0.01, 0.01, [255, 255, 255], 0);
  }
  h.poly([-0.025, 0.76, 0.025, 0.76, 0, 0.69], [220, 170, 70], 0.2);
}

/** A butterfly with its wings spread (a monarch unless a colour is named), hovering. */
export function paintButterfly(pen: Pen, look: SubjectLook): void {
  const wing = look.colour ?? [238, 128, 30];
  const edge: Rgb = [26, 22, 22];
  // Wings open or half closed, by the seed.
  const open = 0.65 + look.pose.variant * 0.35;
  const p = pen.turned(0, 0.5, look.pose.lean * 0.25);
  for (const s of [-1, 1]) {
    p.ellipse(s * 0.24 * open, 0.64, 0.25 * open, 0.17, edge, 0.3, s * 0.45);
    p.ellipse(s * 0.23 * open, 0.64, 0.21 * open, 0.13, wing, 0.4, s * 0.45);
    p.ellipse(s * 0.17 * open, 0.36, 0.16 * open, 0.14, edge, 0.3, -s * 0.4);
    p.ellipse(s * 0.16 * open, 0.37, 0.125 * open, 0.105, wing, 0.4, -s * 0.4);
    for (let k = 0; k < 3; k++) {
      p.stroke(0, 0.55, s * (0.2 + k * 0.09) * open, 0.78 - k * 0.1, 0.006, 0.004, edge, 0);
      p.ellipse(s * (0.36 + k * 0.05) * open, 0.8 - k * 0.07, 0.014, 0.014, [250, 250, 245], 0);
    }
  }
  p.stroke(0, 0.3, 0, 0.66, 0.03, 0.022, edge, 0.5);
  p.ellipse(0, 0.69, 0.035, 0.035, edge, 0.5);
  p.stroke(0, 0.7, -0.1, 0.9, 0.006, 0.005, edge, 0);
  p.stroke(0, 0.7, 0.1, 0.9, 0.006, 0.005, edge, 0);
}

/** A waterfall: white water falling between dark rock walls into a pool wreathed in spray. */
export function paintWaterfall(pen: Pen, look: SubjectLook): void {
  const rock: Rgb = [86, 84, 80];
  const water: Rgb = look.colour ?? [226, 238, 246];
  const pool: Rgb = [70, 120, 140];
  const width = 0.16 + look.pose.variant * 0.12;
  pen.ellipse(0, 0.04, 0.75, 0.1, pool, 0.4);
  // Rock walls of stacked boulders either side, mossy on top.
  for (const side of [-1, 1]) {
    for (let k = 0; k < 7; k++) {
      const v = 0.16 + k * 0.13;
      const u = side * (width + 0.2 + ((k * 7) % 3) * 0.05);
      const shade = 0.75 + ((k * 5 + (side > 0 ? 2 : 0)) % 4) * 0.1;
      const ru = 0.2 + ((k * 3 + (side > 0 ? 1 : 0)) % 4) * 0.035;
      pen.ellipse(
        u,
        v,
        ru,
        0.09 + ((k * 5) % 3) * 0.03,
        shadeOf(rock, shade),
        0.7,
        side * (0.1 + (k % 3) * 0.12),
      );
    }
    pen.ellipse(side * (width + 0.24), 1.0, 0.28, 0.06, [74, 122, 60], 0.5);
  }
  pen.rect(-width, 0.1, width, 1.0, shadeOf(water, 0.9), 0.3);
  // Streaks of falling water, then spray where it lands.
  for (let k = 0; k < 9; k++) {
    const u = -width + ((k + 0.5) / 9) * width * 2;
    pen.stroke(u, 0.98, u + Math.sin(k * 2.1) * 0.01, 0.12, 0.008, 0.012, k % 2 ? water : [180, 205, 220], 0);
  }
  for (let k = 0; k < 9; k++) {
    const u = -width - 0.1 + ((k * 37) % 9) * (width + 0.1) * 0.25;
    pen.ellipse(u, 0.1 + ((k * 13) % 3) * 0.03, 0.07, 0.05, [240, 246, 250], 0.2, 0, 0.7);
  }
}
