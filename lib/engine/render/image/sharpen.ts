import { boxBlur, type Canvas, lumaOf } from "./canvas";

/**
 * Unsharp mask on the luminance of the internal canvas, before the upscale. The upscale's
 * gaussian (encode.ts) hides the blocks of a 4x enlargement but also turns every edge into a
 * ramp several pixels wide; lifting the edge contrast here, where a pixel is 16 of the output's,
 * puts it back for a fraction of the cost of sharpening the full-size picture. Luminance only, so
 * edges do not grow colour fringes.
 */
export function sharpenCanvas(c: Canvas, amount: number): void {
  if (amount <= 0) return;
  const l = lumaOf(c);
  const soft = boxBlur(l, c.w, c.h, 1);
  const rgb = c.rgb;
  for (let i = 0, o = 0; i < l.length; i++, o += 3) {
    const d = ((l[i] as number) - (soft[i] as number)) * amount;
    rgb[o] = (rgb[o] as number) + d;
    rgb[o + 1] = (rgb[o + 1] as number) + d;
    rgb[o + 2] = (rgb[o + 2] as number) + d;
  }
}
