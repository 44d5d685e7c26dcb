/**
 * Canny edge detection on an 8-bit greyscale image (the input should already be smoothed):
 * Sobel gradients, non-maximum suppression along the gradient direction, then double-threshold
 * hysteresis (strong edges >= high, weak edges >= low kept only when connected to a strong one).
 * Thresholds are on the OpenCV scale (|gx| + |gy| of the 3x3 Sobel of 0-255 values), so the
 * contract's defaults 100/200 behave as they do in the usual ControlNet annotators.
 */
export function canny(
  grey: Uint8Array | Buffer,
  w: number,
  h: number,
  low: number,
  high: number,
): Uint8Array {
  const mag = new Float32Array(w * h);
  const dir = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const tl = grey[i - w - 1] ?? 0;
      const t = grey[i - w] ?? 0;
      const tr = grey[i - w + 1] ?? 0;
      const l = grey[i - 1] ?? 0;
      const r = grey[i + 1] ?? 0;
      const bl = grey[i + w - 1] ?? 0;
      const b = grey[i + w] ?? 0;
      const br = grey[i + w + 1] ?? 0;
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      mag[i] = Math.abs(gx) + Math.abs(gy);
      // Quantise the direction to 0 (horizontal gradient), 1 (45), 2 (vertical), 3 (135 degrees).
      const ax = Math.abs(gx);
      const ay = Math.abs(gy);
      dir[i] = ay <= ax * 0.4142 ? 0 : ay >= ax * 2.4142 ? 2 : gx * gy > 0 ? 1 : 3;
    }
  }
  const out = new Uint8Array(w * h);
  const stack: number[] = [];
  const state = new Uint8Array(w * h); // 0 none, 1 weak, 2 strong
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i] ?? 0;
      if (m < low) continue;
      const d = dir[i] ?? 0;
      const step = d === 0 ? 1 : d === 2 ? w : d === 1 ? w + 1 : w - 1;
      // Keep only local maxima across the edge (thin, one-pixel lines).
      if (m < (mag[i - step] ?? 0) || m < (mag[i + step] ?? 0)) continue;
      if (m >= high) {
        state[i] = 2;
        out[i] = 255;
        stack.push(i);
      } else state[i] = 1;
    }
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    for (const n of [i - w - 1, i - w, i - w + 1, i - 1, i + 1, i + w - 1, i + w, i + w + 1]) {
      if (state[n] === 1) {
        state[n] = 2;
        out[n] = 255;
        stack.push(n);
      }
    }
  }
  return out;
}
