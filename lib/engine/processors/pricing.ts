import "server-only";
import {
  CONTROLNET_PREPROCESS_PRICE,
  imagePrice,
  PROMPT_ENHANCE_PRICE,
  videoPrice,
} from "@/lib/protocol/service-prices";

/**
 * What the engine reports as `cost` (USD, per result object) when a task has `includeCost: true`.
 * Nothing is charged: the figures are the service's published prices (lib/protocol/service-prices.ts),
 * the one table the studio also estimates with, so a budget admits exactly what the engine then
 * reports. `imageUpload` and `modelSearch` cost 0.
 */
export const imageCost = imagePrice;
export const videoCost = videoPrice;

export function controlNetPreprocessCost(): number {
  return CONTROLNET_PREPROCESS_PRICE;
}

export function promptEnhanceCost(): number {
  return PROMPT_ENHANCE_PRICE;
}
