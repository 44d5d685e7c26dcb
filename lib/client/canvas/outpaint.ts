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

function axisOf(side: OutpaintSide): OutpaintAxis {
  return AXIS_OF[side];
}

function oppositeSide(side: OutpaintSide): OutpaintSide {
  return OPPOSITE[side];
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
function setSide(seed: Size, extents: OutpaintExtents, side: OutpaintSide, px: number): OutpaintExtents {
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

/** The request's `width` and `height`: the seed plus the extensions. */
export function frameSize(seed: Size, extents: OutpaintExtents): Size {
  return {
    width: seed.width + extents.left + extents.right,
    height: seed.height + extents.top + extents.bottom,
  };
}

export function hasExtension(extents: OutpaintExtents): boolean {
  return OUTPAINT_SIDES.some((side) => extents[side] > 0);
}
