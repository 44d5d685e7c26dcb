/**
 * Affine colour transforms (3x3 matrix + offset, on 0-255 RGB) that compose into one, so CFG,
 * LoRA and embedding hue shifts, IP-adapter colour transfer, VAE white balance and the colour
 * styles all cost a single multiply per pixel.
 */
export type ColourMatrix = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

const LR = 0.299;
const LG = 0.587;
const LB = 0.114;

export const identity = (): ColourMatrix => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** `composeMatrices(a, b)`: apply a, then b. */
export function composeMatrices(a: ColourMatrix, b: ColourMatrix): ColourMatrix {
  const out = identity();
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      out[r * 4 + c] =
        (b[r * 4] ?? 0) * (a[c] ?? 0) +
        (b[r * 4 + 1] ?? 0) * (a[4 + c] ?? 0) +
        (b[r * 4 + 2] ?? 0) * (a[8 + c] ?? 0);
    }
    out[r * 4 + 3] =
      (b[r * 4] ?? 0) * (a[3] ?? 0) +
      (b[r * 4 + 1] ?? 0) * (a[7] ?? 0) +
      (b[r * 4 + 2] ?? 0) * (a[11] ?? 0) +
      (b[r * 4 + 3] ?? 0);
  }
  return out;
}

/** Saturation around luma: 0 grey, 1 unchanged, >1 more vivid. */
export function saturation(s: number): ColourMatrix {
  const a = 1 - s;
  return [LR * a + s, LG * a, LB * a, 0, LR * a, LG * a + s, LB * a, 0, LR * a, LG * a, LB * a + s, 0];
}

/** Contrast around `pivot` (0-255). */
export function contrast(k: number, pivot = 128): ColourMatrix {
  const o = pivot * (1 - k);
  return [k, 0, 0, o, 0, k, 0, o, 0, 0, k, o];
}

/** Per-channel gain and offset (white balance, exposure, colour transfer). */
export function channels(
  gain: [number, number, number],
  offset: [number, number, number] = [0, 0, 0],
): ColourMatrix {
  return [gain[0], 0, 0, offset[0], 0, gain[1], 0, offset[1], 0, 0, gain[2], offset[2]];
}

/** Luma-preserving hue rotation (the CSS `hue-rotate` filter matrix), degrees. */
export function hueRotate(degrees: number): ColourMatrix {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    0.213 + c * 0.787 - s * 0.213,
    0.715 - c * 0.715 - s * 0.715,
    0.072 - c * 0.072 + s * 0.928,
    0,
    0.213 - c * 0.213 + s * 0.143,
    0.715 + c * 0.285 + s * 0.14,
    0.072 - c * 0.072 - s * 0.283,
    0,
    0.213 - c * 0.213 - s * 0.787,
    0.715 - c * 0.715 + s * 0.715,
    0.072 + c * 0.928 + s * 0.072,
    0,
  ];
}

/** The CSS sepia matrix blended by `amount`. */
export function sepia(amount: number): ColourMatrix {
  const m: ColourMatrix = [0.393, 0.769, 0.189, 0, 0.349, 0.686, 0.168, 0, 0.272, 0.534, 0.131, 0];
  return blend(identity(), m, amount);
}

export function blend(a: ColourMatrix, b: ColourMatrix, t: number): ColourMatrix {
  return a.map((v, i) => v + ((b[i] ?? 0) - v) * t) as ColourMatrix;
}
