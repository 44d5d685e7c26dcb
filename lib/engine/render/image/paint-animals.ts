import type { Rgb } from "../shared/seeded";
import type { SubjectLook } from "./subject-look";
import { type Pen, shadeOf } from "./subject-pen";

/**
 * Animals in side view, facing the frame's +u (the layout mirrors some): the features a person
 * reads an animal by (a fox's pointed ears, white-tipped brush and orange coat; a cat's upright
 * ears and curled tail; a horse's long neck and legs) in their usual colours, unless the prompt
 * names one ("a black cat").
 */

const DARK: Rgb = [40, 30, 28];
const WHITE: Rgb = [240, 236, 228];

function eye(pen: Pen, u: number, v: number, r: number): void {
  pen.ellipse(u, v, r, r, [20, 16, 14], 0.2);
  pen.ellipse(u + r * 0.3, v + r * 0.3, r * 0.35, r * 0.35, [250, 250, 250], 0);
}

export function paintFox(pen: Pen, look: SubjectLook): void {
  // A "red fox" is the orange one: only another colour word repaints its coat.
  const named = look.colour && !(look.colour[0] > 150 && look.colour[1] < 80 && look.colour[2] < 80);
  const coat: Rgb = named && look.colour ? look.colour : [218, 108, 36];
  const { head, stride, variant } = look.pose;
  const step = stride * 0.07;
  pen.shadow(0, 0.6, 0.05);
  // Brush: a long tail behind, white tip; carried low or raised by the seed.
  const tail = pen.turned(-0.26, 0.38, (variant - 0.4) * 0.6);
  tail.ellipse(-0.48, 0.32, 0.28, 0.1, coat, 0.7, 0.45);
  tail.ellipse(-0.7, 0.215, 0.08, 0.06, WHITE, 0.5, 0.45);
  pen.stroke(-0.2, 0.36, -0.24 - step, 0.02, 0.04, 0.03, DARK);
  pen.stroke(0.2, 0.36, 0.24 + step, 0.02, 0.04, 0.03, DARK);
  pen.ellipse(0, 0.42, 0.34, 0.16, coat, 0.8);
  pen.ellipse(0.24, 0.36, 0.12, 0.1, WHITE, 0.6);
  pen.stroke(-0.12, 0.34, -0.1 + step, 0.02, 0.04, 0.03, shadeOf(DARK, 1.3));
  pen.stroke(0.28, 0.34, 0.3 - step, 0.02, 0.04, 0.03, shadeOf(DARK, 1.3));
  // Head raised to listen or lowered to sniff, by the seed.
  const h = pen.turned(0.3, 0.5, head * 0.45);
  h.ellipse(0.34, 0.56, 0.1, 0.15, coat, 0.7, -0.5);
  // Head, pointed snout, tall pointed ears with dark backs.
  h.poly([0.34, 0.76, 0.37, 0.95, 0.45, 0.74], DARK, 0.2);
  h.poly([0.44, 0.75, 0.5, 0.94, 0.54, 0.72], coat, 0.3);
  h.ellipse(0.44, 0.66, 0.13, 0.11, coat, 0.8);
  h.poly([0.48, 0.71, 0.72, 0.6, 0.48, 0.57], coat, 0.3);
  h.ellipse(0.52, 0.59, 0.09, 0.04, WHITE, 0.3);
  h.ellipse(0.71, 0.605, 0.025, 0.022, [20, 16, 14], 0.2);
  eye(h, 0.5, 0.685, 0.02);
}

export function paintCat(pen: Pen, look: SubjectLook): void {
  const coat = look.colour ?? [128, 122, 118];
  const stripe = shadeOf(coat, 0.65);
  pen.shadow(0, 0.45, 0.05);
  // Sitting: tail curled round the paws on the ground.
  pen.stroke(-0.18, 0.06, 0.12, 0.04, 0.045, 0.04, coat);
  pen.ellipse(-0.02, 0.3, 0.24, 0.3, coat, 0.8);
  for (let k = 0; k < 3; k++) pen.ellipse(-0.12 + k * 0.04, 0.28 + k * 0.1, 0.1, 0.018, stripe, 0.3, 0.4);
  pen.ellipse(0.1, 0.28, 0.1, 0.22, shadeOf(coat, 1.12), 0.6);
  pen.ellipse(0.08, 0.05, 0.07, 0.04, shadeOf(coat, 1.1), 0.5);
  pen.ellipse(0.2, 0.05, 0.07, 0.04, shadeOf(coat, 1.05), 0.5);
  const h = pen.turned(0.13, 0.6, look.pose.head * 0.25);
  // Head with upright triangular ears.
  h.poly([-0.04, 0.74, -0.02, 0.94, 0.1, 0.8], coat, 0.3);
  h.poly([0.16, 0.8, 0.28, 0.94, 0.3, 0.74], coat, 0.3);
  h.poly([0.0, 0.77, 0.0, 0.89, 0.07, 0.8], [220, 150, 150], 0.1);
  h.poly([0.2, 0.8, 0.27, 0.89, 0.27, 0.76], [220, 150, 150], 0.1);
  h.ellipse(0.13, 0.7, 0.17, 0.14, coat, 0.8);
  h.ellipse(0.05, 0.72, 0.035, 0.028, [150, 190, 70], 0.2);
  h.ellipse(0.21, 0.72, 0.035, 0.028, [150, 190, 70], 0.2);
  h.ellipse(0.05, 0.72, 0.01, 0.026, [15, 15, 15], 0);
  h.ellipse(0.21, 0.72, 0.01, 0.026, [15, 15, 15], 0);
  h.poly([0.11, 0.66, 0.15, 0.66, 0.13, 0.64], [200, 110, 120], 0);
  for (const s of [-1, 1]) {
    h.stroke(0.13 + s * 0.05, 0.64, 0.13 + s * 0.24, 0.66, 0.004, 0.003, [235, 235, 235], 0);
    h.stroke(0.13 + s * 0.05, 0.63, 0.13 + s * 0.23, 0.6, 0.004, 0.003, [235, 235, 235], 0);
  }
}

export function paintDog(pen: Pen, look: SubjectLook): void {
  const coat = look.colour ?? [168, 112, 60];
  const ear = shadeOf(coat, 0.6);
  const { head, stride, variant } = look.pose;
  const step = stride * 0.07;
  pen.shadow(0, 0.6, 0.05);
  pen.turned(-0.34, 0.5, (variant - 0.5) * 0.8).stroke(-0.34, 0.5, -0.5, 0.72, 0.04, 0.025, coat);
  pen.stroke(-0.24, 0.4, -0.26 - step, 0.02, 0.05, 0.04, shadeOf(coat, 0.8));
  pen.stroke(0.18, 0.4, 0.2 + step, 0.02, 0.05, 0.04, shadeOf(coat, 0.8));
  pen.ellipse(-0.04, 0.47, 0.36, 0.16, coat, 0.8);
  pen.stroke(-0.14, 0.4, -0.13 + step, 0.02, 0.05, 0.04, coat);
  pen.stroke(0.28, 0.4, 0.3 - step, 0.02, 0.05, 0.04, coat);
  const h = pen.turned(0.28, 0.55, head * 0.35);
  h.ellipse(0.3, 0.6, 0.12, 0.16, coat, 0.7, -0.4);
  h.ellipse(0.4, 0.74, 0.15, 0.13, coat, 0.8);
  // Rounded muzzle, black nose, floppy ear, tongue.
  h.ellipse(0.55, 0.68, 0.12, 0.07, shadeOf(coat, 1.1), 0.6);
  h.ellipse(0.66, 0.71, 0.035, 0.03, [20, 16, 14], 0.3);
  h.ellipse(0.5, 0.61, 0.04, 0.03, [220, 90, 100], 0.3);
  h.ellipse(0.32, 0.7, 0.06, 0.13, ear, 0.6, 0.25);
  eye(h, 0.46, 0.79, 0.022);
}

export function paintHorse(pen: Pen, look: SubjectLook): void {
  // A unicorn: a white horse with a pastel mane and a golden spiral horn.
  const unicorn = look.word.startsWith("unicorn");
  const coat = look.colour ?? (unicorn ? [244, 240, 246] : [120, 72, 40]);
  const mane: Rgb = unicorn ? [214, 150, 220] : shadeOf(coat, 0.35);
  pen.shadow(0, 0.65, 0.05);
  const { head, stride } = look.pose;
  pen.stroke(-0.4, 0.66, -0.5, 0.28, 0.05, 0.03, mane);
  for (const [u, k, s] of [
    [-0.28, 0.8, -1],
    [0.22, 0.8, 1],
    [-0.18, 1, 1],
    [0.32, 1, -1],
  ] as const) {
    const foot = u + 0.02 + s * stride * 0.08;
    pen.stroke(u, 0.55, foot, 0.06, 0.045, 0.03, shadeOf(coat, k));
    pen.ellipse(foot, 0.03, 0.04, 0.03, [35, 30, 28], 0.2);
  }
  pen.ellipse(-0.02, 0.62, 0.42, 0.17, coat, 0.8);
  // Long neck up and forward, a long head pointing down; raised or grazing by the seed.
  const h = pen.turned(0.3, 0.66, head * 0.35);
  h.stroke(0.3, 0.66, 0.46, 0.96, 0.11, 0.07, coat, 0.7);
  h.stroke(0.36, 0.74, 0.44, 1.02, 0.035, 0.03, mane, 0.3);
  h.stroke(0.48, 0.98, 0.66, 0.8, 0.075, 0.05, coat, 0.7);
  h.poly([0.44, 1.02, 0.46, 1.12, 0.5, 1.02], coat, 0.3);
  h.ellipse(0.67, 0.8, 0.04, 0.035, shadeOf(coat, 0.5), 0.2);
  eye(h, 0.53, 0.96, 0.018);
  if (unicorn) {
    h.stroke(0.52, 1.02, 0.64, 1.24, 0.022, 0.004, [240, 200, 90], 0.5);
    for (let k = 1; k < 4; k++) {
      const t = k / 4;
      const u = 0.52 + 0.12 * t;
      const v = 1.02 + 0.22 * t;
      h.stroke(u - 0.02 * (1 - t), v, u + 0.02 * (1 - t), v + 0.015, 0.004, 0.004, [200, 150, 60], 0);
    }
  }
}

export function paintCow(pen: Pen, look: SubjectLook): void {
  const hide = look.colour ?? WHITE;
  const patch: Rgb = look.colour ? shadeOf(look.colour, 0.45) : [30, 28, 30];
  pen.shadow(0, 0.65, 0.05);
  for (const u of [-0.3, -0.18, 0.22, 0.34]) pen.stroke(u, 0.4, u, 0.04, 0.05, 0.045, hide);
  for (const u of [-0.3, -0.18, 0.22, 0.34]) pen.ellipse(u, 0.03, 0.05, 0.03, [40, 35, 30], 0.2);
  pen.stroke(-0.44, 0.62, -0.48, 0.3, 0.02, 0.015, hide);
  pen.ellipse(0, 0.55, 0.45, 0.2, hide, 0.7);
  pen.ellipse(-0.16, 0.6, 0.12, 0.08, patch, 0.5, 0.3);
  pen.ellipse(0.14, 0.5, 0.1, 0.09, patch, 0.5, -0.2);
  pen.ellipse(-0.3, 0.46, 0.07, 0.06, patch, 0.5);
  pen.ellipse(-0.05, 0.36, 0.07, 0.04, [235, 160, 170], 0.4);
  // Head: broad, pink muzzle, small horns, ears sideways.
  pen.ellipse(0.5, 0.6, 0.13, 0.15, hide, 0.7);
  pen.ellipse(0.52, 0.66, 0.08, 0.07, patch, 0.4);
  pen.ellipse(0.55, 0.5, 0.1, 0.07, [230, 165, 160], 0.5);
  pen.stroke(0.44, 0.74, 0.4, 0.84, 0.02, 0.01, [235, 225, 200], 0.3);
  pen.stroke(0.58, 0.74, 0.62, 0.84, 0.02, 0.01, [235, 225, 200], 0.3);
  pen.ellipse(0.36, 0.7, 0.07, 0.03, hide, 0.4, 0.3);
  eye(pen, 0.58, 0.64, 0.018);
}

export function paintDeer(pen: Pen, look: SubjectLook): void {
  const coat = look.colour ?? [165, 110, 62];
  const antler: Rgb = [225, 210, 180];
  pen.shadow(0, 0.55, 0.05);
  for (const [u, k] of [
    [-0.26, 0.8],
    [0.2, 0.8],
    [-0.16, 1],
    [0.3, 1],
  ] as const)
    pen.stroke(u, 0.5, u + 0.02, 0.02, 0.035, 0.02, shadeOf(coat, k));
  pen.ellipse(-0.04, 0.58, 0.36, 0.14, coat, 0.8);
  pen.ellipse(-0.38, 0.62, 0.05, 0.05, WHITE, 0.4);
  pen.ellipse(0.0, 0.5, 0.24, 0.05, shadeOf(coat, 1.2), 0.4);
  const h = pen.turned(0.26, 0.62, look.pose.head * 0.25);
  h.stroke(0.26, 0.62, 0.38, 0.86, 0.08, 0.05, coat, 0.7);
  h.ellipse(0.44, 0.88, 0.12, 0.06, coat, 0.7, -0.5);
  h.ellipse(0.34, 0.96, 0.06, 0.025, coat, 0.5, 0.5);
  // Antlers: two branching beams.
  h.stroke(0.38, 0.94, 0.3, 1.2, 0.014, 0.009, antler, 0.3);
  h.stroke(0.34, 1.07, 0.2, 1.16, 0.01, 0.007, antler, 0.3);
  h.stroke(0.31, 1.17, 0.22, 1.3, 0.009, 0.006, antler, 0.3);
  h.stroke(0.42, 0.95, 0.46, 1.22, 0.014, 0.009, antler, 0.3);
  h.stroke(0.45, 1.1, 0.56, 1.2, 0.01, 0.007, antler, 0.3);
  h.ellipse(0.54, 0.84, 0.025, 0.02, [25, 20, 18], 0.2);
  eye(h, 0.45, 0.9, 0.017);
}

export function paintRabbit(pen: Pen, look: SubjectLook): void {
  const fur = look.colour ?? [158, 136, 114];
  pen.shadow(0, 0.4, 0.05);
  pen.ellipse(-0.02, 0.24, 0.26, 0.22, fur, 0.8);
  pen.ellipse(-0.27, 0.28, 0.07, 0.06, WHITE, 0.5);
  pen.ellipse(0.1, 0.04, 0.12, 0.04, shadeOf(fur, 0.9), 0.5);
  const h = pen.turned(0.16, 0.42, look.pose.head * 0.25);
  // Long upright ears, pink inside.
  h.ellipse(0.12, 0.78, 0.045, 0.2, fur, 0.6, 0.15);
  h.ellipse(0.12, 0.78, 0.02, 0.15, [225, 160, 160], 0.2, 0.15);
  h.ellipse(0.22, 0.76, 0.045, 0.19, shadeOf(fur, 0.9), 0.6, -0.15);
  h.ellipse(0.18, 0.5, 0.14, 0.12, fur, 0.8);
  h.ellipse(0.3, 0.47, 0.03, 0.025, [210, 130, 140], 0.2);
  eye(h, 0.23, 0.53, 0.022);
}

export function paintBird(pen: Pen, look: SubjectLook): void {
  const back = look.colour ?? [112, 84, 60];
  const breast: Rgb = look.colour ? shadeOf(look.colour, 1.25) : [232, 108, 48];
  // Perched on a branch.
  pen.stroke(-0.9, 0.14, 0.9, 0.2, 0.035, 0.025, [90, 62, 40], 0.6);
  pen.ellipse(0.5, 0.23, 0.09, 0.04, [70, 130, 60], 0.4, 0.4);
  pen.poly([-0.18, 0.4, -0.5, 0.2, -0.44, 0.14, -0.12, 0.32], shadeOf(back, 0.8), 0.3);
  pen.stroke(-0.02, 0.28, -0.04, 0.17, 0.012, 0.01, [60, 45, 35], 0.2);
  pen.stroke(0.06, 0.28, 0.06, 0.17, 0.012, 0.01, [60, 45, 35], 0.2);
  pen.ellipse(0, 0.44, 0.26, 0.18, back, 0.8, 0.35);
  pen.ellipse(0.08, 0.4, 0.16, 0.13, breast, 0.7, 0.3);
  pen.ellipse(-0.06, 0.47, 0.18, 0.09, shadeOf(back, 0.75), 0.6, 0.35);
  const h = pen.turned(0.16, 0.55, look.pose.head * 0.25);
  h.ellipse(0.2, 0.62, 0.12, 0.11, back, 0.8);
  h.poly([0.3, 0.65, 0.42, 0.61, 0.3, 0.59], [235, 180, 60], 0.2);
  eye(h, 0.24, 0.65, 0.02);
}

export function paintFish(pen: Pen, look: SubjectLook): void {
  const scale = look.colour ?? [245, 128, 36];
  const fin = shadeOf(scale, 0.85);
  // Swimming up or down a little, its tail flicked, by the seed.
  const body = pen.turned(0, 0.5, look.pose.lean * 0.25);
  const tail = body.turned(-0.36, 0.5, look.pose.stride * 0.35);
  tail.poly([-0.36, 0.5, -0.72, 0.8, -0.62, 0.5, -0.72, 0.2], fin, 0.4);
  body.poly([-0.1, 0.66, 0.0, 0.86, 0.18, 0.68], fin, 0.3);
  body.ellipse(0, 0.5, 0.44, 0.2, scale, 0.8);
  body.ellipse(0.05, 0.43, 0.3, 0.08, shadeOf(scale, 1.2), 0.3);
  for (let k = 0; k < 4; k++) body.ellipse(-0.22 + k * 0.1, 0.55, 0.03, 0.06, shadeOf(scale, 0.85), 0.2);
  body.stroke(0.22, 0.62, 0.2, 0.38, 0.008, 0.008, shadeOf(scale, 0.6), 0.2);
  body.poly([0.05, 0.4, 0.0, 0.28, 0.16, 0.36], fin, 0.3);
  body.ellipse(0.3, 0.55, 0.045, 0.045, WHITE, 0.2);
  body.ellipse(0.31, 0.55, 0.025, 0.025, DARK, 0.1);
}
