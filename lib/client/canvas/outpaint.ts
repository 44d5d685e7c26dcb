/**
 * The arithmetic of the outpainting canvas: how many pixels each side of the seed image grows by.
 * The contract says every side is a multiple of `outpaint.*.multipleOf` and that the new frame is
 * the seed plus the extensions (`checkOutpaintAgainstSeed`), which must stay within `width.max`
 * and `height.max`. Every function here is pure so the component, the form and tests share it.
 */
import { OUTPAINT_SIDES } from "@/lib/protocol/image-features";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { snapNote } from "../create/snap-note";

export type OutpaintSide = (typeof OUTPAINT_SIDES)[number];

/** Each side as the controls name it. */
export const SIDE_NAMES: Record<OutpaintSide, string> = {
  top: "Top",
  right: "Right",
  bottom: "Bottom",
  left: "Left",
};
export type OutpaintAxis = "width" | "height";

/** Pixels added on each side of the seed image. */
export interface OutpaintExtents {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Size {
  width: number;
  height: number;
}

export { OUTPAINT_SIDES };

/** Every side grows in these steps; all four sides share the bound, so `top` speaks for them. */
export const OUTPAINT_STEP: number = IMAGE_LIMITS.outpaint.top.multipleOf;
/** Shift+arrow and PageUp/PageDown move a side by four steps: a quarter of a typical 1024 seed. */
export const OUTPAINT_BIG_STEP: number = OUTPAINT_STEP * 4;
export const OUTPAINT_SIDE_MIN: number = IMAGE_LIMITS.outpaint.top.min;

export const NO_EXTENSION: OutpaintExtents = Object.freeze({ top: 0, right: 0, bottom: 0, left: 0 });

const AXIS_OF: Record<OutpaintSide, OutpaintAxis> = {
  top: "height",
  bottom: "height",
  left: "width",
  right: "width",
};
const OPPOSITE: Record<OutpaintSide, OutpaintSide> = {
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
};

export function axisOf(side: OutpaintSide): OutpaintAxis {
  return AXIS_OF[side];
}

export function oppositeSide(side: OutpaintSide): OutpaintSide {
  return OPPOSITE[side];
}

/** The sides that make up an axis, the one nearer the origin first. */
export function sidesOf(axis: OutpaintAxis): readonly [OutpaintSide, OutpaintSide] {
  return axis === "width" ? ["left", "right"] : ["top", "bottom"];
}

export function axisLimits(axis: OutpaintAxis): { min: number; max: number } {
  return IMAGE_LIMITS[axis];
}

/** The nearest multiple of the step (halves round up). `+ 0` turns -0 into 0. */
export function snapToStep(px: number): number {
  if (!Number.isFinite(px)) return 0;
  return Math.round(px / OUTPAINT_STEP) * OUTPAINT_STEP + 0;
}

export function floorToStep(px: number): number {
  return Math.floor(px / OUTPAINT_STEP) * OUTPAINT_STEP + 0;
}

export function ceilToStep(px: number): number {
  return Math.ceil(px / OUTPAINT_STEP) * OUTPAINT_STEP + 0;
}

/** The most both sides of an axis may add together: whole steps that keep the frame within max. */
export function axisBudget(seed: Size, axis: OutpaintAxis): number {
  return Math.max(OUTPAINT_SIDE_MIN, floorToStep(axisLimits(axis).max - seed[axis]));
}

/** The most `side` may add, given what its opposite side already adds. */
export function sideMax(seed: Size, extents: OutpaintExtents, side: OutpaintSide): number {
  const opposite = Math.max(OUTPAINT_SIDE_MIN, extents[oppositeSide(side)]);
  return Math.max(OUTPAINT_SIDE_MIN, axisBudget(seed, axisOf(side)) - opposite);
}

/** Sets one side: snapped to the step, then kept within 0 and what the opposite side leaves. */
export function setSide(
  seed: Size,
  extents: OutpaintExtents,
  side: OutpaintSide,
  px: number,
): OutpaintExtents {
  const value = Math.min(Math.max(snapToStep(px), OUTPAINT_SIDE_MIN), sideMax(seed, extents, side));
  return extents[side] === value ? extents : { ...extents, [side]: value };
}

/**
 * Sets one side from what was typed, and says what was changed to make it fit, for the field to
 * show: the step, 0, or what the seed and the opposite side leave of the axis.
 */
export function setSideWithNote(
  seed: Size,
  extents: OutpaintExtents,
  side: OutpaintSide,
  px: number,
): { value: OutpaintExtents; note: string | null } {
  const value = setSide(seed, extents, side, px);
  const bounds = { min: OUTPAINT_SIDE_MIN, max: sideMax(seed, extents, side), multipleOf: OUTPAINT_STEP };
  return { value, note: snapNote(SIDE_NAMES[side], px, value[side], bounds) };
}

/** Moves one side by `delta` pixels (keyboard steps, spin buttons). */
export function stepSide(
  seed: Size,
  extents: OutpaintExtents,
  side: OutpaintSide,
  delta: number,
): OutpaintExtents {
  return setSide(seed, extents, side, extents[side] + delta);
}

/**
 * Any extents made valid: each side snapped and at least 0, and where an axis holds more than its
 * budget, the larger side gives back first so the seed moves as little off centre as possible.
 */
export function clampExtents(seed: Size, extents: OutpaintExtents): OutpaintExtents {
  const next = { ...NO_EXTENSION };
  for (const axis of ["width", "height"] as const) {
    const budget = axisBudget(seed, axis);
    const [a, b] = sidesOf(axis);
    let first = Math.min(Math.max(snapToStep(extents[a]), OUTPAINT_SIDE_MIN), budget);
    let second = Math.min(Math.max(snapToStep(extents[b]), OUTPAINT_SIDE_MIN), budget);
    let excess = first + second - budget;
    if (excess > 0) {
      const fromLarger = Math.min(excess, Math.abs(first - second));
      if (first >= second) first -= fromLarger;
      else second -= fromLarger;
      excess -= fromLarger;
      // What is left is split evenly; an odd step comes off the second side.
      const half = floorToStep(excess / 2);
      first -= half;
      second -= excess - half;
    }
    next[a] = first;
    next[b] = second;
  }
  return sameExtents(next, extents) ? extents : next;
}

/** Which way a pointer moves a side outward, in screen axes. */
const OUTWARD: Record<OutpaintSide, { x: number; y: number }> = {
  top: { x: 0, y: -1 },
  bottom: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/**
 * The extents after dragging the handle of `sides` (one side, or two for a corner) by `delta`
 * screen pixels from where the drag started. `scale` is screen pixels per image pixel, taken at
 * the start of the drag so the result depends only on how far the pointer travelled.
 */
export function dragExtents(
  seed: Size,
  start: OutpaintExtents,
  sides: readonly OutpaintSide[],
  delta: { x: number; y: number },
  scale: number,
): OutpaintExtents {
  if (!(scale > 0)) return start;
  let next = start;
  for (const side of sides) {
    const outward = OUTWARD[side];
    const moved = (delta.x * outward.x + delta.y * outward.y) / scale;
    next = setSide(seed, next, side, start[side] + moved);
  }
  return next;
}

/** The request's `width` and `height`: the seed plus the extensions. */
export function frameSize(seed: Size, extents: OutpaintExtents): Size {
  return {
    width: seed.width + extents.left + extents.right,
    height: seed.height + extents.top + extents.bottom,
  };
}

export function sameExtents(a: OutpaintExtents, b: OutpaintExtents): boolean {
  return OUTPAINT_SIDES.every((side) => a[side] === b[side]);
}

export function hasExtension(extents: OutpaintExtents): boolean {
  return OUTPAINT_SIDES.some((side) => extents[side] > 0);
}

/** A key press on a side's handle: a move by some pixels, or to one end of the side's range. */
export type KeyMove = { by: number } | { to: "min" | "max" };

/** The arrow that points away from the seed on each side's handle. */
const OUTWARD_KEY: Record<OutpaintSide, string> = {
  top: "ArrowUp",
  bottom: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
};

/**
 * What a key does on a side's handle. Arrows move the handle where they point (so ArrowLeft
 * grows the left side and shrinks the right one); the other arrows do nothing, since a handle
 * moves along one axis. PageUp/PageDown, Home and End follow the slider pattern.
 */
export function keyMove(side: OutpaintSide, key: string, shiftKey: boolean): KeyMove | null {
  const step = shiftKey ? OUTPAINT_BIG_STEP : OUTPAINT_STEP;
  if (key === OUTWARD_KEY[side]) return { by: step };
  if (key === OUTWARD_KEY[oppositeSide(side)]) return { by: -step };
  switch (key) {
    case "PageUp":
      return { by: OUTPAINT_BIG_STEP };
    case "PageDown":
      return { by: -OUTPAINT_BIG_STEP };
    case "Home":
      return { to: "min" };
    case "End":
      return { to: "max" };
    default:
      return null;
  }
}

export function applyKeyMove(
  seed: Size,
  extents: OutpaintExtents,
  side: OutpaintSide,
  move: KeyMove,
): OutpaintExtents {
  if ("by" in move) return stepSide(seed, extents, side, move.by);
  return setSide(seed, extents, side, move.to === "min" ? OUTPAINT_SIDE_MIN : sideMax(seed, extents, side));
}
