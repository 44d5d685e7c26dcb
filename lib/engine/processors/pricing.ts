import "server-only";
/**
 * What the engine reports as `cost` (USD, per result object) when a task has `includeCost: true`.
 * Nothing is charged: the figures are the service's published prices, of the same order as public
 * per-image and per-second video prices, so a studio's cost displays, sums and budgets can be
 * exercised. The studio keeps its own copy to estimate with (lib/server/spend/service-prices.ts);
 * `pricing.test.ts` holds the two equal.
 *
 * | task                       | price per result                                              |
 * |----------------------------|---------------------------------------------------------------|
 * | imageInference             | 0.0013 x megapixels x (steps / 20), at least 0.0006           |
 * | videoInference             | per second: 480p 0.05, 720p 0.10, 1080p 0.20; audio +20 %     |
 * | imageControlNetPreProcess  | 0.0006                                                        |
 * | promptEnhance              | 0.0002 per version                                            |
 * | imageUpload, modelSearch   | 0 (no cost field unless asked; then 0)                        |
 *
 * Rounded to 6 decimals so sums of many results stay readable.
 */

export const IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS = 0.0013;
export const IMAGE_MIN_PRICE = 0.0006;
export const VIDEO_PRICE_PER_SECOND = { "480p": 0.05, "720p": 0.1, "1080p": 0.2 } as const;
export const VIDEO_AUDIO_SURCHARGE = 0.2;
export const CONTROLNET_PREPROCESS_PRICE = 0.0006;
export const PROMPT_ENHANCE_PRICE = 0.0002;

function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

export function imageCost(width: number, height: number, steps: number): number {
  const mp = (width * height) / 1_000_000;
  return round(Math.max(IMAGE_MIN_PRICE, IMAGE_PRICE_PER_MEGAPIXEL_AT_20_STEPS * mp * (steps / 20)));
}

/** The tier of a video size: the largest side decides (832 -> 480p, 1280 -> 720p, 1920 -> 1080p). */
export function videoTierOf(width: number, height: number): keyof typeof VIDEO_PRICE_PER_SECOND {
  const side = Math.max(width, height);
  if (side <= 832) return "480p";
  if (side <= 1280) return "720p";
  return "1080p";
}

export function videoCost(width: number, height: number, seconds: number, audio: boolean): number {
  const base = VIDEO_PRICE_PER_SECOND[videoTierOf(width, height)] * seconds;
  return round(audio ? base * (1 + VIDEO_AUDIO_SURCHARGE) : base);
}

export function controlNetPreprocessCost(): number {
  return CONTROLNET_PREPROCESS_PRICE;
}

export function promptEnhanceCost(): number {
  return PROMPT_ENHANCE_PRICE;
}
