import {
  findVideoSize,
  VIDEO_ASPECTS,
  VIDEO_DEFAULTS,
  VIDEO_SIZES,
  VIDEO_TIERS,
  type VideoAspect,
  type VideoSize,
  type VideoTier,
} from "@/lib/protocol";

/**
 * The video form's size choices, all taken from the contract's table: a tier and an aspect pick
 * one allowed pair, so the form cannot offer a width x height the service refuses.
 */

/** The allowed size for a tier and an aspect. Every combination exists in the table. */
export function videoSizeOf(tier: VideoTier, aspect: VideoAspect): VideoSize {
  const found = VIDEO_SIZES.find((s) => s.tier === tier && s.aspect === aspect);
  if (!found) throw new Error(`No video size for ${tier} ${aspect}`);
  return found;
}

/** The sizes offered for one tier, in the table's column order. */
export function videoSizeOptions(tier: VideoTier): VideoSize[] {
  return VIDEO_SIZES.filter((s) => s.tier === tier);
}

/** Every size the picker can produce: each tier with each aspect. */
export function allOfferedVideoSizes(): VideoSize[] {
  return VIDEO_TIERS.flatMap((tier) => VIDEO_ASPECTS.map((aspect) => videoSizeOf(tier, aspect)));
}

/**
 * A new form starts at the service's default tier (the one it uses for `resolution`) in the
 * table's first column, landscape 16:9.
 */
export const DEFAULT_VIDEO_SIZE: VideoSize = videoSizeOf(VIDEO_DEFAULTS.resolution, VIDEO_ASPECTS[0]);

/** The tier and aspect a width and height form, or undefined for a pair the table lacks. */
export function videoSizeFromValues(width: unknown, height: unknown): VideoSize | undefined {
  if (typeof width !== "number" || typeof height !== "number") return undefined;
  return findVideoSize(width, height);
}

export function isVideoTier(value: unknown): value is VideoTier {
  return typeof value === "string" && (VIDEO_TIERS as readonly string[]).includes(value);
}
