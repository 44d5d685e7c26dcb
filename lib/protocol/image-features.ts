/**
 * The nested objects of the `imageInference` request: controlNet, lora, embeddings, refiner,
 * ipAdapters, acceleratorOptions, advancedFeatures, outpaint, safety (puLID and acePlusPlus are in
 * `image-identity.ts`). Each is strict (a typo is `unknownParameter` with its full path,
 * `lora.0.wieght`), and rules that need only the object itself (alternative pairs, start < end)
 * live on it, so a form that edits one object can validate it alone. Rules that need the task's
 * `steps` are `checkFeatureSteps`, which the task schema runs once everything else is valid.
 */
import { z } from "zod";
import { CONTROL_MODES, IMAGE_LIMITS } from "./image-limits";
import { codeForPath } from "./issues";
import { airId, imageInput, intIn, numberIn } from "./primitives";
import { conflictCode, exclusive, objectRules, type RuleSink } from "./rule-helpers";

const L = IMAGE_LIMITS;

// controlNet -------------------------------------------------------------------------------------

const cn = L.controlNet;
const STEP_FORM = ["startStep", "endStep"] as const;
const PERCENT_FORM = ["startStepPercentage", "endStepPercentage"] as const;

export const controlNetItemSchema = z
  .strictObject({
    model: airId,
    guideImage: imageInput,
    weight: numberIn(cn.weight.min, cn.weight.max).default(cn.weight.default),
    startStep: intIn(cn.startStep.min).optional(),
    endStep: intIn(cn.endStep.min).optional(),
    startStepPercentage: intIn(cn.startStepPercentage.min, cn.startStepPercentage.max).optional(),
    endStepPercentage: intIn(cn.endStepPercentage.min, cn.endStepPercentage.max).optional(),
    controlMode: z.enum(CONTROL_MODES).optional(),
  })
  .superRefine(
    ...objectRules<{
      startStep?: number | undefined;
      endStep?: number | undefined;
      startStepPercentage?: number | undefined;
      endStepPercentage?: number | undefined;
    }>((item, add) => {
      const step = STEP_FORM.find((k) => item[k] !== undefined);
      const percent = PERCENT_FORM.find((k) => item[k] !== undefined);
      if (step !== undefined && percent !== undefined) {
        add(
          conflictCode(step, percent),
          [percent],
          `A controlNet item uses either steps (startStep/endStep) or percentages (startStepPercentage/endStepPercentage), not both: remove '${percent}' or '${step}'.`,
          "undefined",
        );
        return;
      }
      if (item.startStep !== undefined && item.endStep !== undefined && item.endStep <= item.startStep) {
        add(
          "invalidControlNetEndStep",
          ["endStep"],
          `controlNet 'endStep' (${item.endStep}) must be greater than 'startStep' (${item.startStep}).`,
          "integer",
        );
      }
      const { startStepPercentage: s, endStepPercentage: e } = item;
      if (s !== undefined && e !== undefined && e <= s) {
        add(
          "invalidControlNetEndStepPercentage",
          ["endStepPercentage"],
          `controlNet 'endStepPercentage' (${e}) must be greater than 'startStepPercentage' (${s}).`,
          "integer",
        );
      }
    }),
  );
export type ControlNetItem = z.output<typeof controlNetItemSchema>;

// lora, embeddings, ipAdapters -------------------------------------------------------------------

export const loraItemSchema = z.strictObject({
  model: airId,
  // Negative weights steer away from the LoRA's concept.
  weight: numberIn(L.lora.weight.min, L.lora.weight.max).default(L.lora.weight.default),
});
export type LoraItem = z.output<typeof loraItemSchema>;

export const embeddingItemSchema = z.strictObject({
  model: airId,
  weight: numberIn(L.embeddings.weight.min, L.embeddings.weight.max).default(L.embeddings.weight.default),
});
export type EmbeddingItem = z.output<typeof embeddingItemSchema>;

export const ipAdapterItemSchema = z.strictObject({
  model: airId,
  guideImage: imageInput,
  weight: numberIn(L.ipAdapters.weight.min, L.ipAdapters.weight.max).default(L.ipAdapters.weight.default),
});
export type IpAdapterItem = z.output<typeof ipAdapterItemSchema>;

// refiner ----------------------------------------------------------------------------------------

/** `{ model, startStep }` or `{ model, startStepPercentage }`: exactly one of the two starts. */
export const refinerSchema = z
  .strictObject({
    model: airId,
    startStep: intIn(L.refiner.startStep.min).optional(),
    startStepPercentage: intIn(
      L.refiner.startStepPercentage.min,
      L.refiner.startStepPercentage.max,
    ).optional(),
  })
  .superRefine(
    ...objectRules<{ startStep?: number | undefined; startStepPercentage?: number | undefined }>((r, add) => {
      if (exclusive(r, "startStep", "startStepPercentage", "refiner: ", add)) return;
      if (r.startStep === undefined && r.startStepPercentage === undefined) {
        add(
          "missingRefinerStartStep",
          ["startStep"],
          "refiner needs where the refiner takes over: 'startStep' (a step number) or 'startStepPercentage' (1-99).",
          "integer",
        );
      }
    }),
  );
export type Refiner = z.output<typeof refinerSchema>;

// acceleratorOptions -----------------------------------------------------------------------------

const ao = L.acceleratorOptions;

/**
 * No `.default()`s here: an `acceleration` preset sets these options and only explicit values
 * override it, so a filled-in default would silently beat the preset (`IMAGE_DEFAULTS` has them).
 */
export const acceleratorOptionsSchema = z
  .strictObject({
    teaCache: z.boolean().optional(),
    teaCacheDistance: numberIn(ao.teaCacheDistance.min, ao.teaCacheDistance.max).optional(),
    fbCache: z.boolean().optional(),
    fbCacheThreshold: numberIn(ao.fbCacheThreshold.min, ao.fbCacheThreshold.max).optional(),
    deepCache: z.boolean().optional(),
    deepCacheInterval: intIn(ao.deepCacheInterval.min).optional(),
    deepCacheBranchId: intIn(ao.deepCacheBranchId.min).optional(),
    cacheStartStep: intIn(ao.cacheStartStep.min).optional(),
    cacheStartStepPercentage: intIn(
      ao.cacheStartStepPercentage.min,
      ao.cacheStartStepPercentage.max,
    ).optional(),
    cacheEndStep: intIn(ao.cacheEndStep.min).optional(),
    cacheEndStepPercentage: intIn(ao.cacheEndStepPercentage.min, ao.cacheEndStepPercentage.max).optional(),
    cacheMaxConsecutiveSteps: intIn(
      ao.cacheMaxConsecutiveSteps.min,
      ao.cacheMaxConsecutiveSteps.max,
    ).optional(),
  })
  .superRefine(
    ...objectRules<{
      cacheStartStep?: number | undefined;
      cacheStartStepPercentage?: number | undefined;
      cacheEndStep?: number | undefined;
      cacheEndStepPercentage?: number | undefined;
    }>((o, add) => {
      const where = "acceleratorOptions: ";
      const startPair = exclusive(o, "cacheStartStep", "cacheStartStepPercentage", where, add);
      const endPair = exclusive(o, "cacheEndStep", "cacheEndStepPercentage", where, add);
      if (!startPair && !endPair) {
        if (
          o.cacheStartStep !== undefined &&
          o.cacheEndStep !== undefined &&
          o.cacheEndStep <= o.cacheStartStep
        ) {
          add(
            "invalidAcceleratorOptionsCacheEndStep",
            ["cacheEndStep"],
            `acceleratorOptions 'cacheEndStep' (${o.cacheEndStep}) must be at least cacheStartStep + 1 (${o.cacheStartStep + 1}).`,
            "integer",
          );
        }
        const { cacheStartStepPercentage: s, cacheEndStepPercentage: e } = o;
        if (s !== undefined && e !== undefined && e <= s) {
          add(
            "invalidAcceleratorOptionsCacheEndStepPercentage",
            ["cacheEndStepPercentage"],
            `acceleratorOptions 'cacheEndStepPercentage' (${e}) must be greater than 'cacheStartStepPercentage' (${s}).`,
            "integer",
          );
        }
      }
    }),
  );
export type AcceleratorOptions = z.output<typeof acceleratorOptionsSchema>;

// advancedFeatures, outpaint, safety -------------------------------------------------------------

export const advancedFeaturesSchema = z.strictObject({
  /** Transparent output; needs a PNG or WEBP `outputFormat` (checked on the task). */
  layerDiffuse: z.boolean().default(false),
  /** Two-stage generate, then upscale and refine. */
  hiresfix: z.boolean().default(false),
});
export type AdvancedFeatures = z.output<typeof advancedFeaturesSchema>;

const op = L.outpaint;
const outpaintSide = intIn(op.top.min).multipleOf(op.top.multipleOf).optional();
export const OUTPAINT_SIDES = ["top", "right", "bottom", "left"] as const;

/** Pixels added on each side of `seedImage`; `width`/`height` must equal the seed size plus them. */
export const outpaintSchema = z
  .strictObject({
    top: outpaintSide,
    right: outpaintSide,
    bottom: outpaintSide,
    left: outpaintSide,
    blur: intIn(op.blur.min, op.blur.max).default(op.blur.default),
  })
  .superRefine(
    ...objectRules<Partial<Record<(typeof OUTPAINT_SIDES)[number], number | undefined>>>((o, add) => {
      if (OUTPAINT_SIDES.some((s) => (o[s] ?? 0) > 0)) return;
      add(
        "invalidOutpaint",
        [],
        "outpaint must extend at least one side: give 'top', 'right', 'bottom' or 'left' a multiple of 64 greater than 0.",
        "object",
      );
    }),
  );
export type Outpaint = z.output<typeof outpaintSchema>;

export const imageSafetySchema = z.strictObject({
  /** When true the service checks in fast mode; results carry `NSFWContent`. */
  checkContent: z.boolean().default(false),
});

// Rules that need the task's step count ----------------------------------------------------------

export interface StepFeatures {
  controlNet?: readonly ControlNetItem[] | undefined;
  refiner?: Refiner | undefined;
  acceleratorOptions?: AcceleratorOptions | undefined;
}

/**
 * Step numbers must fit in the task's `steps`: controlNet start < end <= steps (start < steps
 * without an end), refiner startStep < steps, acceleratorOptions cacheStartStep <= steps and
 * cacheEndStep <= steps. `stepsNote` says where `steps` came from, for the message.
 */
export function checkFeatureSteps(task: StepFeatures, steps: number, stepsNote: string, add: RuleSink): void {
  const tooBig = (path: PropertyKey[], what: string, value: number, relation: string) =>
    add(
      codeForPath("invalid", path),
      path,
      `'${what}' (${value}) must be ${relation} steps (${stepsNote}).`,
      "integer",
    );

  task.controlNet?.forEach((item, i) => {
    const base = `controlNet.${i}`;
    if (item.endStep !== undefined && item.endStep > steps) {
      tooBig(["controlNet", i, "endStep"], `${base}.endStep`, item.endStep, "at most");
    } else if (item.endStep === undefined && item.startStep !== undefined && item.startStep >= steps) {
      tooBig(["controlNet", i, "startStep"], `${base}.startStep`, item.startStep, "less than");
    }
  });
  const start = task.refiner?.startStep;
  if (start !== undefined && start >= steps)
    tooBig(["refiner", "startStep"], "refiner.startStep", start, "less than");
  const o = task.acceleratorOptions;
  if (o?.cacheStartStep !== undefined && o.cacheStartStep > steps) {
    tooBig(
      ["acceleratorOptions", "cacheStartStep"],
      "acceleratorOptions.cacheStartStep",
      o.cacheStartStep,
      "at most",
    );
  }
  if (o?.cacheEndStep !== undefined && o.cacheEndStep > steps) {
    tooBig(
      ["acceleratorOptions", "cacheEndStep"],
      "acceleratorOptions.cacheEndStep",
      o.cacheEndStep,
      "at most",
    );
  }
}
