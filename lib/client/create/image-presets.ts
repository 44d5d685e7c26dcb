import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { snapNote } from "./snap-note";

/** Sizes offered as presets, all multiples of 64 and about one megapixel (what most models suit). */
export const SIZE_PRESETS = [
  { label: "1:1", width: 1024, height: 1024 },
  { label: "4:3", width: 1152, height: 896 },
  { label: "3:4", width: 896, height: 1152 },
  { label: "3:2", width: 1216, height: 832 },
  { label: "2:3", width: 832, height: 1216 },
  { label: "16:9", width: 1344, height: 768 },
  { label: "9:16", width: 768, height: 1344 },
  { label: "21:9", width: 1536, height: 640 },
] as const;

/** Snaps a typed size to the nearest allowed multiple of 64 within the contract's bounds. */
export function snapSide(value: number, axis: "width" | "height" = "width"): number {
  const { min, max, multipleOf } = IMAGE_LIMITS[axis];
  if (!Number.isFinite(value)) return min;
  const snapped = Math.round(value / multipleOf) * multipleOf;
  return Math.min(max, Math.max(min, snapped));
}

/**
 * A typed size made allowed, and what was changed, in words, for the field to say at once: the
 * bounds and step are the contract's (IMAGE_LIMITS). A size already allowed has no note.
 */
export function snapSideWithNote(
  value: number,
  axis: "width" | "height",
): { value: number; note: string | null } {
  const snapped = snapSide(value, axis);
  const note = snapNote(axis === "width" ? "Width" : "Height", value, snapped, IMAGE_LIMITS[axis]);
  return { value: snapped, note };
}

/** The largest allowed size with the image's aspect ratio and about the given pixel count. */
export function sizeForAspect(
  width: number,
  height: number,
  pixels = 1024 * 1024,
): { width: number; height: number } {
  const ratio = width / height;
  const h = Math.sqrt(pixels / ratio);
  return { width: snapSide(h * ratio, "width"), height: snapSide(h, "height") };
}

/** A fresh random seed: 32-bit, so always exact in JSON (IMAGE_LIMITS.seed explains why). */
export function randomSeed(random = Math.random): number {
  return 1 + Math.floor(random() * 0xffff_fffe);
}
