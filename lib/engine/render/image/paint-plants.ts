import type { Rgb } from "../shared/seeded";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/** A single plant as the subject: a flower on its stem, a tree (broadleaf or conifer), a cactus, a sunflower. */

const STEM: Rgb = [60, 120, 50];
const LEAF: Rgb = [70, 140, 60];

/** `petals` petals of radius r around (u, v), then the centre. */
function blossom(pen: Pen, u: number, v: number, r: number, petals: number, col: Rgb, centre: Rgb): void {
  for (let k = 0; k < petals; k++) {
    const a = (k / petals) * Math.PI * 2;
    pen.ellipse(
      u + Math.cos(a) * r * 0.55,
      v + Math.sin(a) * r * 0.55,
      r * 0.5,
      r * 0.22,
      k % 2 ? col : shadeOf(col, 0.9),
      0.6,
      a,
    );
  }
  pen.ellipse(u, v, r * 0.3, r * 0.3, centre, 0.7);
}

export function paintFlower(pen: Pen, look: SubjectLook): void {
  const petal = look.colour ?? [220, 40, 70];
  pen.stroke(0, 0, 0.02, 0.72, 0.02, 0.015, STEM, 0.4);
  pen.ellipse(-0.12, 0.3, 0.13, 0.045, LEAF, 0.6, 0.5);
  pen.ellipse(0.13, 0.45, 0.12, 0.04, LEAF, 0.6, -0.5);
  if (look.word.startsWith("rose")) {
    // A rose: a cup of overlapping petals, spiralled at the top.
    pen.ellipse(0.02, 0.8, 0.15, 0.13, shadeOf(petal, 0.85), 0.8);
    pen.ellipse(-0.07, 0.84, 0.1, 0.11, petal, 0.8, 0.4);
    pen.ellipse(0.11, 0.84, 0.1, 0.11, petal, 0.8, -0.4);
    pen.ellipse(0.02, 0.9, 0.09, 0.07, shadeOf(petal, 1.1), 0.7);
    pen.ellipse(0.02, 0.91, 0.04, 0.03, shadeOf(petal, 0.6), 0.4);
    pen.poly([-0.06, 0.72, 0.1, 0.72, 0.02, 0.66], LEAF, 0.3);
    return;
  }
  blossom(pen, 0.02, 0.84, 0.2, 8, petal, [250, 210, 60]);
}

export function paintTree(pen: Pen, look: SubjectLook): void {
  const green = look.colour ?? [62, 128, 58];
  pen.shadow(0, 0.4, 0.04);
  if (/^(pine|fir|spruce|conifer)/.test(look.word)) {
    pen.rect(-0.04, 0, 0.04, 0.18, [92, 62, 40], 0.5);
    for (let k = 0; k < 4; k++) {
      const v = 0.12 + k * 0.2;
      const w = 0.36 - k * 0.07;
      pen.poly([-w, v, w, v, 0, v + 0.34], shadeOf(green, 0.8 + k * 0.06), 0.7);
    }
    return;
  }
  pen.stroke(0, 0, 0, 0.5, 0.06, 0.04, [96, 66, 42], 0.6);
  pen.stroke(0, 0.38, -0.18, 0.58, 0.03, 0.015, [96, 66, 42], 0.5);
  pen.stroke(0, 0.42, 0.16, 0.62, 0.03, 0.015, [96, 66, 42], 0.5);
  const blobs: [number, number, number][] = [
    [0, 0.72, 0.3],
    [-0.24, 0.6, 0.2],
    [0.24, 0.6, 0.2],
    [-0.14, 0.86, 0.2],
    [0.15, 0.86, 0.2],
    [0, 0.95, 0.16],
  ];
  for (const [u, v, r] of blobs) pen.ellipse(u, v, r, r * 0.9, shadeOf(green, 0.85), 0.8);
  for (const [u, v, r] of blobs.slice(3))
    pen.ellipse(u - 0.03, v + 0.02, r * 0.6, r * 0.5, shadeOf(green, 1.15), 0.6);
}

export function paintCactus(pen: Pen, look: SubjectLook): void {
  const green = look.colour ?? [70, 140, 80];
  const rib = shadeOf(green, 0.75);
  pen.shadow(0, 0.3, 0.04);
  // Saguaro: a trunk with rounded top, two arms bending upward.
  pen.stroke(-0.1, 0.36, -0.3, 0.36, 0.06, 0.06, green);
  pen.stroke(-0.3, 0.36, -0.3, 0.66, 0.06, 0.06, green);
  pen.stroke(0.1, 0.5, 0.28, 0.5, 0.055, 0.055, green);
  pen.stroke(0.28, 0.5, 0.28, 0.76, 0.055, 0.055, green);
  pen.stroke(0, 0, 0, 0.86, 0.11, 0.1, green, 0.8);
  for (const u of [-0.05, 0.05]) pen.stroke(u, 0.04, u, 0.86, 0.008, 0.008, rib, 0);
  pen.stroke(-0.3, 0.4, -0.3, 0.64, 0.006, 0.006, rib, 0);
  pen.stroke(0.28, 0.54, 0.28, 0.74, 0.006, 0.006, rib, 0);
  blossom(pen, 0, 0.96, 0.07, 6, [240, 90, 130], [250, 220, 80]);
}

export function paintSunflower(pen: Pen, look: SubjectLook): void {
  const petal = look.colour ?? [250, 196, 30];
  pen.stroke(0, 0, 0.03, 0.7, 0.025, 0.02, STEM, 0.4);
  pen.ellipse(-0.16, 0.3, 0.17, 0.07, LEAF, 0.6, 0.4);
  pen.ellipse(0.18, 0.46, 0.16, 0.065, LEAF, 0.6, -0.4);
  blossom(pen, 0.03, 0.8, 0.34, 18, petal, [100, 62, 30]);
  pen.ellipse(0.03, 0.8, 0.07, 0.07, [70, 44, 24], 0.5);
}
