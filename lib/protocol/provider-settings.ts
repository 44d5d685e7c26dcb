/**
 * `providerSettings`: one optional object per third-party provider (the contract's P1 to P8).
 * Known providers get strict inner objects with every field, enum and bound of the contract's
 * table. Any other key is accepted as an arbitrary JSON object, because the studio lets a user
 * send a provider object as raw JSON; a misspelled known key (`idegram`) therefore passes as an
 * unknown provider rather than failing.
 *
 * The schemas fill in no defaults: these objects are forwarded to the provider, which applies its
 * own (some are model-dependent, and P5's default `styleType` would collide with `styleCode`).
 * `PROVIDER_DEFAULTS` lists them for forms and for the engine.
 */
import { z } from "zod";
import { codeForPath } from "./issues";
import { intIn } from "./primitives";
import { ideogramSettingsSchema } from "./provider-ideogram";
import { PROVIDER_KEYS, PROVIDER_LIMITS } from "./provider-keys";
import { conflictCode, type RuleSink } from "./rule-helpers";

export * from "./provider-ideogram";
export * from "./provider-keys";

const P5 = PROVIDER_KEYS.P5;

// P1-P4 ------------------------------------------------------------------------------------------

/** P1: prompt rewriting for a video-model family's image models. */
export const alibabaSettingsSchema = z.strictObject({ promptExtend: z.boolean().optional() });

export const bflSettingsSchema = z.strictObject({
  promptUpsampling: z.boolean().optional(),
  /** 0 strictest .. 6 most permissive. */
  safetyTolerance: intIn(
    PROVIDER_LIMITS.bfl.safetyTolerance.min,
    PROVIDER_LIMITS.bfl.safetyTolerance.max,
  ).optional(),
  raw: z.boolean().optional(),
});

export const BRIA_MEDIUMS = ["photography", "art"] as const;
export const BRIA_MODES = ["base", "high_control", "fast"] as const;
export const briaSettingsSchema = z.strictObject({
  promptEnhancement: z.boolean().optional(),
  medium: z.enum(BRIA_MEDIUMS).optional(),
  enhanceImage: z.boolean().optional(),
  promptContentModeration: z.boolean().optional(),
  contentModeration: z.boolean().optional(),
  ipSignal: z.boolean().optional(),
  mode: z.enum(BRIA_MODES).optional(),
  // The contract ties this to `inputs.references`, a field the image request does not have: no rule.
  enhanceReferenceImages: z.boolean().optional(),
  refinePrompt: z.boolean().optional(),
  /** false: output scaled to 1 megapixel, aspect ratio kept. */
  originalQuality: z.boolean().optional(),
  forceBackgroundDetection: z.boolean().optional(),
});

export const BYTEDANCE_PROMPT_MODES = ["standard", "fast"] as const;
const bd = PROVIDER_LIMITS.bytedance;
export const bytedanceSettingsSchema = z.strictObject({
  maxSequentialImages: intIn(bd.maxSequentialImages.min, bd.maxSequentialImages.max).optional(),
  optimizePromptMode: z.enum(BYTEDANCE_PROMPT_MODES).optional(),
});

// P6-P8 ------------------------------------------------------------------------------------------

/** Strings, as the contract lists them; the latest generation supports only "1" and "2". */
export const MIDJOURNEY_QUALITIES = ["0.25", "0.5", "1", "2"] as const;
/** The engine selector: `close` (default) and `0` are the standard engine, `5` and `6` the anime one. */
export const MIDJOURNEY_NIJI = ["close", "0", "5", "6"] as const;
const mj = PROVIDER_LIMITS.midjourney;

/**
 * The contract hides the engine selector's key because it is a brand name; the provider's public
 * notes call it `niji`, the name of its anime engine.
 */
export const midjourneySettingsSchema = z.strictObject({
  quality: z.enum(MIDJOURNEY_QUALITIES).optional(),
  stylize: intIn(mj.stylize.min, mj.stylize.max).optional(),
  chaos: intIn(mj.chaos.min, mj.chaos.max).optional(),
  weird: intIn(mj.weird.min, mj.weird.max).optional(),
  niji: z.enum(MIDJOURNEY_NIJI).optional(),
});

export const OPENAI_QUALITIES = ["auto", "high", "medium", "low"] as const;
export const OPENAI_BACKGROUNDS = ["auto", "transparent", "opaque"] as const;
export const openaiSettingsSchema = z.strictObject({
  quality: z.enum(OPENAI_QUALITIES).optional(),
  background: z.enum(OPENAI_BACKGROUNDS).optional(),
});

export const p8SettingsSchema = z.strictObject({ turbo: z.boolean().optional() });

// The object ---------------------------------------------------------------------------------------

export const providerSettingsSchema = z
  .object({
    [PROVIDER_KEYS.P1]: alibabaSettingsSchema.optional(),
    [PROVIDER_KEYS.P2]: bflSettingsSchema.optional(),
    [PROVIDER_KEYS.P3]: briaSettingsSchema.optional(),
    [PROVIDER_KEYS.P4]: bytedanceSettingsSchema.optional(),
    [PROVIDER_KEYS.P5]: ideogramSettingsSchema.optional(),
    [PROVIDER_KEYS.P6]: midjourneySettingsSchema.optional(),
    [PROVIDER_KEYS.P7]: openaiSettingsSchema.optional(),
    [PROVIDER_KEYS.P8]: p8SettingsSchema.optional(),
  })
  // Any other provider: an arbitrary JSON object, forwarded as sent.
  .catchall(z.looseObject({}));
export type ProviderSettings = z.output<typeof providerSettingsSchema>;

/** What the cross-root provider rules read from the task. */
export interface ProviderRuleInput {
  referenceImages?: readonly string[] | undefined;
  providerSettings?: ProviderSettings | undefined;
}

/**
 * Provider rules that involve the task's root: P4 reference images plus sequential images at most
 * 15; P5 `styleCode` not combined with `referenceImages`.
 */
export function checkProviderSettingsAgainstTask(task: ProviderRuleInput, add: RuleSink): void {
  const refs = task.referenceImages?.length ?? 0;
  const sequential = task.providerSettings?.[PROVIDER_KEYS.P4]?.maxSequentialImages;
  if (sequential !== undefined && refs + sequential > bd.maxTotalImages) {
    add(
      codeForPath("invalid", ["providerSettings", PROVIDER_KEYS.P4, "maxSequentialImages"]),
      ["providerSettings", PROVIDER_KEYS.P4, "maxSequentialImages"],
      `Reference images plus sequential images may not exceed ${bd.maxTotalImages}: with ${refs} reference image(s), 'maxSequentialImages' can be at most ${bd.maxTotalImages - refs} (got ${sequential}).`,
      "integer",
    );
  }
  if (task.providerSettings?.[P5]?.styleCode !== undefined && task.referenceImages !== undefined) {
    add(
      conflictCode("styleCode", "referenceImages"),
      ["referenceImages"],
      `'providerSettings.${P5}.styleCode' cannot be combined with 'referenceImages': remove one of them.`,
      "undefined",
    );
  }
}
