import type { Rgb } from "../shared/seeded";
import { mixRgb } from "./canvas";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Large animals of the savannah, the ice and the past: a lion or tiger (the big cats), an
 * elephant, a penguin and a dinosaur. Side views face +u; v is up from the foot.
 */

const DARK: Rgb = [24, 20, 18];
const WHITE: Rgb = [240, 236, 226];

function eye(pen: Pen, u: number, v: number, r: number, iris: Rgb = DARK): void {
  pen.ellipse(u, v, r, r, iris, 0.2);
  pen.ellipse(u, v, r * 0.5, r * 0.5, DARK, 0);
  pen.ellipse(u + r * 0.3, v + r * 0.3, r * 0.3, r * 0.3, [250, 250, 250], 0);
}

type BigCat = "lion" | "tiger" | "leopard" | "panther";

function bigCatOf(word: string): BigCat {
  if (/^(tiger)/.test(word)) return "tiger";
  if (/^(leopard|cheetah|jaguar)/.test(word)) return "leopard";
  if (/^(panther|black panther)/.test(word)) return "panther";
  return "lion";
}

const BIG_CAT_COATS: Record<BigCat, Rgb> = {
  lion: [206, 156, 86],
  tiger: [226, 122, 40],
  leopard: [222, 178, 96],
  panther: [40, 38, 42],
};

/** A lion (maned), tiger (striped), leopard (spotted) or panther, standing in side view. */
export function paintBigCat(pen: Pen, look: SubjectLook): void {
  const kind = bigCatOf(look.word);
  const coat = look.colour ?? BIG_CAT_COATS[kind];
  const far = shadeOf(coat, 0.78);
  const mark = shadeOf(coat, kind === "panther" ? 0.6 : 0.25);
  const { head, stride, variant } = look.pose;
  const step = stride * 0.07;
  pen.shadow(0, 0.6, 0.05);
  // Tail: a long curve, tufted on a lion.
  const tail = pen.turned(-0.36, 0.46, (variant - 0.5) * 0.7);
  tail.stroke(-0.36, 0.46, -0.6, 0.3, 0.03, 0.022, coat);
  tail.stroke(-0.6, 0.3, -0.68, 0.42, 0.022, 0.018, coat);
  if (kind === "lion") tail.ellipse(-0.69, 0.44, 0.035, 0.045, shadeOf(coat, 0.5), 0.4);
  pen.stroke(-0.26, 0.38, -0.28 - step, 0.03, 0.06, 0.045, far);
  pen.stroke(0.22, 0.4, 0.24 + step, 0.03, 0.055, 0.045, far);
  pen.ellipse(-0.02, 0.45, 0.4, 0.16, coat, 0.8);
  pen.ellipse(0.0, 0.36, 0.28, 0.06, mixRgb(coat, WHITE, 0.35), 0.3);
  if (kind === "tiger")
    for (let k = 0; k < 7; k++) {
      const u = -0.32 + k * 0.09;
      pen.stroke(u, 0.6, u + 0.03, 0.4, 0.016, 0.006, mark, 0);
    }
  if (kind === "leopard")
    for (let k = 0; k < 14; k++)
      pen.ellipse(
        -0.32 + (k % 7) * 0.09,
        0.52 - Math.floor(k / 7) * 0.08 + (k % 2) * 0.02,
        0.02,
        0.018,
        mark,
        0,
      );
  pen.stroke(-0.16, 0.38, -0.15 + step, 0.03, 0.065, 0.05, coat);
  pen.stroke(0.28, 0.4, 0.3 - step, 0.03, 0.06, 0.05, coat);
  for (const fu of [-0.15 + step, 0.3 - step]) pen.ellipse(fu + 0.02, 0.025, 0.06, 0.03, coat, 0.5);
  const h = pen.turned(0.3, 0.55, head * 0.3);
  if (kind === "lion") {
    // The mane: a dark-gold ruff around the head and down the neck.
    const mane: Rgb = look.colour ? shadeOf(look.colour, 0.6) : [140, 84, 40];
    h.ellipse(0.36, 0.64, 0.2, 0.22, mane, 0.6);
    h.ellipse(0.28, 0.56, 0.16, 0.2, mane, 0.6, 0.4);
  }
  h.ellipse(0.32, 0.58, 0.1, 0.14, coat, 0.7, -0.4);
  h.ellipse(0.36, 0.8, 0.045, 0.04, coat, 0.5);
  h.ellipse(0.44, 0.68, 0.13, 0.12, coat, 0.8);
  h.ellipse(0.54, 0.62, 0.08, 0.065, mixRgb(coat, WHITE, kind === "panther" ? 0.1 : 0.5), 0.5);
  h.ellipse(0.6, 0.65, 0.025, 0.02, kind === "panther" ? [20, 18, 20] : [110, 60, 60], 0.3);
  if (kind === "tiger") for (const v of [0.72, 0.76]) h.stroke(0.36, v, 0.44, v + 0.02, 0.01, 0.006, mark, 0);
  eye(h, 0.5, 0.71, 0.02, kind === "panther" ? [230, 200, 60] : [190, 150, 60]);
}

/** An elephant: a massive body on pillar legs, a great ear, a trunk hanging to the ground, a tusk. */
export function paintElephant(pen: Pen, look: SubjectLook): void {
  const hide = look.colour ?? [138, 134, 132];
  const far = shadeOf(hide, 0.8);
  const { head, stride } = look.pose;
  const step = stride * 0.05;
  pen.shadow(0, 0.7, 0.05);
  pen.stroke(-0.5, 0.62, -0.56, 0.3, 0.018, 0.014, hide);
  pen.stroke(-0.32, 0.45, -0.33 - step, 0.04, 0.08, 0.08, far);
  pen.stroke(0.2, 0.45, 0.21 + step, 0.04, 0.08, 0.08, far);
  pen.ellipse(-0.06, 0.6, 0.46, 0.28, hide, 0.8);
  pen.stroke(-0.2, 0.45, -0.2 + step, 0.04, 0.09, 0.085, hide);
  pen.stroke(0.3, 0.45, 0.31 - step, 0.04, 0.09, 0.085, hide);
  for (const fu of [-0.2 + step, 0.31 - step]) pen.ellipse(fu, 0.03, 0.09, 0.03, shadeOf(hide, 1.15), 0.3);
  const h = pen.turned(0.34, 0.7, head * 0.2);
  h.ellipse(0.42, 0.72, 0.18, 0.2, hide, 0.8);
  // Trunk curling at its tip, tusk, ear.
  h.stroke(0.56, 0.64, 0.62, 0.34, 0.07, 0.045, hide, 0.6);
  h.stroke(0.62, 0.34, 0.6, 0.1, 0.045, 0.03, hide, 0.6);
  h.stroke(0.6, 0.1, 0.68, 0.06, 0.03, 0.025, hide, 0.6);
  h.stroke(0.54, 0.56, 0.66, 0.46, 0.025, 0.012, [240, 232, 210], 0.3);
  h.ellipse(0.3, 0.7, 0.16, 0.22, shadeOf(hide, 0.88), 0.6, 0.1);
  h.ellipse(0.3, 0.7, 0.12, 0.17, shadeOf(hide, 0.95), 0.3, 0.1);
  eye(h, 0.5, 0.78, 0.016);
}

/** A penguin standing upright: black back, white front, orange beak and feet, flippers. */
export function paintPenguin(pen: Pen, look: SubjectLook): void {
  const back = look.colour ?? [30, 32, 40];
  const p = pen.turned(0, 0, look.pose.lean * 0.08);
  p.shadow(0, 0.22, 0.03);
  for (const s of [-1, 1]) p.ellipse(s * 0.07, 0.02, 0.07, 0.025, [240, 140, 40], 0.3);
  p.ellipse(0, 0.4, 0.2, 0.38, back, 0.8);
  p.ellipse(0.03, 0.36, 0.14, 0.32, WHITE, 0.6);
  p.ellipse(-0.18, 0.42, 0.05, 0.2, shadeOf(back, 0.9), 0.5, -0.3 - look.pose.variant * 0.4);
  p.ellipse(0.19, 0.42, 0.05, 0.2, shadeOf(back, 0.9), 0.5, 0.3);
  const h = p.turned(0, 0.7, look.pose.head * 0.25);
  h.ellipse(0, 0.8, 0.14, 0.13, back, 0.8);
  h.ellipse(0.05, 0.78, 0.07, 0.06, [250, 220, 120], 0.3);
  h.poly([0.1, 0.8, 0.22, 0.77, 0.1, 0.75], [240, 140, 40], 0.2);
  h.ellipse(0.07, 0.84, 0.016, 0.016, DARK, 0);
}

/** A dinosaur: a tyrannosaur striding, big-jawed head, small arms, a long balancing tail. */
export function paintDinosaur(pen: Pen, look: SubjectLook): void {
  const skin = look.colour ?? [96, 122, 70];
  const far = shadeOf(skin, 0.75);
  const belly = mixRgb(skin, [230, 210, 160], 0.4);
  const { head, stride, variant } = look.pose;
  const step = stride * 0.08;
  pen.shadow(0, 0.6, 0.05);
  pen.stroke(-0.05, 0.5, -0.1 - step, 0.22, 0.1, 0.05, far);
  pen.stroke(-0.1 - step, 0.22, -0.02 - step, 0.03, 0.045, 0.035, far);
  const tail = pen.turned(-0.2, 0.6, (variant - 0.5) * 0.3);
  tail.stroke(-0.2, 0.6, -0.55, 0.55, 0.12, 0.07, skin, 0.7);
  tail.stroke(-0.55, 0.55, -0.88, 0.42, 0.07, 0.015, skin, 0.7);
  pen.ellipse(0.02, 0.62, 0.3, 0.18, skin, 0.8, 0.25);
  pen.ellipse(0.08, 0.54, 0.2, 0.08, belly, 0.4, 0.35);
  pen.stroke(0.05, 0.52, 0.12 + step, 0.24, 0.11, 0.055, skin);
  pen.stroke(0.12 + step, 0.24, 0.06 + step, 0.03, 0.05, 0.04, skin);
  pen.poly([0.0 + step, 0.0, 0.2 + step, 0.0, 0.1 + step, 0.05], shadeOf(skin, 0.6), 0.2);
  pen.stroke(0.26, 0.66, 0.34, 0.56, 0.02, 0.014, skin, 0.4);
  pen.stroke(0.34, 0.56, 0.38, 0.58, 0.012, 0.008, skin, 0.4);
  const h = pen.turned(0.24, 0.8, head * 0.25);
  h.stroke(0.22, 0.72, 0.32, 0.9, 0.09, 0.08, skin, 0.7);
  h.ellipse(0.42, 0.94, 0.17, 0.09, skin, 0.8, -0.1);
  h.poly([0.3, 0.88, 0.58, 0.84, 0.56, 0.8, 0.32, 0.83], shadeOf(skin, 0.7), 0.3);
  for (let k = 0; k < 5; k++)
    h.poly([0.34 + k * 0.045, 0.87, 0.36 + k * 0.045, 0.84, 0.38 + k * 0.045, 0.87], WHITE, 0);
  h.ellipse(0.44, 0.99, 0.02, 0.016, [220, 180, 40], 0.1);
  h.ellipse(0.445, 0.99, 0.007, 0.013, DARK, 0);
}
