/**
 * The `imageInference` request: every field of the contract's image table with its type, bounds,
 * enum and default; no property other than the documented ones on the task or on any nested
 * object whose fields are known (`unknownParameter` with the full path); and the workflow rules,
 * each reported as its own error on the field the user should change.
 *
 * The workflow is chosen by which fields are present: text-to-image, image-to-image
 * (`seedImage`), inpainting (`seedImage` + `maskImage`), outpainting (`seedImage` + `outpaint`).
 * Defaults: see `IMAGE_DEFAULTS` for which ones the schema fills in and why the others are left
 * to the engine. The outpaint size rule needs the seed image's size, so it is not in the schema:
 * the engine calls `checkOutpaintAgainstSeed` after loading the seed image.
 */
import { z } from "zod";
import { type ServiceError, withTask } from "./errors";
import {
  acceleratorOptionsSchema,
  advancedFeaturesSchema,
  checkFeatureSteps,
  controlNetItemSchema,
  embeddingItemSchema,
  imageSafetySchema,
  ipAdapterItemSchema,
  loraItemSchema,
  outpaintSchema,
  refinerSchema,
} from "./image-features";
import { acePlusPlusSchema, puLIDSchema } from "./image-identity";
import {
  ACCELERATION_PRESETS,
  ACE_PLUS_PLUS_MODEL,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
  IMAGE_RESOLUTIONS,
  PROMPT_WEIGHTINGS,
  TRANSPARENT_OUTPUT_FORMATS,
} from "./image-limits";
import { ruleIssue } from "./issues";
import {
  airId,
  DELIVERY_METHODS,
  httpUrl,
  IMAGE_OUTPUT_FORMATS,
  imageInput,
  intIn,
  numberIn,
  OUTPUT_TYPES,
  outputQuality,
  ttlSeconds,
  uuidV4,
} from "./primitives";
import { checkProviderSettingsAgainstTask, providerSettingsSchema } from "./provider-settings";
import type { RuleSink } from "./rule-helpers";
import { isKeepableText, KEEPABLE_TEXT } from "./text";

export * from "./image-features";
export * from "./image-identity";
export * from "./image-limits";
export * from "./provider-settings";
export { conflictCode, type RuleSink } from "./rule-helpers";

const L = IMAGE_LIMITS;
const D = IMAGE_DEFAULTS;

const prompt = (limits: { min: number; max: number }) =>
  z.string().min(limits.min).max(limits.max).refine(isKeepableText, KEEPABLE_TEXT);
const side = (limits: { min: number; max: number; multipleOf: number }) =>
  intIn(limits.min, limits.max).multipleOf(limits.multipleOf);

/**
 * 1 to 2^63 as the contract says. JSON numbers above 2^53 are not exact in JavaScript: such a
 * seed is accepted (rejecting a seed the contract allows would break clients) but arrives rounded.
 * `z.int()` would cap at 2^53 - 1, so the integer check is a refinement.
 */
const seedSchema = numberIn(L.seed.min, L.seed.max).refine(Number.isInteger, {
  message: "Invalid value for 'seed': expected an integer.",
  params: { code: "invalidSeed", type: "integer" },
});

const imageInferenceFields = {
  taskType: z.literal("imageInference"),
  taskUUID: uuidV4,
  outputType: z.enum(OUTPUT_TYPES).default(D.outputType),
  outputFormat: z.enum(IMAGE_OUTPUT_FORMATS).default(D.outputFormat),
  outputQuality: outputQuality.default(D.outputQuality),
  webhookURL: httpUrl.optional(),
  deliveryMethod: z.enum(DELIVERY_METHODS).default(D.deliveryMethod),
  uploadEndpoint: httpUrl.optional(),
  safety: imageSafetySchema.optional(),
  /**
   * Legacy name of `safety.checkContent`, beyond the contract: `@runware/ai-sdk-provider` sends
   * `checkNSFW: false` in every request, so refusing it would break that client. The engine
   * treats it as `safety.checkContent`.
   */
  checkNSFW: z.boolean().optional(),
  ttl: ttlSeconds.optional(),
  includeCost: z.boolean().default(D.includeCost),
  /** `__BLANK__` (`BLANK_PROMPT`) means no text guidance. */
  positivePrompt: prompt(L.positivePrompt),
  negativePrompt: prompt(L.negativePrompt).optional(),
  seedImage: imageInput.optional(),
  maskImage: imageInput.optional(),
  maskMargin: intIn(L.maskMargin.min, L.maskMargin.max).optional(),
  /** Meaningful only with `seedImage` (lower keeps more of it); ignored otherwise. */
  strength: numberIn(L.strength.min, L.strength.max).default(D.strength),
  referenceImages: z.array(imageInput).min(L.referenceImages.min).max(L.referenceImages.max).optional(),
  outpaint: outpaintSchema.optional(),
  height: side(L.height),
  width: side(L.width),
  resolution: z.enum(IMAGE_RESOLUTIONS).optional(),
  model: airId,
  /** Overrides the model's own VAE. */
  vae: airId.optional(),
  steps: intIn(L.steps.min, L.steps.max).optional(),
  scheduler: z.string().min(1).optional(),
  seed: seedSchema.optional(),
  CFGScale: numberIn(L.CFGScale.min, L.CFGScale.max).default(D.CFGScale),
  clipSkip: intIn(L.clipSkip.min, L.clipSkip.max).optional(),
  promptWeighting: z.enum(PROMPT_WEIGHTINGS).optional(),
  numberResults: intIn(L.numberResults.min, L.numberResults.max).default(D.numberResults),
  acceleration: z.enum(ACCELERATION_PRESETS).default(D.acceleration),
  advancedFeatures: advancedFeaturesSchema.optional(),
  acceleratorOptions: acceleratorOptionsSchema.optional(),
  puLID: puLIDSchema.optional(),
  acePlusPlus: acePlusPlusSchema.optional(),
  refiner: refinerSchema.optional(),
  embeddings: z.array(embeddingItemSchema).optional(),
  controlNet: z.array(controlNetItemSchema).optional(),
  lora: z.array(loraItemSchema).optional(),
  ipAdapters: z.array(ipAdapterItemSchema).optional(),
  providerSettings: providerSettingsSchema.optional(),
};

type ImageFields = z.output<z.ZodObject<typeof imageInferenceFields>>;

/** The step count the step-numbered options are checked against, or undefined when a preset picks it. */
function stepsForRules(task: ImageFields): { steps: number; note: string } | undefined {
  if (task.steps !== undefined) return { steps: task.steps, note: "'steps'" };
  if (task.acceleration === "none") return { steps: D.steps, note: `the default when 'steps' is omitted` };
  // An acceleration preset chooses the steps; the engine checks once it has applied the preset.
  return undefined;
}

/** The workflow rules; each failure is its own error on the field the user should change. */
function checkRules(task: ImageFields, add: RuleSink): void {
  if (task.ttl !== undefined && task.outputType !== "URL") {
    add(
      "unsupportedTtl",
      ["ttl"],
      `'ttl' only applies when 'outputType' is URL (it is ${task.outputType}): remove 'ttl' or set outputType to URL.`,
      "integer",
    );
  }
  if (task.seedImage === undefined) {
    // Inpainting and outpainting both edit a starting image.
    const needs =
      task.maskImage !== undefined ? "maskImage" : task.outpaint !== undefined ? "outpaint" : undefined;
    if (needs !== undefined) {
      add(
        "missingSeedImage",
        ["seedImage"],
        `'${needs}' needs 'seedImage', the image to ${needs === "maskImage" ? "inpaint" : "outpaint"}: add seedImage or remove ${needs}.`,
        "string",
      );
    }
  }
  if (task.maskMargin !== undefined && task.maskImage === undefined) {
    add(
      "unsupportedMaskMargin",
      ["maskMargin"],
      "'maskMargin' only applies to inpainting: add 'maskImage' (with 'seedImage') or remove 'maskMargin'.",
      "integer",
    );
  }
  if (task.resolution !== undefined && task.referenceImages === undefined) {
    add(
      "unsupportedResolution",
      ["resolution"],
      "'resolution' only applies to image-to-image where the aspect ratio comes from the first reference image: add 'referenceImages' or remove 'resolution' (width and height set the size).",
      "string",
    );
  }
  if (task.acePlusPlus !== undefined) {
    if (task.model !== ACE_PLUS_PLUS_MODEL) {
      add(
        "unsupportedModel",
        ["model"],
        `'acePlusPlus' runs only on the fill model ${ACE_PLUS_PLUS_MODEL}: set 'model' to ${ACE_PLUS_PLUS_MODEL} or remove acePlusPlus.`,
        "string",
      );
    }
    const refs = task.referenceImages?.length;
    if (refs === undefined) {
      add(
        "missingReferenceImages",
        ["referenceImages"],
        "'acePlusPlus' needs 'referenceImages' at the root of the task (one image).",
        "array",
      );
    } else if (refs > L.referenceImages.maxAcePlusPlus) {
      add(
        "invalidReferenceImages",
        ["referenceImages"],
        `The ACE++ workflow takes at most ${L.referenceImages.maxAcePlusPlus} reference image (got ${refs}).`,
        "array",
      );
    }
  }
  const format = task.outputFormat;
  if (
    task.advancedFeatures?.layerDiffuse &&
    !(TRANSPARENT_OUTPUT_FORMATS as readonly string[]).includes(format)
  ) {
    add(
      "unsupportedOutputFormat",
      ["outputFormat"],
      `'advancedFeatures.layerDiffuse' makes transparent images, which ${format} cannot hold${format === D.outputFormat ? " (JPG is the default)" : ""}: set 'outputFormat' to ${TRANSPARENT_OUTPUT_FORMATS.join(" or ")}.`,
      "string",
    );
  }
  const steps = stepsForRules(task);
  if (steps !== undefined) checkFeatureSteps(task, steps.steps, steps.note, add);
  checkProviderSettingsAgainstTask(task, add);
}

/**
 * The cross-field rules run once every field is valid on its own, so a misspelled key is reported
 * as unknown, not also as the workflow it failed to set up.
 */
export const imageInferenceSchema = z
  .strictObject(imageInferenceFields)
  .superRefine(
    (task, ctx) =>
      checkRules(task, (code, path, message, type) =>
        ctx.addIssue(ruleIssue(code, path, message, task, type)),
      ),
    { when: (payload) => payload.issues.length === 0 },
  );

export type ImageInferenceTask = z.output<typeof imageInferenceSchema>;
export type ImageInferenceInput = z.input<typeof imageInferenceSchema>;

/**
 * Outpainting: `width` and `height` must be the seed image's size plus the extensions
 * (`left + right`, `top + bottom`). The engine calls this once it has loaded the seed image.
 */
export function checkOutpaintAgainstSeed(
  task: Pick<ImageInferenceTask, "taskType" | "taskUUID" | "width" | "height" | "outpaint">,
  seed: { width: number; height: number },
): ServiceError[] {
  const o = task.outpaint;
  if (o === undefined) return [];
  const axes = [
    ["width", seed.width, o.left ?? 0, o.right ?? 0, "left", "right"],
    ["height", seed.height, o.top ?? 0, o.bottom ?? 0, "top", "bottom"],
  ] as const;
  const errors: ServiceError[] = [];
  for (const [axis, size, a, b, aName, bName] of axes) {
    const expected = size + a + b;
    if (task[axis] === expected) continue;
    errors.push(
      withTask(
        {
          code: axis === "width" ? "invalidWidth" : "invalidHeight",
          message: `With 'outpaint', '${axis}' must be the seed image's ${axis} plus outpaint.${aName} and outpaint.${bName}: ${size} + ${a} + ${b} = ${expected} (got ${task[axis]}). Set ${axis} to ${expected} or change the outpaint extensions.`,
          parameter: axis,
          type: "integer",
        },
        task,
      ),
    );
  }
  return errors;
}
