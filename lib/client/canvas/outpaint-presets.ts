/**
 * Quick presets of the outpainting canvas. Each is computed from the seed alone (not from the
 * current extents) so pressing one twice gives the same frame, and each centres the image:
 * the growth of an axis is split between its two sides in whole steps.
 */
import {
  axisLimits,
  ceilToStep,
  floorToStep,
  NO_EXTENSION,
  OUTPAINT_STEP,
  type OutpaintAxis,
  type OutpaintExtents,
  type Size,
  sidesOf,
  snapToStep,
} from "./outpaint";
import { checkSeedSize } from "./outpaint-seed";

/** What "Extend all" adds to every side: two steps, enough room for the model to continue a scene. */
export const EXTEND_ALL_BY: number = OUTPAINT_STEP * 2;

export type OutpaintPresetId = "extendAll" | "square" | "landscape16x9" | "reset";

export type PresetResult = { ok: true; value: OutpaintExtents } | { ok: false; reason: string };

export interface OutpaintPreset {
  id: OutpaintPresetId;
  label: string;
  result: PresetResult;
}

const px = (size: Size) => `${size.width} × ${size.height}`;
const maxFrame = (): Size => ({ width: axisLimits("width").max, height: axisLimits("height").max });

/** Splits an axis's growth between its sides in whole steps; an odd step goes to bottom/right. */
export function splitGrowth(total: number): [number, number] {
  const first = floorToStep(total / 2);
  return [first, total - first];
}

/** The extents that grow `seed` to `frame` with the image centred. Needs frame ≥ seed. */
export function centredExtents(seed: Size, frame: Size): OutpaintExtents {
  const next = { ...NO_EXTENSION };
  for (const axis of ["width", "height"] as const) {
    const [a, b] = sidesOf(axis);
    const [first, second] = splitGrowth(Math.max(0, frame[axis] - seed[axis]));
    next[a] = first;
    next[b] = second;
  }
  return next;
}

function withinLimits(frame: Size): OutpaintAxis | null {
  if (frame.width > axisLimits("width").max) return "width";
  if (frame.height > axisLimits("height").max) return "height";
  return null;
}

/**
 * The smallest frame of ratio `ratioW:ratioH` (to the nearest step) that holds the seed with
 * every side a multiple of the step. Exact ratios in steps of 64 are rare (16:9 exactly is only
 * 1024 × 576 and 2048 × 1152), so the long side is rounded to the nearest step, as model size
 * tables do (1344 × 768 for 16:9).
 */
export function aspectFrame(seed: Size, ratioW: number, ratioH: number): Size {
  const minHeight = Math.max(seed.height, ceilToStep(axisLimits("height").min));
  const height = Math.max(minHeight, ceilToStep((seed.width * ratioH) / ratioW));
  const width = Math.max(
    seed.width,
    ceilToStep(axisLimits("width").min),
    snapToStep((height * ratioW) / ratioH),
  );
  return { width, height };
}

export function aspectPreset(seed: Size, ratioW: number, ratioH: number, name: string): PresetResult {
  const frame = aspectFrame(seed, ratioW, ratioH);
  const over = withinLimits(frame);
  if (over !== null) {
    return {
      ok: false,
      reason: `A ${name} frame around this ${px(seed)} image would be ${px(frame)}, above the largest frame (${px(maxFrame())}).`,
    };
  }
  return { ok: true, value: centredExtents(seed, frame) };
}

export function extendAllPreset(seed: Size, by: number = EXTEND_ALL_BY): PresetResult {
  const frame = { width: seed.width + 2 * by, height: seed.height + 2 * by };
  if (withinLimits(frame) !== null) {
    return {
      ok: false,
      reason: `Extending every side by ${by} px would make a ${px(frame)} frame, above the largest frame (${px(maxFrame())}).`,
    };
  }
  return { ok: true, value: { top: by, right: by, bottom: by, left: by } };
}

/** The presets in display order, each either reachable (with its extents) or with why not. */
export function outpaintPresets(seed: Size, current: OutpaintExtents): OutpaintPreset[] {
  const seedCheck = checkSeedSize(seed);
  const blocked = (): PresetResult => ({
    ok: false,
    reason: `The image is ${px(seed)}: resize it to a multiple of ${OUTPAINT_STEP} on both sides first.`,
  });
  const isReset = current.top === 0 && current.right === 0 && current.bottom === 0 && current.left === 0;
  return [
    {
      id: "extendAll",
      label: `Extend all by ${EXTEND_ALL_BY}`,
      result: seedCheck.ok ? extendAllPreset(seed) : blocked(),
    },
    { id: "square", label: "Square", result: seedCheck.ok ? aspectPreset(seed, 1, 1, "square") : blocked() },
    {
      id: "landscape16x9",
      label: "16:9 landscape",
      result: seedCheck.ok ? aspectPreset(seed, 16, 9, "16:9") : blocked(),
    },
    {
      id: "reset",
      label: "Reset",
      result: isReset ? { ok: false, reason: "No side is extended yet." } : { ok: true, value: NO_EXTENSION },
    },
  ];
}
