import type { Rgb } from "../shared/seeded";
import type { SubjectLook } from "./subject-look";
import { Pen, shadeOf } from "./subject-pen";

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
  // A face lit evenly enough, with white in the eyes and a mouth, so it reads as a face (never
  // as the back of a head) whatever the skin and the light.
  pen.ellipse(0, 0.92, 0.07, 0.085, skin, 0.5);
  pen.ellipse(0, 0.97, 0.075, 0.045, hair, 0.5);
  for (const s of [-1, 1]) {
    pen.ellipse(s * 0.025, 0.925, 0.014, 0.01, [245, 242, 236], 0);
    pen.ellipse(s * 0.025, 0.925, 0.007, 0.009, [30, 24, 20], 0);
  }
  pen.stroke(-0.016, 0.885, 0.016, 0.885, 0.005, 0.005, shadeOf(skin, 0.6), 0);
}

const WOMEN =
  /^(woman|women|girl|lady|ladies|dancer|witch|queen|princess|mother|grandmother|nun|fairy|businesswoman)/;
const MEN =
  /^(man|men|boy|gentleman|knight|samurai|wizard|king|prince|father|grandfather|monk|fisherman|businessman)/;
const CHILDREN = /^(child|children|kid|boy|girl|toddler)/;
const MAGES = /^(wizard|witch|mage|sorcerer|sorceress|warlock|magician|druid)/;

export function paintPerson(pen: Pen, look: SubjectLook): void {
  const words = [look.word, ...(look.also ?? [])].slice(0, 3);
  if (words.length === 1) {
    paintOne(pen, look);
    return;
  }
  // "A man and a child": each of them, side by side, the first named in the middle or left.
  words.forEach((word, i) => {
    const u = (i - (words.length - 1) / 2) * 0.36;
    paintOne(new Pen(pen.ctx, pen.px(u), pen.base, pen.size, pen.flip), { ...look, word, also: [] });
  });
}

function paintOne(pen: Pen, look: SubjectLook): void {
  const variant = Math.floor(pen.x) % 4;
  const woman = WOMEN.test(look.word) || (!MEN.test(look.word) && variant % 2 === 1);
  // A child stands shorter; a lean by the seed: the same prompt, another stance.
  const child = CHILDREN.test(look.word);
  const sized = child ? new Pen(pen.ctx, pen.x, pen.base, pen.size * 0.7, pen.flip) : pen;
  const p = sized.turned(0, 0, look.pose.lean * 0.05);
  if (MAGES.test(look.word))
    mage(p, look, look.word.startsWith("witch") || look.word.startsWith("sorceress"));
  else if (look.word.startsWith("astronaut") || look.word.startsWith("cosmonaut")) astronaut(p, look);
  else if (look.word.startsWith("knight")) knight(p, look);
  else {
    person(p, look.colour ?? look.accent, variant, woman);
    if (ROYALS.test(look.word)) crown(p);
  }
}

const ROYALS = /^(king|queen|prince|princess)/;

/** A gold crown on the head: a band and three points. */
function crown(pen: Pen): void {
  const gold: Rgb = [236, 196, 70];
  pen.rect(-0.06, 0.995, 0.06, 1.03, gold, 0.4);
  for (const u of [-0.05, 0, 0.05]) pen.poly([u - 0.018, 1.03, u + 0.018, 1.03, u, 1.07], gold, 0.3);
  pen.ellipse(0, 1.012, 0.01, 0.01, [200, 40, 60], 0.2);
}

/** A knight in armour: plate limbs, a tabard in the accent colour, a helm, a sword and a shield. */
function knight(pen: Pen, look: SubjectLook): void {
  const steel: Rgb = [176, 182, 190];
  const tabard = look.colour ?? look.accent;
  pen.shadow(0, 0.24, 0.03);
  for (const s of [-1, 1]) {
    pen.stroke(s * 0.06, 0.48, s * 0.07, 0.04, 0.05, 0.042, steel, 0.7);
    pen.ellipse(s * 0.065, 0.26, 0.05, 0.035, shadeOf(steel, 1.1), 0.5);
    pen.ellipse(s * 0.08, 0.025, 0.06, 0.028, shadeOf(steel, 0.7), 0.4);
  }
  // Sword held point down beside him.
  pen.stroke(0.26, 0.06, 0.26, 0.5, 0.014, 0.01, [220, 224, 232], 0.5);
  pen.rect(0.2, 0.5, 0.32, 0.52, [160, 130, 60], 0.3);
  pen.stroke(0.26, 0.52, 0.26, 0.6, 0.012, 0.012, [90, 60, 40], 0.3);
  pen.poly([-0.16, 0.82, 0.16, 0.82, 0.13, 0.42, -0.13, 0.42], steel, 0.7);
  pen.poly([-0.1, 0.78, 0.1, 0.78, 0.12, 0.3, -0.12, 0.3], tabard, 0.6);
  pen.stroke(0.15, 0.78, 0.24, 0.56, 0.045, 0.04, steel, 0.6);
  pen.ellipse(0.25, 0.55, 0.035, 0.035, shadeOf(steel, 0.8), 0.5);
  // Shield on the far arm.
  pen.poly([-0.34, 0.72, -0.1, 0.72, -0.1, 0.5, -0.22, 0.36, -0.34, 0.5], shadeOf(tabard, 0.85), 0.5);
  pen.stroke(-0.22, 0.7, -0.22, 0.42, 0.012, 0.012, [230, 200, 80], 0.2);
  pen.stroke(-0.32, 0.6, -0.12, 0.6, 0.012, 0.012, [230, 200, 80], 0.2);
  const h = pen.turned(0, 0.84, look.pose.head * 0.1);
  h.ellipse(0, 0.8, 0.17, 0.05, steel, 0.6);
  h.poly([-0.08, 0.84, 0.08, 0.84, 0.08, 0.98, 0, 1.02, -0.08, 0.98], steel, 0.7);
  h.rect(-0.06, 0.92, 0.06, 0.935, [30, 30, 34], 0.1);
  h.stroke(0, 1.02, -0.06, 1.1, 0.02, 0.012, tabard, 0.3);
}

/** A wizard (or a witch): long robe, pointed hat with stars, a staff with a glowing stone; a beard. */
function mage(pen: Pen, look: SubjectLook, witch: boolean): void {
  const robe: Rgb = look.colour ?? (witch ? [50, 30, 70] : [52, 54, 140]);
  const skin: Rgb = [226, 186, 156];
  const hat: Rgb = witch ? [30, 26, 34] : robe;
  const trim: Rgb = [236, 200, 80];
  const raise = look.pose.head > 0 ? 0.12 : 0;
  pen.shadow(0, 0.24, 0.03);
  // Staff held in the near hand, the stone glowing at its top.
  pen.stroke(0.24, 0.0, 0.28, 1.06 + raise, 0.014, 0.012, [110, 78, 48], 0.5);
  pen.ellipse(0.28, 1.1 + raise, 0.1, 0.1, [140, 210, 255], 0, 0, 0.25);
  pen.ellipse(0.28, 1.1 + raise, 0.035, 0.035, [200, 240, 255], 0.3);
  pen.poly([-0.15, 0.82, 0.15, 0.82, 0.26, 0.02, -0.26, 0.02], robe, 0.7);
  pen.poly([-0.02, 0.8, 0.02, 0.8, 0.04, 0.02, -0.04, 0.02], shadeOf(robe, 0.8), 0.3);
  pen.rect(-0.26, 0.02, 0.26, 0.05, trim, 0.3);
  pen.stroke(-0.15, 0.78, -0.22, 0.46, 0.06, 0.07, shadeOf(robe, 0.9), 0.6);
  pen.stroke(0.15, 0.78, 0.26, 0.56 + raise, 0.06, 0.065, shadeOf(robe, 0.9), 0.6);
  pen.ellipse(-0.22, 0.42, 0.032, 0.036, skin, 0.5);
  pen.ellipse(0.27, 0.54 + raise, 0.034, 0.036, skin, 0.5);
  pen.ellipse(0, 0.8, 0.16, 0.05, robe, 0.5);
  const h = pen.turned(0, 0.84, look.pose.head * 0.12);
  if (witch) h.poly([-0.09, 0.98, 0.09, 0.98, 0.12, 0.7, -0.12, 0.7], [40, 30, 30], 0.4);
  h.ellipse(0, 0.92, 0.07, 0.085, skin, 0.8);
  h.ellipse(-0.025, 0.925, 0.008, 0.01, [30, 24, 20], 0);
  h.ellipse(0.025, 0.925, 0.008, 0.01, [30, 24, 20], 0);
  if (!witch) {
    // A long white beard over the robe.
    h.poly([-0.07, 0.9, 0.07, 0.9, 0.03, 0.6, 0, 0.56, -0.03, 0.6], [236, 234, 228], 0.4);
    h.ellipse(0, 0.885, 0.045, 0.012, [220, 218, 212], 0.2);
  }
  h.ellipse(0, 0.985, 0.16, 0.032, hat, 0.5);
  h.poly([-0.09, 0.99, 0.09, 0.99, 0.02, 1.3, -0.01, 1.3], hat, 0.6);
  h.stroke(0.005, 1.29, 0.07, 1.34, 0.012, 0.006, hat, 0.4);
  h.ellipse(-0.02, 1.08, 0.014, 0.014, trim, 0);
  h.ellipse(0.03, 1.16, 0.011, 0.011, trim, 0);
  h.rect(-0.085, 0.99, 0.085, 1.02, trim, 0.2);
}

/** An astronaut: white suit with a backpack, round helmet with a gold visor. */
function astronaut(pen: Pen, look: SubjectLook): void {
  const suit: Rgb = look.colour ?? [236, 236, 232];
  const seam = shadeOf(suit, 0.75);
  pen.shadow(0, 0.24, 0.03);
  pen.rect(-0.19, 0.46, 0.19, 0.84, shadeOf(suit, 0.7), 0.4);
  for (const s of [-1, 1]) {
    pen.stroke(s * 0.07, 0.48, s * 0.08, 0.06, 0.065, 0.06, suit, 0.6);
    pen.ellipse(s * 0.085, 0.04, 0.075, 0.045, seam, 0.4);
    pen.ellipse(s * 0.075, 0.26, 0.06, 0.025, seam, 0.3);
  }
  pen.poly([-0.17, 0.84, 0.17, 0.84, 0.15, 0.44, -0.15, 0.44], suit, 0.7);
  pen.rect(-0.08, 0.58, 0.08, 0.7, [90, 110, 140], 0.3);
  pen.ellipse(-0.04, 0.64, 0.015, 0.015, [230, 60, 50], 0);
  pen.ellipse(0.03, 0.64, 0.015, 0.015, [60, 200, 90], 0);
  pen.rect(-0.15, 0.44, 0.15, 0.48, seam, 0.3);
  const wave = look.pose.head > 0.3;
  pen.stroke(-0.17, 0.8, -0.23, 0.48, 0.055, 0.05, suit, 0.6);
  pen.ellipse(-0.23, 0.45, 0.045, 0.045, seam, 0.5);
  if (wave) {
    pen.stroke(0.17, 0.8, 0.3, 0.98, 0.055, 0.05, suit, 0.6);
    pen.ellipse(0.31, 1.01, 0.045, 0.045, seam, 0.5);
  } else {
    pen.stroke(0.17, 0.8, 0.23, 0.48, 0.055, 0.05, suit, 0.6);
    pen.ellipse(0.23, 0.45, 0.045, 0.045, seam, 0.5);
  }
  const h = pen.turned(0, 0.86, look.pose.head * 0.1);
  h.ellipse(0, 0.95, 0.13, 0.13, suit, 0.8);
  h.ellipse(0.01, 0.94, 0.095, 0.08, [200, 150, 60], 0.7);
  h.ellipse(-0.02, 0.97, 0.03, 0.018, [255, 240, 200], 0, -0.5);
  h.ellipse(0, 0.84, 0.11, 0.03, seam, 0.4);
}
