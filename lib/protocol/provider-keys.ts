/**
 * The providers of `providerSettings` (the contract's P1 to P8): their real keys, bounds and
 * defaults, in one place so that a wrong guess is corrected once.
 */

/**
 * The real key of each provider, in one place so a wrong guess is corrected once
 * (docs/real-service.md, "Provider settings keys"). P8's key was not found in public material:
 * `p8` is a placeholder, and its `turbo` object sent under the real key is still accepted as an
 * unknown provider object.
 */
export const PROVIDER_KEYS = {
  P1: "alibaba",
  P2: "bfl",
  P3: "bria",
  P4: "bytedance",
  P5: "ideogram",
  P6: "midjourney",
  P7: "openai",
  P8: "p8",
} as const;

export const PROVIDER_LIMITS = {
  bfl: { safetyTolerance: { min: 0, max: 6 } },
  /** Reference images plus sequential images may not exceed `maxTotalImages`. */
  bytedance: { maxSequentialImages: { min: 1, max: 15 }, maxTotalImages: 15 },
  ideogram: {
    styleReferenceImages: { min: 1, max: 4 },
    remixStrength: { min: 1, max: 100 },
    characterReferenceImages: { min: 1, max: 1 },
    colorWeight: { min: 0.05, max: 1 },
  },
  midjourney: { stylize: { min: 0, max: 1000 }, chaos: { min: 0, max: 100 }, weird: { min: 0, max: 3000 } },
} as const;

export const PROVIDER_DEFAULTS = {
  alibaba: { promptExtend: true },
  bfl: { promptUpsampling: false, safetyTolerance: 2, raw: false },
  bria: {
    promptEnhancement: false,
    enhanceImage: false,
    promptContentModeration: true,
    contentModeration: true,
    ipSignal: false,
    mode: "base",
    enhanceReferenceImages: true,
    refinePrompt: true,
    originalQuality: true,
    forceBackgroundDetection: false,
  },
  bytedance: { optimizePromptMode: "standard" },
  ideogram: { renderingSpeed: "DEFAULT", magicPrompt: "AUTO", styleType: "AUTO", remixStrength: 50 },
  midjourney: { quality: "1", stylize: 100, chaos: 0, weird: 0, niji: "close" },
  openai: { quality: "auto", background: "auto" },
  p8: { turbo: false },
} as const;
