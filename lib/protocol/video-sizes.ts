/**
 * The video model's allowed width x height pairs, exactly as the contract's table, and the
 * lookups the schema, the engine and the forms share.
 */

export const VIDEO_TIERS = ["480p", "720p", "1080p"] as const;
export type VideoTier = (typeof VIDEO_TIERS)[number];

/** Aspect labels as the contract's columns; all are approximate (832x480 is 1.733, 1104x832 is 1.327). */
export const VIDEO_ASPECTS = ["16:9", "9:16", "1:1", "4:3", "3:4"] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];

export interface VideoSize {
  tier: VideoTier;
  aspect: VideoAspect;
  width: number;
  height: number;
}

function size(tier: VideoTier, aspect: VideoAspect, width: number, height: number): VideoSize {
  return { tier, aspect, width, height };
}

/** Every allowed pair, tier by tier, in the contract's column order (for the form's picker). */
export const VIDEO_SIZES: readonly VideoSize[] = [
  size("480p", "16:9", 832, 480),
  size("480p", "9:16", 480, 832),
  size("480p", "1:1", 624, 624),
  size("480p", "4:3", 720, 544),
  size("480p", "3:4", 544, 720),
  size("720p", "16:9", 1280, 720),
  size("720p", "9:16", 720, 1280),
  size("720p", "1:1", 960, 960),
  size("720p", "4:3", 1104, 832),
  size("720p", "3:4", 832, 1104),
  size("1080p", "16:9", 1920, 1080),
  size("1080p", "9:16", 1080, 1920),
  size("1080p", "1:1", 1440, 1440),
  size("1080p", "4:3", 1648, 1248),
  size("1080p", "3:4", 1248, 1648),
];

/** The size with exactly this width and height, or undefined when the pair is not allowed. */
export function findVideoSize(width: number, height: number): VideoSize | undefined {
  return VIDEO_SIZES.find((s) => s.width === width && s.height === height);
}

export function isAllowedVideoSize(width: number, height: number): boolean {
  return findVideoSize(width, height) !== undefined;
}

/** `832x480, 480x832, ...`: the allowed pairs as an error message lists them. */
export function allowedVideoSizesText(): string {
  return VIDEO_SIZES.map((s) => `${s.width}x${s.height}`).join(", ");
}

/**
 * The size of `tier` whose aspect ratio (width / height) is nearest to `aspectRatio`: how
 * `resolution` plus the input media's aspect ratio becomes an output size. Distance is measured
 * on the logarithm of the ratio so that 2:1 and 1:2 are equally far from 1:1. A ratio that is
 * not a positive finite number falls back to 16:9, the first column of the table.
 */
export function videoSizeFor(tier: VideoTier, aspectRatio: number): VideoSize {
  const candidates = VIDEO_SIZES.filter((s) => s.tier === tier);
  const fallback = candidates[0];
  if (fallback === undefined) throw new Error(`Unknown video tier ${JSON.stringify(tier)}`);
  if (!Number.isFinite(aspectRatio) || aspectRatio <= 0) return fallback;
  const target = Math.log(aspectRatio);
  let best = fallback;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of candidates) {
    const distance = Math.abs(Math.log(s.width / s.height) - target);
    if (distance < bestDistance) {
      best = s;
      bestDistance = distance;
    }
  }
  return best;
}
