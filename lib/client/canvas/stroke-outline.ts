/**
 * A stroke's outline as a closed polygon, the same on the stage and in the masks sent: width
 * follows a pen's pressure where the device reports it, else the pen's speed.
 */
import { getStroke } from "perfect-freehand";
import type { Stroke } from "./canvas-document";

/** Flat [x0, y0, x1, y1, ...] of the outline, in canvas pixels. */
export function strokeOutline(stroke: Stroke): number[] {
  const samples: [number, number, number][] = [];
  for (let i = 0; i + 2 < stroke.points.length; i += 3) {
    samples.push([stroke.points[i] ?? 0, stroke.points[i + 1] ?? 0, stroke.points[i + 2] ?? 0.5]);
  }
  if (samples.length === 0) return [];
  const thinning = stroke.pressure ? 0.6 : 0;
  const outline = getStroke(samples, {
    // At full pressure perfect-freehand draws `size * (1 + thinning)` wide; the brush's size is that width.
    size: stroke.size / (1 + thinning),
    thinning,
    smoothing: 0.5,
    streamline: 0.4,
    simulatePressure: false,
    last: true,
  });
  return outline.flat();
}

/** Traces an outline onto a 2D context as one filled path. */
export function fillOutline(context: CanvasRenderingContext2D, outline: readonly number[]): void {
  if (outline.length < 6) return;
  context.beginPath();
  context.moveTo(outline[0] ?? 0, outline[1] ?? 0);
  for (let i = 2; i + 1 < outline.length; i += 2) context.lineTo(outline[i] ?? 0, outline[i + 1] ?? 0);
  context.closePath();
  context.fill();
}
