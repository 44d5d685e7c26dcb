import { getStroke } from "perfect-freehand";
import { FREEHAND_POINTS_MAX, type Mark, type MarkPoint } from "@/lib/studio/comments/marks";

/**
 * Between the screen and a mark's relative points. The media's box on screen (its bounding
 * rectangle) already carries the stage's zoom and pan, so a pointer's fraction of that box is its
 * fraction of the media itself, whatever the zoom.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The stage's zoom and pan, as react-zoom-pan-pinch applies them: translate, then scale. */
export interface StageTransform {
  scale: number;
  positionX: number;
  positionY: number;
}

/** Marks are kept to four decimals: a tenth of a pixel on a 1000 px image, and short to store. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Where the media sits on screen: its unzoomed box in the stage, under the stage's transform. */
export function boxOnScreen(
  stage: { left: number; top: number },
  media: Box,
  transform: StageTransform,
): Box {
  return {
    left: stage.left + transform.positionX + media.left * transform.scale,
    top: stage.top + transform.positionY + media.top * transform.scale,
    width: media.width * transform.scale,
    height: media.height * transform.scale,
  };
}

/** A pointer on screen as a point of the media (0..1 each way); outside the media, its nearest edge. */
export function toRelative(clientX: number, clientY: number, box: Box): MarkPoint {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round(clamp01((clientX - box.left) / box.width)), round(clamp01((clientY - box.top) / box.height))];
}

/** A point of the media back on screen, in the box it is shown in. */
export function toScreen(point: MarkPoint, box: Box): { x: number; y: number } {
  return { x: box.left + point[0] * box.width, y: box.top + point[1] * box.height };
}

/**
 * A freehand stroke's points as kept: a point that moved less than `minStep` (relative) from the
 * last kept one adds nothing, and a long stroke is thinned evenly to the most a mark may hold.
 */
export function thinStroke(points: readonly MarkPoint[], minStep = 0.002): MarkPoint[] {
  const kept: MarkPoint[] = [];
  for (const p of points) {
    const last = kept.at(-1);
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= minStep) kept.push(p);
  }
  const end = points.at(-1);
  if (end && kept.at(-1) !== end && kept.length > 0) kept.push(end);
  if (kept.length <= FREEHAND_POINTS_MAX) return kept;
  const step = (kept.length - 1) / (FREEHAND_POINTS_MAX - 1);
  return Array.from({ length: FREEHAND_POINTS_MAX }, (_, i) => kept[Math.round(i * step)] as MarkPoint);
}

/** Whether a drag drew something worth keeping (a click with no move draws nothing). */
export function isDrawn(mark: Mark): boolean {
  const [a, b] = mark.points;
  if (!a || !b) return false;
  if (mark.kind === "freehand") return mark.points.length >= 2;
  return Math.abs(a[0] - b[0]) > 0.003 || Math.abs(a[1] - b[1]) > 0.003;
}

/** The shapes an SVG draws for a mark, in the pixels of a layer `width` x `height`. */
export type MarkShape =
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; head: string }
  | { kind: "rect"; x: number; y: number; width: number; height: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number }
  | { kind: "path"; d: string };

function svgPath(outline: number[][]): string {
  if (outline.length === 0) return "";
  const [first, ...rest] = outline;
  return `M${first?.[0]?.toFixed(2)},${first?.[1]?.toFixed(2)} ${rest
    .map(([x, y]) => `L${x?.toFixed(2)},${y?.toFixed(2)}`)
    .join(" ")} Z`;
}

export function markShape(mark: Mark, width: number, height: number, strokeWidth: number): MarkShape {
  const px = mark.points.map(([x, y]) => [x * width, y * height] as [number, number]);
  const [a = [0, 0], b = a] = px;
  if (mark.kind === "rectangle") {
    return {
      kind: "rect",
      x: Math.min(a[0], b[0]),
      y: Math.min(a[1], b[1]),
      width: Math.abs(b[0] - a[0]),
      height: Math.abs(b[1] - a[1]),
    };
  }
  if (mark.kind === "ellipse") {
    return {
      kind: "ellipse",
      cx: (a[0] + b[0]) / 2,
      cy: (a[1] + b[1]) / 2,
      rx: Math.abs(b[0] - a[0]) / 2,
      ry: Math.abs(b[1] - a[1]) / 2,
    };
  }
  if (mark.kind === "arrow") {
    // The head: two barbs back from the tip at 30° either side of the shaft.
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const length = strokeWidth * 4;
    const barb = (turn: number) =>
      `${(b[0] - length * Math.cos(angle + turn)).toFixed(2)},${(b[1] - length * Math.sin(angle + turn)).toFixed(2)}`;
    return {
      kind: "line",
      x1: a[0],
      y1: a[1],
      x2: b[0],
      y2: b[1],
      head: `${barb(Math.PI / 6)} ${b[0].toFixed(2)},${b[1].toFixed(2)} ${barb(-Math.PI / 6)}`,
    };
  }
  const outline = getStroke(px, { size: strokeWidth * 2, thinning: 0.5, smoothing: 0.5, streamline: 0.5 });
  return { kind: "path", d: svgPath(outline) };
}
