/**
 * Task types of the real service beyond the contract (docs/real-service.md, "Other task types"):
 * `imageUpload`, `modelSearch`, `imageControlNetPreProcess`, `promptEnhance`. Strict like every
 * request: an unknown property is `unknownParameter`.
 *
 * Unlike the video request, no rule here checks whether a field was given, so the documented
 * defaults are zod `.default()`s and the parsed task carries them.
 */
import { z } from "zod";
import { ruleIssue } from "./issues";
import { IMAGE_OUTPUT_FORMATS, imageInput, intIn, OUTPUT_TYPES, outputQuality, uuidV4 } from "./primitives";
import { isKeepableText, KEEPABLE_TEXT } from "./text";

export const UTILITY_TASK_TYPES = [
  "imageUpload",
  "modelSearch",
  "imageControlNetPreProcess",
  "promptEnhance",
] as const;
export type UtilityTaskType = (typeof UTILITY_TASK_TYPES)[number];

// imageUpload ------------------------------------------------------------------------------------

/** Stores an image and answers its `imageUUID`, usable afterwards as any image input. */
export const imageUploadSchema = z.strictObject({
  taskType: z.literal("imageUpload"),
  taskUUID: uuidV4,
  image: imageInput,
});
export type ImageUploadTask = z.output<typeof imageUploadSchema>;

// modelSearch ------------------------------------------------------------------------------------

export const MODEL_CATEGORIES = ["checkpoint", "lora", "controlnet", "vae", "embeddings"] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

export const MODEL_SEARCH_LIMITS = {
  limit: { min: 1, max: 100, default: 20 },
  offset: { min: 0, default: 0 },
} as const;

export const modelSearchSchema = z.strictObject({
  taskType: z.literal("modelSearch"),
  taskUUID: uuidV4,
  search: z.string().optional(),
  category: z.enum(MODEL_CATEGORIES).optional(),
  architecture: z.string().min(1).optional(),
  limit: intIn(MODEL_SEARCH_LIMITS.limit.min, MODEL_SEARCH_LIMITS.limit.max).default(
    MODEL_SEARCH_LIMITS.limit.default,
  ),
  offset: intIn(MODEL_SEARCH_LIMITS.offset.min).default(MODEL_SEARCH_LIMITS.offset.default),
});
export type ModelSearchTask = z.output<typeof modelSearchSchema>;

// imageControlNetPreProcess ----------------------------------------------------------------------

export const PREPROCESSOR_TYPES = [
  "canny",
  "depth",
  "mlsd",
  "normalbae",
  "openpose",
  "tile",
  "seg",
  "lineart",
  "lineart_anime",
  "shuffle",
  "scribble",
  "softedge",
] as const;
export type PreProcessorType = (typeof PREPROCESSOR_TYPES)[number];

/**
 * Width and height follow the image request's bounds (128-2048, multiples of 64). The notes give
 * only the Canny defaults (100/200); the bounds 1-255 are chosen, the range the common ControlNet
 * annotator UIs expose for these 8-bit gradient thresholds.
 */
export const CONTROLNET_PREPROCESS_LIMITS = {
  size: { min: 128, max: 2048, multipleOf: 64 },
  lowThresholdCanny: { min: 1, max: 255, default: 100 },
  highThresholdCanny: { min: 1, max: 255, default: 200 },
} as const;

const C = CONTROLNET_PREPROCESS_LIMITS;
const imageSide = intIn(C.size.min, C.size.max).multipleOf(C.size.multipleOf);

export const imageControlNetPreProcessSchema = z
  .strictObject({
    taskType: z.literal("imageControlNetPreProcess"),
    taskUUID: uuidV4,
    inputImage: imageInput,
    preProcessorType: z.enum(PREPROCESSOR_TYPES),
    width: imageSide.optional(),
    height: imageSide.optional(),
    lowThresholdCanny: intIn(C.lowThresholdCanny.min, C.lowThresholdCanny.max).default(
      C.lowThresholdCanny.default,
    ),
    highThresholdCanny: intIn(C.highThresholdCanny.min, C.highThresholdCanny.max).default(
      C.highThresholdCanny.default,
    ),
    outputType: z.enum(OUTPUT_TYPES).optional(),
    outputFormat: z.enum(IMAGE_OUTPUT_FORMATS).optional(),
    outputQuality: outputQuality.optional(),
    /** The real service reports what a preprocess cost, as for inference (USD, `cost`). */
    includeCost: z.boolean().optional(),
  })
  .superRefine((task, ctx) => {
    // Checked after defaults, so a lone `lowThresholdCanny: 250` fails against the default 200.
    if (task.lowThresholdCanny >= task.highThresholdCanny) {
      ctx.addIssue(
        ruleIssue(
          "invalidHighThresholdCanny",
          ["highThresholdCanny"],
          `'highThresholdCanny' (${task.highThresholdCanny}) must be greater than 'lowThresholdCanny' (${task.lowThresholdCanny}); the defaults are ${C.lowThresholdCanny.default} and ${C.highThresholdCanny.default}.`,
          task,
          "integer",
        ),
      );
    }
  });
export type ImageControlNetPreProcessTask = z.output<typeof imageControlNetPreProcessSchema>;

// promptEnhance ----------------------------------------------------------------------------------

/**
 * The notes give no bounds but `promptVersions` 1-5. Chosen here: `prompt` takes the image
 * prompt's bounds (2-3000, since an enhanced prompt feeds an image or video task), and
 * `promptMaxLength` (longest enhanced prompt, in characters) 12-400; without it the engine picks.
 */
export const PROMPT_ENHANCE_LIMITS = {
  prompt: { min: 2, max: 3000 },
  promptMaxLength: { min: 12, max: 400 },
  promptVersions: { min: 1, max: 5, default: 1 },
} as const;

const P = PROMPT_ENHANCE_LIMITS;

export const promptEnhanceSchema = z.strictObject({
  taskType: z.literal("promptEnhance"),
  taskUUID: uuidV4,
  prompt: z.string().min(P.prompt.min).max(P.prompt.max).refine(isKeepableText, KEEPABLE_TEXT),
  promptMaxLength: intIn(P.promptMaxLength.min, P.promptMaxLength.max).optional(),
  promptVersions: intIn(P.promptVersions.min, P.promptVersions.max).default(P.promptVersions.default),
  /** The real service reports what the texts cost (USD, `cost` on each). */
  includeCost: z.boolean().optional(),
});
export type PromptEnhanceTask = z.output<typeof promptEnhanceSchema>;
