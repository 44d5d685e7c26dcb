/**
 * Whether a seed image can be outpainted at all, and whether a set of extents is ready to send.
 * The frame is `seed + left + right` (and `+ top + bottom`) and must be a multiple of the step,
 * while each side grows in whole steps: so a seed whose width or height is not itself a multiple
 * of the step can never give a valid frame, whatever the user drags. The form disables Generate
 * on these results rather than letting the service answer `invalidWidth`.
 */
import {
  axisBudget,
  axisLimits,
  ceilToStep,
  floorToStep,
  frameSize,
  hasExtension,
  OUTPAINT_STEP,
  type OutpaintAxis,
  type OutpaintExtents,
  type Size,
  snapToStep,
} from "./outpaint";

export type SeedSizeProblem =
  | { axis: OutpaintAxis; kind: "notMultiple"; size: number }
  | { axis: OutpaintAxis; kind: "tooLarge"; size: number; max: number };

export type SeedSizeCheck =
  | { ok: true }
  | {
      ok: false;
      problems: SeedSizeProblem[];
      /** The nearest size that works: each side rounded to the step, within the frame limits. */
      resizeTo: Size;
      /** The largest size inside the image that works, when there is one (cropping never enlarges). */
      cropTo: Size | null;
      /** One sentence for the user: what is wrong and what to do. */
      message: string;
    };

function nearestValid(axis: OutpaintAxis, size: number): number {
  const { min, max } = axisLimits(axis);
  return Math.min(Math.max(snapToStep(size), ceilToStep(min)), floorToStep(max));
}

function croppedValid(axis: OutpaintAxis, size: number): number | null {
  const cropped = Math.min(floorToStep(size), floorToStep(axisLimits(axis).max));
  return cropped >= OUTPAINT_STEP ? cropped : null;
}

const px = (size: Size) => `${size.width} × ${size.height}`;

export function checkSeedSize(seed: Size): SeedSizeCheck {
  const problems: SeedSizeProblem[] = [];
  for (const axis of ["width", "height"] as const) {
    const size = seed[axis];
    const { max } = axisLimits(axis);
    if (size > max) problems.push({ axis, kind: "tooLarge", size, max });
    else if (!Number.isInteger(size / OUTPAINT_STEP) || size <= 0) {
      problems.push({ axis, kind: "notMultiple", size });
    }
  }
  if (problems.length === 0) return { ok: true };

  const resizeTo = { width: nearestValid("width", seed.width), height: nearestValid("height", seed.height) };
  const cropWidth = croppedValid("width", seed.width);
  const cropHeight = croppedValid("height", seed.height);
  const cropTo = cropWidth !== null && cropHeight !== null ? { width: cropWidth, height: cropHeight } : null;

  const reasons = problems.map((p) =>
    p.kind === "tooLarge"
      ? `its ${p.axis} (${p.size}) is above the largest frame ${p.axis}, ${p.max}`
      : `its ${p.axis} (${p.size}) is not a multiple of ${OUTPAINT_STEP}`,
  );
  const why = problems.some((p) => p.kind === "notMultiple")
    ? ` Sides grow in steps of ${OUTPAINT_STEP}, so the new frame can only be a multiple of ${OUTPAINT_STEP} when the image is.`
    : "";
  const fix =
    cropTo !== null && (cropTo.width !== resizeTo.width || cropTo.height !== resizeTo.height)
      ? `Resize the image to ${px(resizeTo)} or crop it to ${px(cropTo)}, then outpaint.`
      : `Resize the image to ${px(resizeTo)}, then outpaint.`;
  return {
    ok: false,
    problems,
    resizeTo,
    cropTo,
    message: `This image (${px(seed)}) cannot be outpainted: ${reasons.join(" and ")}.${why} ${fix}`,
  };
}

export type OutpaintProblem =
  | { kind: "seed"; message: string }
  | { kind: "noExtension"; message: string }
  | { kind: "frameTooSmall" | "frameTooLarge"; axis: OutpaintAxis; message: string };

/**
 * Everything that keeps these extents from being a valid `outpaint` for this seed. Empty means
 * the request's `width`/`height` (from `frameSize`) will pass `checkOutpaintAgainstSeed`.
 */
export function outpaintProblems(seed: Size, extents: OutpaintExtents): OutpaintProblem[] {
  const problems: OutpaintProblem[] = [];
  const seedCheck = checkSeedSize(seed);
  if (!seedCheck.ok) problems.push({ kind: "seed", message: seedCheck.message });
  if (!hasExtension(extents)) {
    problems.push({
      kind: "noExtension",
      message: "Extend at least one side: drag a handle, type a size or pick a preset.",
    });
  }
  const frame = frameSize(seed, extents);
  for (const axis of ["width", "height"] as const) {
    const { min, max } = axisLimits(axis);
    if (frame[axis] > max) {
      problems.push({
        kind: "frameTooLarge",
        axis,
        message: `The new frame is ${frame[axis]} px in ${axis}; the most is ${max}. Extend by at most ${axisBudget(seed, axis)} px across both sides.`,
      });
    } else if (frame[axis] < min) {
      problems.push({
        kind: "frameTooSmall",
        axis,
        message: `The new frame is ${frame[axis]} px in ${axis}; the least is ${min}. Extend by at least ${ceilToStep(min - seed[axis])} px across both sides.`,
      });
    }
  }
  return problems;
}

export function isOutpaintReady(seed: Size, extents: OutpaintExtents): boolean {
  return outpaintProblems(seed, extents).length === 0;
}
