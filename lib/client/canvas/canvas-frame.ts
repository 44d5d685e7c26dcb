/**
 * The generation frame: the area of the canvas a Generate works on. Its size is what the service
 * renders, so it keeps the contract's rules for `width` and `height` (multiples of 64 between 128
 * and 2048, `IMAGE_LIMITS`); its corner sits on the same 64-pixel grid from the picture's origin,
 * so how far it reaches past an edge is a valid `outpaint` side (also multiples of 64).
 */
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import type { OutpaintExtents, Size } from "./outpaint";

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const FRAME_STEP: number = IMAGE_LIMITS.width.multipleOf;

function snap(n: number): number {
  return Number.isFinite(n) ? Math.round(n / FRAME_STEP) * FRAME_STEP + 0 : 0;
}

function clampSide(n: number, axis: "width" | "height"): number {
  const { min, max } = IMAGE_LIMITS[axis];
  return Math.min(max, Math.max(min, snap(n)));
}

/** Any rectangle made into one the service can render: snapped corner, snapped and bounded size. */
export function snapFrame(rect: Rect): Rect {
  return {
    x: snap(rect.x),
    y: snap(rect.y),
    width: clampSide(rect.width, "width"),
    height: clampSide(rect.height, "height"),
  };
}

/** The frame moved by a drag, in steps. */
export function moveFrame(frame: Rect, dx: number, dy: number): Rect {
  return snapFrame({ ...frame, x: frame.x + dx, y: frame.y + dy });
}

/** The frame sized by dragging its bottom-right corner, in steps; the top-left corner stays. */
export function resizeFrame(frame: Rect, dw: number, dh: number): Rect {
  return snapFrame({ ...frame, width: frame.width + dw, height: frame.height + dh });
}

/** The largest frame the service renders that covers the picture from its origin, for a start. */
export function frameForPicture(picture: Size): Rect {
  return snapFrame({ x: 0, y: 0, width: picture.width, height: picture.height });
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** How far the frame reaches past each edge of the picture: the outpaint sides. */
export function extentsBeyond(frame: Rect, picture: Size): OutpaintExtents {
  return {
    top: Math.max(0, -frame.y),
    left: Math.max(0, -frame.x),
    right: Math.max(0, frame.x + frame.width - picture.width),
    bottom: Math.max(0, frame.y + frame.height - picture.height),
  };
}
