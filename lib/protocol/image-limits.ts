/**
 * Bounds, enums and defaults of the `imageInference` request, written once so that the schemas,
 * the studio's forms and the engine read the same numbers (docs/conventions.md, "One schema, used
 * everywhere").
 *
 * Sources: the contract's image tables; where it says "not shown", the real service's public
 * reference (docs/real-service.md, "Image limits").
 */
import { OUTPUT_QUALITY, TTL_MIN_SECONDS } from "./primitives";

export { BLANK_PROMPT } from "./blank-prompt";

/** The platform's fill model: the only model the ACE++ workflow runs on (contract: `<platform>:102@1`). */
export const ACE_PLUS_PLUS_MODEL = "runware:102@1";

export const IMAGE_RESOLUTIONS = ["1k", "2k", "4k"] as const;
export const ACCELERATION_PRESETS = ["none", "low", "medium", "high"] as const;
export const PROMPT_WEIGHTINGS = ["compel", "sdEmbeds"] as const;
export const CONTROL_MODES = ["balanced", "prompt", "controlnet"] as const;
/** ACE++ task types, from the public API reference (the contract does not show acePlusPlus's fields). */
export const ACE_PLUS_PLUS_TYPES = ["portrait", "subject", "local_editing"] as const;
/** Output formats that keep an alpha channel, as `advancedFeatures.layerDiffuse` needs. */
export const TRANSPARENT_OUTPUT_FORMATS = ["PNG", "WEBP"] as const;

const side = { min: 0, multipleOf: 64 } as const;
const weight01 = { min: 0, max: 1, default: 1 } as const;

export const IMAGE_LIMITS = {
  positivePrompt: { min: 2, max: 3000 },
  negativePrompt: { min: 2, max: 3000 },
  width: { min: 128, max: 2048, multipleOf: 64 },
  height: { min: 128, max: 2048, multipleOf: 64 },
  steps: { min: 1, max: 100, default: 20 },
  CFGScale: { min: 0, max: 50, default: 7 },
  numberResults: { min: 1, max: 20, default: 1 },
  strength: { min: 0, max: 1, default: 0.8 },
  maskMargin: { min: 32, max: 128 },
  /**
   * The contract's max is 2^63 (JSON writes it 9223372036854776000). A JSON number above 2^53
   * (`maxExact`) cannot be represented exactly in JavaScript: such a seed is accepted but arrives
   * rounded to the nearest double. Random seeds are 32-bit, so they are always exact.
   */
  seed: { min: 1, max: 9223372036854776000, maxExact: Number.MAX_SAFE_INTEGER },
  clipSkip: { min: 0, max: 2 },
  outputQuality: { min: OUTPUT_QUALITY.min, max: OUTPUT_QUALITY.max, default: OUTPUT_QUALITY.default },
  ttl: { min: TTL_MIN_SECONDS },
  /** Max 2 for the edit-model architecture, max 1 for the ACE++ workflow; the engine decides per model. */
  referenceImages: { min: 1, max: 2, maxAcePlusPlus: 1 },
  outpaint: { top: side, right: side, bottom: side, left: side, blur: { min: 0, max: 32, default: 0 } },
  controlNet: {
    weight: weight01,
    startStep: { min: 0 },
    endStep: { min: 1 },
    startStepPercentage: { min: 0, max: 99 },
    endStepPercentage: { min: 1, max: 100 },
  },
  lora: { weight: { min: -4, max: 4, default: 1 } },
  embeddings: { weight: { min: -4, max: 4, default: 1 } },
  ipAdapters: { weight: weight01 },
  /** Public reference: startStep from 2 to `steps`, startStepPercentage 1 to 99. */
  refiner: { startStep: { min: 2 }, startStepPercentage: { min: 1, max: 99 } },
  acceleratorOptions: {
    teaCacheDistance: { min: 0, max: 1, default: 0.5 },
    fbCacheThreshold: { min: 0, max: 1, default: 0.25 },
    deepCacheInterval: { min: 1, default: 3 },
    deepCacheBranchId: { min: 0, default: 0 },
    cacheStartStep: { min: 0 },
    cacheStartStepPercentage: { min: 0, max: 99 },
    cacheEndStep: { min: 1 },
    cacheEndStepPercentage: { min: 1, max: 100 },
    cacheMaxConsecutiveSteps: { min: 1, max: 5, default: 3 },
  },
  puLID: {
    inputImages: { min: 1, max: 1 },
    idWeight: { min: 0, max: 3, default: 1 },
    trueCFGScale: { min: 0, max: 10 },
    CFGStartStep: { min: 0, max: 10 },
    CFGStartStepPercentage: { min: 0, max: 100 },
  },
  acePlusPlus: {
    repaintingScale: { min: 0, max: 1, default: 0 },
    inputImages: { min: 1, max: 1 },
    inputMasks: { min: 1, max: 1 },
  },
} as const;

/**
 * What the service uses for an absent field. Fields marked (schema) are also zod `.default()`s,
 * so the parsed task carries them; the others are left absent by the schema because a rule or a
 * preset depends on whether they were given, and the engine applies them:
 * - `steps`, `scheduler` and every `acceleratorOptions` field: an `acceleration` preset sets them
 *   and only explicit values override it, so a filled-in default would silently beat the preset;
 * - `resolution`: allowed only with `referenceImages`, so a default would always look present.
 */
export const IMAGE_DEFAULTS = {
  outputType: "URL", // (schema)
  outputFormat: "JPG", // (schema)
  outputQuality: OUTPUT_QUALITY.default, // (schema)
  deliveryMethod: "sync", // (schema)
  includeCost: false, // (schema)
  safety: { checkContent: false }, // (schema, when safety is given)
  CFGScale: IMAGE_LIMITS.CFGScale.default, // (schema)
  numberResults: IMAGE_LIMITS.numberResults.default, // (schema)
  strength: IMAGE_LIMITS.strength.default, // (schema) used only with seedImage
  acceleration: "none", // (schema)
  steps: IMAGE_LIMITS.steps.default,
  resolution: "1k",
  outpaint: { blur: IMAGE_LIMITS.outpaint.blur.default }, // (schema)
  advancedFeatures: { layerDiffuse: false, hiresfix: false }, // (schema)
  acceleratorOptions: {
    teaCache: false,
    teaCacheDistance: IMAGE_LIMITS.acceleratorOptions.teaCacheDistance.default,
    fbCache: false,
    fbCacheThreshold: IMAGE_LIMITS.acceleratorOptions.fbCacheThreshold.default,
    deepCache: false,
    deepCacheInterval: IMAGE_LIMITS.acceleratorOptions.deepCacheInterval.default,
    deepCacheBranchId: IMAGE_LIMITS.acceleratorOptions.deepCacheBranchId.default,
    cacheMaxConsecutiveSteps: IMAGE_LIMITS.acceleratorOptions.cacheMaxConsecutiveSteps.default,
  },
  puLID: { idWeight: IMAGE_LIMITS.puLID.idWeight.default }, // (schema)
  controlNet: { weight: IMAGE_LIMITS.controlNet.weight.default }, // (schema)
  lora: { weight: IMAGE_LIMITS.lora.weight.default }, // (schema)
  embeddings: { weight: IMAGE_LIMITS.embeddings.weight.default }, // (schema)
  ipAdapters: { weight: IMAGE_LIMITS.ipAdapters.weight.default }, // (schema)
  acePlusPlus: { type: "portrait", repaintingScale: IMAGE_LIMITS.acePlusPlus.repaintingScale.default }, // (schema)
} as const;

/**
 * The most pixels an image tool (a ControlNet preprocess) takes as input; the studio and the
 * embedded engine both hold to it. The contract names no bound. 4096x4096 is the "4k" tier, the
 * largest image the service makes, four times over its 2048 px side; decoded it is 64 MB of RGBA.
 * An 8192x8192 PNG of 211 KB decodes to 256 MB, and thirty at once took a studio to 7.7 GB.
 */
export const TOOL_INPUT_MAX_PIXELS = 4096 * 4096;

/** Why an input above `TOOL_INPUT_MAX_PIXELS` is refused, in words. */
export function tooManyPixels(width: number, height: number): string {
  return `the image is ${width}x${height} pixels, and tools take at most ${TOOL_INPUT_MAX_PIXELS.toLocaleString("en")} (4096x4096); use a smaller image`;
}
