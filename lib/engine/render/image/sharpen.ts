import { type Canvas, lumaOf } from "./canvas";

/**
 * Unsharp mask on the luminance of the internal canvas, before the upscale. The upscale's
 * gaussian (encode.ts) hides the blocks of a 4x enlargement but also turns every edge into a
 * ramp several pixels wide; lifting the edge contrast here, where a pixel is 16 of the output's,
 * puts it back for a fraction of the cost of sharpening the full-size picture. Luminance only, so
 * edges do not grow colour fringes. The blur is the 4-neighbour mean (one pass, no buffers).
 */
export function sharpenCanvas(c: Canvas, amount: number): void {
  if (amount <= 0) return;
  const { w, h, rgb } = c;
  const l = lumaOf(c);
  const k = amount * 0.25;
  for (let y = 0; y < h; y++) {
    const up = y > 0 ? -w : 0;
    const down = y < h - 1 ? w : 0;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const left = x > 0 ? -1 : 0;
      const right = x < w - 1 ? 1 : 0;
      const v = l[i] as number;
      const d =
        (4 * v -
          (l[i + up] as number) -
          (l[i + down] as number) -
          (l[i + left] as number) -
          (l[i + right] as number)) *
        k;
      const o = i * 3;
      rgb[o] = (rgb[o] as number) + d;
      rgb[o + 1] = (rgb[o + 1] as number) + d;
      rgb[o + 2] = (rgb[o + 2] as number) + d;
    }
  }
}
