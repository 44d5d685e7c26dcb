/**
 * What the Provider settings form shows for each provider of `providerSettings` (the contract's P1
 * to P8): a readable name, one line about it, and each field with its kind, label and hint. Keys,
 * enums, bounds and defaults are read from lib/protocol, never written here, so a corrected key
 * or bound reaches the form on its own.
 */
import {
  BRIA_MEDIUMS,
  BRIA_MODES,
  BYTEDANCE_PROMPT_MODES,
  MIDJOURNEY_NIJI,
  MIDJOURNEY_QUALITIES,
  OPENAI_BACKGROUNDS,
  OPENAI_QUALITIES,
  PROVIDER_DEFAULTS,
  PROVIDER_KEYS,
  PROVIDER_LIMITS,
} from "@/lib/protocol/provider-settings";
import {
  humanizeEnum,
  type ProviderField,
  type ProviderForm,
  type ProviderKey,
} from "./provider-field-kinds";
import { IDEOGRAM_FORM } from "./provider-ideogram-form";

export * from "./provider-field-kinds";

const { P1, P2, P3, P4, P6, P7, P8 } = PROVIDER_KEYS;
const D = PROVIDER_DEFAULTS;
const L = PROVIDER_LIMITS;

export const PROVIDER_FORMS: readonly ProviderForm[] = [
  {
    code: "P1",
    key: P1,
    label: "Alibaba",
    about: "Prompt rewriting for the image models of a video-model family.",
    fields: [
      {
        kind: "switch",
        name: "promptExtend",
        label: "Extend prompt",
        hint: "Rewrites the prompt in more detail before generating.",
        fallback: D[P1].promptExtend,
      },
    ],
  },
  {
    code: "P2",
    key: P2,
    label: "Black Forest Labs",
    about: "Prompt upsampling, safety tolerance and raw mode.",
    fields: [
      {
        kind: "switch",
        name: "promptUpsampling",
        label: "Prompt upsampling",
        fallback: D[P2].promptUpsampling,
      },
      {
        kind: "integer",
        name: "safetyTolerance",
        label: "Safety tolerance",
        hint: `${L[P2].safetyTolerance.min} is the strictest, ${L[P2].safetyTolerance.max} the most permissive.`,
        min: L[P2].safetyTolerance.min,
        max: L[P2].safetyTolerance.max,
        fallback: D[P2].safetyTolerance,
      },
      { kind: "switch", name: "raw", label: "Raw mode", fallback: D[P2].raw },
    ],
  },
  {
    code: "P3",
    key: P3,
    label: "Bria",
    about: "Enhancement, moderation and quality controls.",
    fields: [
      {
        kind: "switch",
        name: "promptEnhancement",
        label: "Prompt enhancement",
        fallback: D[P3].promptEnhancement,
      },
      { kind: "select", name: "medium", label: "Medium", options: BRIA_MEDIUMS },
      { kind: "switch", name: "enhanceImage", label: "Enhance image", fallback: D[P3].enhanceImage },
      {
        kind: "switch",
        name: "promptContentModeration",
        label: "Prompt moderation",
        hint: "Flagged prompts are rejected before processing.",
        fallback: D[P3].promptContentModeration,
      },
      {
        kind: "switch",
        name: "contentModeration",
        label: "Content moderation",
        hint: "Flagged inputs or outputs cause rejection.",
        fallback: D[P3].contentModeration,
      },
      { kind: "switch", name: "ipSignal", label: "IP signal", fallback: D[P3].ipSignal },
      { kind: "select", name: "mode", label: "Mode", options: BRIA_MODES, fallback: D[P3].mode },
      {
        kind: "switch",
        name: "enhanceReferenceImages",
        label: "Enhance reference images",
        hint: "Applies only when the request has reference inputs.",
        fallback: D[P3].enhanceReferenceImages,
      },
      { kind: "switch", name: "refinePrompt", label: "Refine prompt", fallback: D[P3].refinePrompt },
      {
        kind: "switch",
        name: "originalQuality",
        label: "Original quality",
        hint: "Off: the output is scaled to 1 megapixel, keeping its aspect ratio.",
        fallback: D[P3].originalQuality,
      },
      {
        kind: "switch",
        name: "forceBackgroundDetection",
        label: "Force background detection",
        fallback: D[P3].forceBackgroundDetection,
      },
    ],
  },
  {
    code: "P4",
    key: P4,
    label: "ByteDance",
    about: "Image sequences and prompt optimisation.",
    fields: [
      {
        kind: "integer",
        name: "maxSequentialImages",
        label: "Max sequential images",
        hint: `Reference images plus sequential images may not exceed ${L[P4].maxTotalImages}.`,
        min: L[P4].maxSequentialImages.min,
        max: L[P4].maxSequentialImages.max,
      },
      {
        kind: "select",
        name: "optimizePromptMode",
        label: "Prompt optimisation",
        options: BYTEDANCE_PROMPT_MODES,
        fallback: D[P4].optimizePromptMode,
      },
    ],
  },
  IDEOGRAM_FORM,
  {
    code: "P6",
    key: P6,
    label: "Midjourney",
    about: "Quality, stylize, chaos, weird and the engine.",
    fields: [
      {
        kind: "select",
        name: "quality",
        label: "Quality",
        hint: "The latest generation supports only 1 and 2.",
        options: MIDJOURNEY_QUALITIES,
        fallback: D[P6].quality,
      },
      {
        kind: "integer",
        name: "stylize",
        label: "Stylize",
        min: L[P6].stylize.min,
        max: L[P6].stylize.max,
        fallback: D[P6].stylize,
      },
      {
        kind: "integer",
        name: "chaos",
        label: "Chaos",
        min: L[P6].chaos.min,
        max: L[P6].chaos.max,
        fallback: D[P6].chaos,
      },
      {
        kind: "integer",
        name: "weird",
        label: "Weird",
        min: L[P6].weird.min,
        max: L[P6].weird.max,
        fallback: D[P6].weird,
      },
      {
        kind: "select",
        name: "niji",
        label: "Engine",
        options: MIDJOURNEY_NIJI,
        // `close` and `0` select the standard engine, `5` and `6` the anime one (provider-settings.ts).
        optionLabels: { close: "close (standard)", "0": "0 (standard)", "5": "5 (anime)", "6": "6 (anime)" },
        fallback: D[P6].niji,
      },
    ],
  },
  {
    code: "P7",
    key: P7,
    label: "OpenAI",
    about: "Quality and background.",
    fields: [
      {
        kind: "select",
        name: "quality",
        label: "Quality",
        options: OPENAI_QUALITIES,
        fallback: D[P7].quality,
      },
      {
        kind: "select",
        name: "background",
        label: "Background",
        options: OPENAI_BACKGROUNDS,
        fallback: D[P7].background,
      },
    ],
  },
  {
    code: "P8",
    key: P8,
    label: "P8",
    about: "Turbo mode. This provider's real key is unconfirmed: under another key, send it as raw JSON.",
    fields: [{ kind: "switch", name: "turbo", label: "Turbo", fallback: D[P8].turbo }],
  },
];

const KNOWN = new Set<string>(Object.values(PROVIDER_KEYS));

export function isKnownProvider(key: string): key is ProviderKey {
  return KNOWN.has(key);
}

export function providerForm(key: string): ProviderForm | undefined {
  return PROVIDER_FORMS.find((p) => p.key === key);
}

/** A provider's readable name; an unknown key (sent as raw JSON or recalled) is shown as itself. */
export function providerLabel(key: string): string {
  return providerForm(key)?.label ?? key;
}

/** What an empty select means: the provider's documented default, or its own choice. */
export function defaultOptionLabel(field: { fallback?: string | number | boolean }): string {
  if (field.fallback === undefined) return "Default (provider's choice)";
  if (typeof field.fallback === "boolean") return `Default (${field.fallback ? "on" : "off"})`;
  return `Default (${field.fallback})`;
}

/** A select's options as value/label pairs: the value sent, and what the person reads. */
export function selectOptions(
  field: Extract<ProviderField, { kind: "select" }>,
): { value: string; label: string }[] {
  return field.options.map((value) => ({
    value,
    label: field.optionLabels?.[value] ?? (field.humanize ? humanizeEnum(value) : value),
  }));
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  if (typeof value === "number") return !Number.isNaN(value);
  if (Array.isArray(value)) return value.some(hasValue);
  if (typeof value === "object") return Object.values(value).some(hasValue);
  return true;
}

/** The providers whose objects hold at least one value, known ones first in P1..P8 order. */
export function providersWithValues(settings: unknown): string[] {
  if (!settings || typeof settings !== "object") return [];
  const set = Object.entries(settings as Record<string, unknown>)
    .filter(([, v]) => hasValue(v))
    .map(([k]) => k);
  const order = (k: string) => {
    const i = PROVIDER_FORMS.findIndex((p) => p.key === k);
    return i === -1 ? PROVIDER_FORMS.length : i;
  };
  return set.sort((a, b) => order(a) - order(b));
}
