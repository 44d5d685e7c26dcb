/**
 * The studio's copy of the media service's published prices (USD per result object): what it
 * expects a task to be charged before sending it, so that a budget can admit the task on an
 * estimate. The service's own word is the `cost` it reports for a task sent with
 * `includeCost: true`; the ledger records that, never this.
 *
 * The built-in engine charges by this same table (lib/engine/processors/pricing.ts), so what a
 * budget admits on an estimate is what the engine then reports.
 *
 * | task                       | price per result                                              |
 * |----------------------------|---------------------------------------------------------------|
 * | imageInference             | 0.0013 x megapixels x (steps / 20), at least 0.0006           |
 * | videoInference             | per second: 480p 0.05, 720p 0.10, 1080p 0.20; audio +20 %     |
 * | imageControlNetPreProcess  | 0.0006                                                        |
 * | promptEnhance              | 0.0002 per version                                            |
 * | anything else              | 0                                                             |
 */

export const IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS = 0.0013;
export const IMAGE_MIN_PRICE = 0.0006;
export const VIDEO_PRICE_PER_SECOND = { "480p": 0.05, "720p": 0.1, "1080p": 0.2 } as const;
export const VIDEO_AUDIO_SURCHARGE = 0.2;
export const CONTROLNET_PREPROCESS_PRICE = 0.0006;
export const PROMPT_ENHANCE_PRICE = 0.0002;

export type VideoTier = keyof typeof VIDEO_PRICE_PER_SECOND;

/** Prices are published to the micro-dollar. */
function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

export function imagePrice(width: number, height: number, steps: number): number {
  const mp = (width * height) / 1_000_000;
  return round(Math.max(IMAGE_MIN_PRICE, IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS * mp * (steps / 20)));
}

/** The tier of a video size: the largest side decides (832 -> 480p, 1280 -> 720p, 1920 -> 1080p). */
export function videoTier(width: number, height: number): VideoTier {
  const side = Math.max(width, height);
  if (side <= 832) return "480p";
  if (side <= 1280) return "720p";
  return "1080p";
}

export function videoPrice(width: number, height: number, seconds: number, audio: boolean): number {
  const base = VIDEO_PRICE_PER_SECOND[videoTier(width, height)] * seconds;
  return round(audio ? base * (1 + VIDEO_AUDIO_SURCHARGE) : base);
}
