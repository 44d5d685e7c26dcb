/**
 * The advanced image options as the form shows them: the switches of `advancedFeatures` and the
 * caches of `acceleratorOptions` with the options each one reveals, plus the rules the form checks
 * before the contract does so it can offer a fix (ACE++'s model and reference image, layerDiffuse's
 * output format). Keys come from the schemas (the test holds these lists to them).
 */
import type { AcceleratorOptions, AdvancedFeatures } from "@/lib/protocol/image-features";
import {
  ACE_PLUS_PLUS_MODEL,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
  TRANSPARENT_OUTPUT_FORMATS,
} from "@/lib/protocol/image-limits";

export const ADVANCED_FEATURE_FIELDS: readonly {
  name: keyof AdvancedFeatures;
  label: string;
  hint: string;
}[] = [
  {
    name: "layerDiffuse",
    label: "Transparent background (LayerDiffuse)",
    hint: "For one transformer architecture; needs an output format with an alpha channel.",
  },
  { name: "hiresfix", label: "Hires fix", hint: "Generates, then upscales and refines in a second pass." },
];

type CacheSwitch = "teaCache" | "fbCache" | "deepCache";

export interface CacheField {
  name: CacheSwitch;
  label: string;
  hint: string;
  /** The options that tune this cache, shown (and sent) only while it is on. */
  options: readonly { name: keyof AcceleratorOptions; label: string; integer: boolean; hint?: string }[];
}

export const CACHE_FIELDS: readonly CacheField[] = [
  {
    name: "teaCache",
    label: "TeaCache",
    hint: "Transformer models only.",
    options: [
      { name: "teaCacheDistance", label: "Distance", integer: false, hint: "Higher is more aggressive." },
    ],
  },
  {
    name: "fbCache",
    label: "First-block cache",
    hint: "Reuses early-block results between steps.",
    options: [{ name: "fbCacheThreshold", label: "Threshold", integer: false }],
  },
  {
    name: "deepCache",
    label: "DeepCache",
    hint: "UNet models only.",
    options: [
      { name: "deepCacheInterval", label: "Interval", integer: true },
      { name: "deepCacheBranchId", label: "Branch id", integer: true },
    ],
  },
];

export type StepForm = "steps" | "percent";

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  return !(typeof value === "number" && Number.isNaN(value));
}

/**
 * Which inputs a "steps or percent" pair shows: the form holding a value; both when both do (a
 * recalled or pasted conflict stays visible so it can be fixed, never sent unseen); else the chosen.
 */
export function shownStepForms(step: unknown, percent: unknown, chosen: StepForm): StepForm[] {
  const s = isSet(step);
  const p = isSet(percent);
  if (s && p) return ["steps", "percent"];
  if (s) return ["steps"];
  if (p) return ["percent"];
  return [chosen];
}

/** The format layerDiffuse would be refused with (the default when none is chosen), or null. */
export function transparencyConflict(layerDiffuse: unknown, outputFormat: unknown): string | null {
  if (layerDiffuse !== true) return null;
  const format =
    typeof outputFormat === "string" && outputFormat !== "" ? outputFormat : IMAGE_DEFAULTS.outputFormat;
  return (TRANSPARENT_OUTPUT_FORMATS as readonly string[]).includes(format) ? null : format;
}

export interface AceReadiness {
  modelOk: boolean;
  references: number;
  referencesOk: boolean;
}

/** What ACE++ still needs from the rest of the task: the fill model and exactly one root reference image. */
export function aceReadiness(model: unknown, referenceImages: unknown): AceReadiness {
  const references = Array.isArray(referenceImages) ? referenceImages.filter(isSet).length : 0;
  return {
    modelOk: model === ACE_PLUS_PLUS_MODEL,
    references,
    referencesOk:
      references >= IMAGE_LIMITS.referenceImages.min &&
      references <= IMAGE_LIMITS.referenceImages.maxAcePlusPlus,
  };
}
