import type { Rgb } from "../shared/seeded";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Food on a table, seen a little from above: a layered cake with candles, a pizza with its
 * toppings, an apple with stem and leaf, a coffee cup with steam, a bowl of soup, a burger.
 */

const PLATE: Rgb = [238, 238, 236];

export function paintCake(pen: Pen, look: SubjectLook): void {
  const sponge = look.colour ?? [246, 196, 210];
  const icing: Rgb = [252, 246, 240];
  pen.ellipse(0, 0.04, 0.62, 0.1, PLATE, 0.5);
  pen.rect(-0.46, 0.06, 0.46, 0.46, sponge, 0.8);
  pen.ellipse(0, 0.06, 0.46, 0.08, sponge, 0.6);
  pen.rect(-0.46, 0.24, 0.46, 0.28, icing, 0.4);
  pen.ellipse(0, 0.46, 0.46, 0.1, icing, 0.4);
  for (let k = 0; k < 7; k++) pen.ellipse(-0.4 + k * 0.133, 0.41, 0.045, 0.06, icing, 0.4);
  for (const u of [-0.2, 0, 0.2]) {
    pen.rect(u - 0.018, 0.48, u + 0.018, 0.66, [120, 170, 230], 0.3);
    pen.ellipse(u, 0.7, 0.022, 0.04, [255, 200, 80], 0);
  }
  pen.ellipse(0.3, 0.5, 0.05, 0.045, [210, 30, 50], 0.6);
  pen.ellipse(-0.32, 0.49, 0.05, 0.045, [210, 30, 50], 0.6);
}

export function paintPizza(pen: Pen, look: SubjectLook): void {
  const sauce = look.colour ?? [200, 60, 30];
  pen.ellipse(0, 0.2, 0.78, 0.26, [200, 170, 130], 0.3);
  pen.ellipse(0, 0.22, 0.7, 0.22, [210, 150, 80], 0.5);
  pen.ellipse(0, 0.22, 0.6, 0.18, sauce, 0.3);
  pen.ellipse(0, 0.22, 0.55, 0.16, [246, 206, 110], 0.3);
  const spots: [number, number][] = [
    [-0.3, 0.25],
    [0.05, 0.32],
    [0.32, 0.22],
    [-0.12, 0.14],
    [0.18, 0.12],
    [-0.38, 0.14],
    [0.4, 0.3],
  ];
  for (const [u, v] of spots) pen.ellipse(u, v, 0.07, 0.035, [170, 40, 35], 0.5);
  for (const [u, v] of spots.slice(0, 4))
    pen.ellipse(u + 0.09, v - 0.03, 0.03, 0.015, [50, 120, 40], 0.2, 0.5);
  for (let k = 0; k < 3; k++) {
    const a = (k / 3) * Math.PI + 0.3;
    pen.stroke(
      -Math.cos(a) * 0.58,
      0.22 - Math.sin(a) * 0.17,
      Math.cos(a) * 0.58,
      0.22 + Math.sin(a) * 0.17,
      0.004,
      0.004,
      [150, 90, 50],
      0,
    );
  }
}

export function paintApple(pen: Pen, look: SubjectLook): void {
  const skin = look.colour ?? [200, 30, 36];
  pen.shadow(0.05, 0.5, 0.06, 0.4);
  pen.ellipse(-0.15, 0.4, 0.3, 0.38, skin, 0.9);
  pen.ellipse(0.15, 0.4, 0.3, 0.38, skin, 0.9);
  pen.ellipse(0, 0.36, 0.34, 0.34, skin, 0.9);
  pen.ellipse(-0.18, 0.55, 0.06, 0.1, [255, 240, 240], 0, 0.3, 0.5);
  pen.ellipse(0, 0.76, 0.08, 0.03, shadeOf(skin, 0.5), 0.2);
  pen.stroke(0, 0.74, 0.04, 0.92, 0.018, 0.012, [90, 60, 35], 0.2);
  pen.ellipse(0.13, 0.88, 0.1, 0.04, [70, 150, 50], 0.5, 0.5);
}

export function paintCoffee(pen: Pen, look: SubjectLook): void {
  const cup = look.colour ?? [245, 243, 238];
  pen.ellipse(0, 0.05, 0.55, 0.09, shadeOf(cup, 0.95), 0.6);
  // Handle: a ring on the right side.
  for (let k = 0; k < 10; k++) {
    const a0 = -Math.PI / 2 + (k / 10) * Math.PI;
    const a1 = -Math.PI / 2 + ((k + 1) / 10) * Math.PI;
    pen.stroke(
      0.32 + Math.cos(a0) * 0.13,
      0.36 + Math.sin(a0) * 0.12,
      0.32 + Math.cos(a1) * 0.13,
      0.36 + Math.sin(a1) * 0.12,
      0.03,
      0.03,
      cup,
      0.5,
    );
  }
  pen.poly([-0.36, 0.56, 0.36, 0.56, 0.28, 0.1, -0.28, 0.1], cup, 0.9);
  pen.ellipse(0, 0.1, 0.28, 0.05, cup, 0.6);
  pen.ellipse(0, 0.56, 0.36, 0.07, shadeOf(cup, 0.85), 0.3);
  pen.ellipse(0, 0.555, 0.31, 0.055, [95, 55, 30], 0.4);
  pen.ellipse(0, 0.56, 0.12, 0.025, [200, 160, 120], 0.2);
  // Steam.
  for (const u of [-0.1, 0.08]) {
    for (let k = 0; k < 6; k++) {
      const v0 = 0.64 + k * 0.06;
      pen.stroke(
        u + Math.sin(k * 1.3) * 0.04,
        v0,
        u + Math.sin((k + 1) * 1.3) * 0.04,
        v0 + 0.06,
        0.015,
        0.015,
        [240, 240, 240],
        0,
      );
    }
  }
}

export function paintBowl(pen: Pen, look: SubjectLook): void {
  const bowl = look.colour ?? [236, 232, 224];
  const broth: Rgb = [226, 150, 70];
  pen.ellipse(0, 0.42, 0.6, 0.12, shadeOf(bowl, 0.8), 0.3);
  pen.ellipse(0, 0.42, 0.54, 0.1, broth, 0.3);
  for (let k = 0; k < 5; k++)
    pen.stroke(-0.4 + k * 0.16, 0.38, -0.3 + k * 0.16, 0.46, 0.012, 0.012, [250, 230, 160], 0);
  pen.ellipse(0.18, 0.43, 0.09, 0.05, [250, 250, 245], 0.3);
  pen.ellipse(0.18, 0.43, 0.045, 0.03, [250, 180, 40], 0.3);
  pen.ellipse(-0.2, 0.44, 0.07, 0.03, [60, 130, 60], 0.3);
  // The bowl's body: a half ellipse below the rim, on a foot.
  const pts: number[] = [];
  for (let k = 0; k <= 12; k++) {
    const a = Math.PI + (k / 12) * Math.PI;
    pts.push(Math.cos(a) * 0.6, 0.4 + Math.sin(a) * 0.34);
  }
  pen.poly(pts, bowl, 0.9);
  pen.rect(-0.2, 0.0, 0.2, 0.07, shadeOf(bowl, 0.85), 0.4);
  pen.rect(-0.6, 0.3, 0.6, 0.33, look.accent, 0);
  pen.stroke(0.2, 0.5, 0.75, 0.95, 0.015, 0.012, [150, 100, 60], 0.2);
  pen.stroke(0.28, 0.48, 0.82, 0.9, 0.015, 0.012, [150, 100, 60], 0.2);
}

export function paintBurger(pen: Pen, look: SubjectLook): void {
  const bun = look.colour ?? [214, 150, 70];
  pen.ellipse(0, 0.05, 0.62, 0.08, PLATE, 0.5);
  pen.ellipse(0, 0.14, 0.5, 0.1, bun, 0.7);
  pen.ellipse(0, 0.24, 0.54, 0.08, [100, 58, 36], 0.6);
  pen.poly([-0.52, 0.3, 0.52, 0.3, 0.4, 0.2, 0.1, 0.25, -0.3, 0.2], [250, 200, 50], 0.3);
  pen.ellipse(0, 0.33, 0.56, 0.05, [90, 170, 60], 0.5);
  pen.ellipse(-0.2, 0.37, 0.2, 0.04, [210, 50, 40], 0.5);
  pen.ellipse(0.22, 0.37, 0.2, 0.04, [210, 50, 40], 0.5);
  pen.ellipse(0, 0.42, 0.52, 0.28, bun, 0.9);
  pen.rect(-0.55, 0.36, 0.55, 0.42, bun, 0.5);
  for (let k = 0; k < 9; k++)
    pen.ellipse(
      -0.32 + (k % 5) * 0.16 + (k > 4 ? 0.08 : 0),
      0.58 + (k > 4 ? 0.08 : 0),
      0.025,
      0.012,
      [250, 240, 210],
      0,
    );
}
