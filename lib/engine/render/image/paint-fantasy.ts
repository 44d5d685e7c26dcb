import type { Rgb } from "../shared/seeded";
import { mixRgb } from "./canvas";
import type { SubjectLook } from "./subject-look";
import { Pen, shadeOf } from "./subject-pen";

/**
 * Subjects of imagination and machines: a dragon with bat wings (breathing fire in some seeds), a
 * robot, a hot air balloon. Frame: u across (facing +u), v up from the foot, units of the size.
 */

const DARK: Rgb = [22, 18, 18];

/** A dragon standing, side view: long neck and tail, horned head, membrane wings raised. */
export function paintDragon(pen: Pen, look: SubjectLook): void {
  const scale = look.colour ?? [58, 118, 72];
  const belly: Rgb = mixRgb(scale, [236, 210, 140], 0.55);
  const membrane: Rgb = shadeOf(mixRgb(scale, [120, 40, 40], 0.25), 0.8);
  const { head, stride, variant } = look.pose;
  const step = stride * 0.06;
  pen.shadow(0, 0.6, 0.05);
  // Tail sweeping back, tapering to a spade.
  let u = -0.28;
  let v = 0.34;
  for (let k = 0; k < 6; k++) {
    const nu = u - 0.1;
    const nv = v - 0.05 + Math.sin(k * 0.9 + variant * 3) * 0.04;
    pen.stroke(u, v, nu, nv, 0.08 - k * 0.012, 0.07 - k * 0.012, scale, 0.6);
    u = nu;
    v = nv;
  }
  pen.poly([u, v + 0.06, u - 0.1, v, u, v - 0.06], shadeOf(scale, 0.7), 0.3);
  // Far wing, then legs, body, near wing.
  const lift = 0.15 + variant * 0.35;
  wing(pen.turned(0.02, 0.5, lift - 0.1), shadeOf(membrane, 0.7), shadeOf(scale, 0.6), -0.08);
  pen.stroke(-0.2, 0.3, -0.22 - step, 0.03, 0.06, 0.045, shadeOf(scale, 0.75));
  pen.stroke(0.18, 0.3, 0.2 + step, 0.03, 0.055, 0.04, shadeOf(scale, 0.75));
  pen.ellipse(0, 0.36, 0.34, 0.16, scale, 0.8);
  pen.ellipse(0.02, 0.28, 0.26, 0.07, belly, 0.4);
  for (let k = 0; k < 5; k++) {
    const su = -0.26 + k * 0.12;
    pen.poly([su - 0.04, 0.49, su, 0.58, su + 0.04, 0.49], shadeOf(scale, 0.6), 0.2);
  }
  pen.stroke(-0.12, 0.3, -0.1 + step, 0.03, 0.065, 0.05, scale);
  pen.stroke(0.26, 0.3, 0.28 - step, 0.03, 0.06, 0.045, scale);
  for (const fu of [-0.1 + step, 0.28 - step])
    pen.poly([fu - 0.05, 0, fu + 0.09, 0, fu + 0.03, 0.05], DARK, 0.2);
  // Neck and head, raised or lowered by the seed.
  const n = pen.turned(0.26, 0.42, head * 0.3);
  n.stroke(0.26, 0.42, 0.44, 0.74, 0.08, 0.055, scale, 0.7);
  n.stroke(0.28, 0.4, 0.44, 0.7, 0.045, 0.03, belly, 0.3);
  n.ellipse(0.5, 0.78, 0.1, 0.07, scale, 0.8);
  n.poly([0.52, 0.83, 0.72, 0.76, 0.7, 0.71, 0.52, 0.72], scale, 0.4);
  n.poly([0.54, 0.72, 0.7, 0.7, 0.66, 0.67, 0.54, 0.68], shadeOf(scale, 0.7), 0.3);
  n.stroke(0.46, 0.83, 0.34, 0.94, 0.018, 0.005, [230, 220, 190], 0.3);
  n.stroke(0.5, 0.84, 0.42, 0.97, 0.016, 0.004, [230, 220, 190], 0.3);
  n.ellipse(0.56, 0.8, 0.02, 0.014, [250, 200, 40], 0.1);
  n.ellipse(0.565, 0.8, 0.007, 0.012, DARK, 0);
  if (variant > 0.7) {
    // Fire from the jaws.
    for (let k = 0; k < 7; k++) {
      const r = 0.03 + k * 0.018;
      n.ellipse(
        0.76 + k * 0.07,
        0.7 - k * 0.012,
        r * 1.3,
        r,
        k < 2 ? [255, 236, 150] : [250, 120 + k * 8, 30],
        0.2,
        0,
        0.85,
      );
    }
  }
  wing(pen.turned(0.06, 0.5, lift), membrane, shadeOf(scale, 0.75), 0);
}

/** A bat wing from the shoulder at (0.06, 0.5): three fingers with membrane between them. */
function wing(p: Pen, membrane: Rgb, bone: Rgb, du: number): void {
  const su = 0.06 + du;
  const sv = 0.5;
  const tips: [number, number][] = [
    [0.0 + du, 1.08],
    [-0.26 + du, 1.0],
    [-0.44 + du, 0.8],
    [-0.38 + du, 0.58],
  ];
  for (let k = 0; k < tips.length - 1; k++) {
    const [au, av] = tips[k] as [number, number];
    const [bu, bv] = tips[k + 1] as [number, number];
    // A scalloped edge: the membrane sags between fingers.
    p.poly([su, sv, au, av, (au + bu) / 2 + 0.03, (av + bv) / 2 - 0.05, bu, bv], membrane, 0.5);
  }
  p.stroke(su, sv, 0.08 + du, 0.86, 0.03, 0.022, bone, 0.5);
  p.stroke(0.08 + du, 0.86, 0.0 + du, 1.08, 0.022, 0.01, bone, 0.5);
  for (const [tu, tv] of tips.slice(1)) p.stroke(0.08 + du, 0.86, tu, tv, 0.012, 0.006, bone, 0.4);
}

/** A robot standing, facing us: boxy head with a glowing visor, antenna, chest light, jointed limbs. */
export function paintRobot(pen: Pen, look: SubjectLook): void {
  const metal = look.colour ?? [176, 182, 192];
  const joint = shadeOf(metal, 0.55);
  const glow: Rgb = [90, 220, 255];
  const { head, lean, stride } = look.pose;
  const p = pen.turned(0, 0, lean * 0.05);
  p.shadow(0, 0.24, 0.03);
  for (const s of [-1, 1]) {
    const foot = s * (0.08 + Math.max(0, s * stride) * 0.05);
    p.stroke(s * 0.07, 0.44, foot, 0.06, 0.045, 0.04, joint, 0.5);
    p.rect(foot - 0.055, 0, foot + 0.055, 0.06, shadeOf(metal, 0.8), 0.4);
    p.ellipse(s * 0.075, 0.25, 0.045, 0.045, metal, 0.6);
  }
  p.rect(-0.13, 0.4, 0.13, 0.48, joint, 0.3);
  p.rect(-0.17, 0.46, 0.17, 0.8, metal, 0.6);
  p.rect(-0.09, 0.56, 0.09, 0.72, shadeOf(metal, 0.75), 0.3);
  p.ellipse(0, 0.64, 0.035, 0.035, look.accent, 0.1);
  p.ellipse(0, 0.64, 0.06, 0.06, look.accent, 0, 0, 0.3);
  // Arms: one may wave, by the seed.
  const wave = head > 0.3;
  p.stroke(-0.19, 0.76, -0.24, 0.5, 0.035, 0.03, joint, 0.5);
  p.ellipse(-0.24, 0.47, 0.04, 0.04, metal, 0.6);
  if (wave) {
    p.stroke(0.19, 0.76, 0.32, 0.92, 0.035, 0.03, joint, 0.5);
    p.ellipse(0.33, 0.95, 0.04, 0.04, metal, 0.6);
  } else {
    p.stroke(0.19, 0.76, 0.24, 0.5, 0.035, 0.03, joint, 0.5);
    p.ellipse(0.24, 0.47, 0.04, 0.04, metal, 0.6);
  }
  p.ellipse(-0.19, 0.77, 0.045, 0.045, metal, 0.6);
  p.ellipse(0.19, 0.77, 0.045, 0.045, metal, 0.6);
  const h = p.turned(0, 0.82, head * 0.15);
  h.rect(-0.03, 0.8, 0.03, 0.85, joint, 0.3);
  h.rect(-0.12, 0.84, 0.12, 1.02, metal, 0.6);
  h.rect(-0.1, 0.9, 0.1, 0.96, [20, 26, 34], 0.2);
  h.ellipse(-0.05, 0.93, 0.025, 0.02, glow, 0);
  h.ellipse(0.05, 0.93, 0.025, 0.02, glow, 0);
  h.ellipse(0, 0.93, 0.14, 0.05, glow, 0, 0, 0.15);
  h.stroke(0, 1.02, 0, 1.1, 0.008, 0.008, joint, 0.2);
  h.ellipse(0, 1.11, 0.02, 0.02, [230, 60, 50], 0.3);
  for (const s of [-1, 1]) h.rect(s * 0.12, 0.9, s * 0.145, 0.97, joint, 0.3);
}

/** A hot air balloon: striped envelope, ropes, wicker basket; a second one far off in some seeds. */
export function paintBalloon(pen: Pen, look: SubjectLook): void {
  const a = look.colour ?? look.accent;
  const b: Rgb = look.colour ? mixRgb(look.colour, [250, 240, 220], 0.6) : [246, 214, 80];
  if (look.pose.variant > 0.5) {
    const far = new Pen(pen.ctx, pen.px(-1.1), pen.py(0.75), pen.size * 0.32, pen.flip);
    envelope(far, [70, 140, 200], [245, 245, 240]);
  }
  envelope(pen.turned(0, 0.12, look.pose.lean * 0.06), a, b);
}

function envelope(pen: Pen, a: Rgb, b: Rgb): void {
  // Concentric lenses of alternating colour read as the gores of the envelope.
  const widths = [1, 0.74, 0.48, 0.22];
  widths.forEach((k, i) => {
    const col = i % 2 === 0 ? a : b;
    pen.poly([-0.27 * k, 0.58, 0.27 * k, 0.58, 0.09 * k + 0.005, 0.3, -0.09 * k - 0.005, 0.3], col, 0.5);
    pen.ellipse(0, 0.7, 0.31 * k, 0.33, col, i === 0 ? 0.8 : 0.5);
  });
  pen.ellipse(0, 0.3, 0.1, 0.02, shadeOf(a, 0.6), 0.3);
  for (const s of [-1, 1]) pen.stroke(s * 0.09, 0.3, s * 0.06, 0.12, 0.004, 0.004, [70, 50, 40], 0);
  pen.stroke(0, 0.3, 0, 0.12, 0.004, 0.004, [70, 50, 40], 0);
  pen.rect(-0.07, 0.0, 0.07, 0.12, [150, 104, 60], 0.5);
  pen.rect(-0.075, 0.1, 0.075, 0.125, [110, 74, 44], 0.3);
  for (let k = 0; k < 3; k++)
    pen.stroke(-0.07, 0.03 + k * 0.03, 0.07, 0.03 + k * 0.03, 0.004, 0.004, [120, 84, 50], 0);
}

/** A rocket climbing at a slant on a plume of flame: nose cone, porthole, fins. */
export function paintRocket(pen: Pen, look: SubjectLook): void {
  const hull = look.colour ?? [232, 232, 236];
  const trim: Rgb = [210, 60, 50];
  const r = pen.turned(0, 0.5, -0.35 + look.pose.variant * 0.7);
  // Flame and smoke below, brightest at the nozzle.
  for (let k = 0; k < 6; k++) {
    const v = 0.12 - k * 0.07;
    r.ellipse(
      0,
      v,
      0.05 + k * 0.02,
      0.06 + k * 0.015,
      k < 2 ? [255, 240, 170] : [250, 140 - k * 10, 40],
      0.1,
      0,
      0.9 - k * 0.1,
    );
  }
  r.poly([-0.07, 0.3, -0.17, 0.14, -0.17, 0.08, -0.07, 0.2], trim, 0.4);
  r.poly([0.07, 0.3, 0.17, 0.14, 0.17, 0.08, 0.07, 0.2], trim, 0.4);
  r.rect(-0.045, 0.12, 0.045, 0.18, [90, 90, 100], 0.4);
  r.poly([-0.08, 0.18, 0.08, 0.18, 0.08, 0.76, -0.08, 0.76], hull, 0.7);
  r.poly([-0.08, 0.76, 0.08, 0.76, 0.05, 0.88, 0, 0.93, -0.05, 0.88], trim, 0.6);
  r.ellipse(0, 0.58, 0.045, 0.045, [60, 66, 80], 0.4);
  r.ellipse(0, 0.58, 0.03, 0.03, [120, 190, 240], 0.5);
  r.rect(-0.08, 0.3, 0.08, 0.33, trim, 0.3);
}
