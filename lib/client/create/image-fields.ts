import { IMAGE_DEFAULTS } from "@/lib/protocol/image-limits";

/** Fields every image workflow shows (the base panels and the advanced ones). */
export const COMMON_IMAGE_FIELDS = [
  "model",
  "positivePrompt",
  "negativePrompt",
  "promptWeighting",
  "width",
  "height",
  "seed",
  "steps",
  "CFGScale",
  "scheduler",
  "clipSkip",
  "numberResults",
  "outputFormat",
  "outputQuality",
  "lora",
  "embeddings",
  "refiner",
  "vae",
  "ipAdapters",
  "puLID",
  "acePlusPlus",
  "referenceImages",
  "resolution",
  "acceleration",
  "acceleratorOptions",
  "advancedFeatures",
  "providerSettings",
  "safety",
  "extraJson",
] as const;

/** The model a new form starts on: fast, general, and listed by every catalogue. */
export const DEFAULT_IMAGE_MODEL = "runware:100@1";

/** A fresh image form: the values a person sees before touching anything. */
export const BASE_IMAGE_VALUES: Record<string, unknown> = {
  model: DEFAULT_IMAGE_MODEL,
  positivePrompt: "",
  negativePrompt: "",
  width: 1024,
  height: 1024,
  numberResults: 4,
  outputFormat: IMAGE_DEFAULTS.outputFormat,
  extraJson: "",
};

/** Only the fields a page shows go into its task: a stale value from elsewhere never leaks in. */
export function pickFields(
  values: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in values) out[f] = values[f];
  return out;
}
