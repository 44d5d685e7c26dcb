/**
 * A ControlNet guide and the output it shapes. The service stretches a guide to the output's
 * size, so a guide of another shape comes out squashed: these say when the shapes differ, which
 * allowed output size matches a guide, and where a guide sits when it is fitted into the output.
 * The allowed sizes are the contract's (IMAGE_LIMITS: bounds and multiples of 64).
 */
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { SIZE_PRESETS } from "./image-presets";

export interface Size {
  width: number;
  height: number;
}

/**
 * How far two shapes may differ before the guide visibly stretches: 2%, a little more than the
 * nearest multiple-of-64 size can miss a common ratio by (1216 x 832 is 3:2 within 2.6%, 1152 x
 * 768 exactly; 1344 x 768 is 16:9 within 1.6%).
 */
export const ASPECT_TOLERANCE = 0.02;

/** Width over height; a side of 0 has no shape. */
function aspect(size: Size): number {
  return size.height > 0 ? size.width / size.height : Number.NaN;
}

/** How far apart two shapes are, as a fraction (0.5 for 3:2 against 1:1). */
export function aspectGap(a: Size, b: Size): number {
  const ratio = aspect(a) / aspect(b);
  return Number.isFinite(ratio) && ratio > 0 ? Math.abs(Math.log(ratio)) : Number.POSITIVE_INFINITY;
}

/** Whether a guide of this size would be stretched on the output (false when either is unknown). */
export function guideStretches(guide: Size, output: Size): boolean {
  if (!(guide.width > 0 && guide.height > 0 && output.width > 0 && output.height > 0)) return false;
  return aspectGap(guide, output) > ASPECT_TOLERANCE;
}

/** The shapes people name: the size presets' and a few more. */
const NAMED_SHAPES = [...SIZE_PRESETS.map((p) => p.label), "5:4", "4:5", "2:1", "1:2"].map((label) => {
  const [w, h] = label.split(":").map(Number);
  return { label, size: { width: w ?? 1, height: h ?? 1 } };
});

/**
 * How far a size may be from a named shape and still go by its name: the allowed sizes are
 * multiples of 64, so the presets miss their shapes by up to 2.6% (1216 x 832 for 3:2).
 */
const NAMING_TOLERANCE = 0.03;

/**
 * A shape in the words people use: a preset's name for the preset's size ("16:9" for 1344 x 768,
 * not "7:4"), else the name of the shape it is or is as near as sizes in steps of 64 come, else
 * its own ratio ("7:5"), else "1.42:1".
 */
export function aspectWords(size: Size): string {
  // A preset's size is called what its button says (1152 x 896 is the "4:3" preset).
  const preset = SIZE_PRESETS.find((p) => p.width === size.width && p.height === size.height);
  if (preset) return preset.label;
  let nearest: { label: string; gap: number } | null = null;
  for (const shape of NAMED_SHAPES) {
    const gap = aspectGap(size, shape.size);
    if (gap <= NAMING_TOLERANCE && (!nearest || gap < nearest.gap)) nearest = { label: shape.label, gap };
  }
  if (nearest) return nearest.label;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const w = Math.round(size.width);
  const h = Math.round(size.height);
  const d = gcd(w, h) || 1;
  if (w / d <= 32 && h / d <= 32) return `${w / d}:${h / d}`;
  return `${(w / h).toFixed(2)}:1`;
}

/** Every allowed value of one side, smallest first. */
function sides(axis: "width" | "height"): number[] {
  const { min, max, multipleOf } = IMAGE_LIMITS[axis];
  const out: number[] = [];
  for (let v = Math.ceil(min / multipleOf) * multipleOf; v <= max; v += multipleOf) out.push(v);
  return out;
}

/**
 * The allowed output size closest in shape to the guide, at about `pixels` (the output's pixel
 * count now, so matching keeps the output's scale): among sizes within a third of that count,
 * the closest shape wins, then the closest pixel count. A shape none of those sizes reaches (a
 * guide far wider than tall) gets the closest shape of any allowed size.
 */
export function outputSizeForGuide(guide: Size, pixels: number): Size {
  const target = aspect(guide);
  const closest = (band: number) => {
    let best: { size: Size; gap: number; off: number } | null = null;
    for (const height of sides("height")) {
      for (const width of sides("width")) {
        const off = Math.abs(Math.log((width * height) / pixels));
        if (off > Math.log(1 + band)) continue;
        const gap = Math.abs(Math.log(width / height / target));
        if (!best || gap < best.gap - 1e-9 || (Math.abs(gap - best.gap) <= 1e-9 && off < best.off)) {
          best = { size: { width, height }, gap, off };
        }
      }
    }
    return best;
  };
  const near = closest(1 / 3);
  if (near && near.gap <= ASPECT_TOLERANCE) return near.size;
  return (
    closest(Number.POSITIVE_INFINITY)?.size ?? {
      width: IMAGE_LIMITS.width.min,
      height: IMAGE_LIMITS.height.min,
    }
  );
}

/**
 * Where the guide goes when fitted into the output: scaled to fit whole and centred, the rest
 * left as bars. Bars rather than a crop: a pose, depth or edge map cut at its edges loses limbs
 * and outlines, while black is what these maps already use for "nothing here".
 */
export function fitGuideRect(
  guide: Size,
  output: Size,
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(output.width / guide.width, output.height / guide.height);
  const width = Math.round(guide.width * scale);
  const height = Math.round(guide.height * scale);
  return {
    x: Math.floor((output.width - width) / 2),
    y: Math.floor((output.height - height) / 2),
    width,
    height,
  };
}
