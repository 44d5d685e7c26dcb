import { type Frame, pack } from "./raster";

/**
 * Picture-in-picture for the second and later reference videos: a quarter-size inset with a thin
 * white frame, stacked down the right edge, each playing its own retimed clip.
 */

export function insetSize(width: number, height: number): { width: number; height: number } {
  // Even sizes: ffmpeg's scaler and the chroma planes prefer them.
  return { width: Math.round((width * 0.26) / 2) * 2, height: Math.round((height * 0.26) / 2) * 2 };
}

export function drawInset(out: Frame, inset: Frame, index: number): void {
  const margin = Math.round(Math.min(out.width, out.height) * 0.04);
  const border = Math.max(2, Math.round(Math.min(out.width, out.height) * 0.006));
  const x = out.width - margin - inset.width;
  const y = margin + index * (inset.height + margin);
  if (y + inset.height + border > out.height) return;
  const white = pack([245, 245, 245]);
  for (let yy = y - border; yy < y + inset.height + border; yy++) {
    if (yy < 0) continue;
    const row = yy * out.width;
    out.px.fill(white, row + x - border, row + x + inset.width + border);
    if (yy >= y && yy < y + inset.height) {
      const srow = (yy - y) * inset.width;
      out.px.set(inset.px.subarray(srow, srow + inset.width), row + x);
    }
  }
}
