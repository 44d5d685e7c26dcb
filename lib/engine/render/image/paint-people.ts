import type { Rgb } from "../seeded";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/** People standing, front view: head and hair, shirt, arms, trousers, shoes; a group of them. */

const SKINS: Rgb[] = [
  [232, 190, 160],
  [196, 140, 104],
  [140, 96, 66],
  [92, 62, 44],
];
const HAIRS: Rgb[] = [
  [40, 28, 22],
  [120, 80, 40],
  [20, 18, 18],
  [200, 160, 90],
];

/** `variant` picks skin, hair and clothes; `woman` a dress and long hair. */
export function person(pen: Pen, shirt: Rgb, variant: number, woman = variant % 2 === 1): void {
  const skin = SKINS[variant % SKINS.length] ?? [220, 180, 150];
  // Hair darker than the skin, so the face stands out of it.
  const hair = HAIRS[variant === 0 ? 3 : variant % 3] ?? [40, 28, 22];
  const trousers: Rgb = variant % 2 ? [50, 60, 90] : [60, 56, 52];
  pen.shadow(0, 0.2, 0.03);
  for (const s of [-1, 1]) {
    if (woman) pen.stroke(s * 0.05, 0.3, s * 0.06, 0.04, 0.03, 0.026, skin, 0.5);
    else pen.stroke(s * 0.06, 0.48, s * 0.07, 0.04, 0.05, 0.042, trousers, 0.6);
    pen.ellipse(s * 0.08, 0.025, 0.055, 0.028, [40, 34, 30], 0.4);
  }
  pen.stroke(-0.15, 0.78, -0.19, 0.48, 0.04, 0.032, shirt, 0.6);
  pen.stroke(0.15, 0.78, 0.19, 0.48, 0.04, 0.032, shadeOf(shirt, 0.9), 0.6);
  pen.ellipse(-0.19, 0.45, 0.032, 0.036, skin, 0.5);
  pen.ellipse(0.19, 0.45, 0.032, 0.036, skin, 0.5);
  if (woman) pen.poly([-0.14, 0.78, 0.14, 0.78, 0.22, 0.28, -0.22, 0.28], shirt, 0.7);
  else pen.poly([-0.16, 0.82, 0.16, 0.82, 0.12, 0.46, -0.12, 0.46], shirt, 0.7);
  pen.ellipse(0, 0.8, 0.16, 0.04, shirt, 0.5);
  pen.rect(-0.03, 0.8, 0.03, 0.86, shadeOf(skin, 0.9), 0.3);
  // Hair behind, face, hair on top.
  if (woman) pen.poly([-0.085, 0.97, 0.085, 0.97, 0.11, 0.76, -0.11, 0.76], hair, 0.4);
  pen.ellipse(0, 0.92, 0.07, 0.085, skin, 0.8);
  pen.ellipse(0, 0.97, 0.075, 0.045, hair, 0.5);
  pen.ellipse(-0.025, 0.925, 0.008, 0.01, [30, 24, 20], 0);
  pen.ellipse(0.025, 0.925, 0.008, 0.01, [30, 24, 20], 0);
}

const WOMEN = /^(woman|women|girl|lady|ladies|dancer)/;
const MEN = /^(man|men|boy|gentleman|knight|samurai|wizard)/;

export function paintPerson(pen: Pen, look: SubjectLook): void {
  const variant = Math.floor(pen.x) % 4;
  const woman = WOMEN.test(look.word) || (!MEN.test(look.word) && variant % 2 === 1);
  person(pen, look.colour ?? look.accent, variant, woman);
}
