/**
 * The `videoInference` request: every field of the contract's video table with its bounds, no
 * other property anywhere (task, `inputs`, `settings`, `safety`, frame-image objects), and the
 * eight cross-field rules, each reported as its own error naming the parameter to change.
 *
 * Defaults live in `VIDEO_DEFAULTS`, not in the schema: the rules check whether `resolution`,
 * `width` and `height` were given, so a zod `.default()` would make an absent field look present.
 * The parsed task is what the caller sent; the engine applies `VIDEO_DEFAULTS` when it runs it.
 */
import { z } from "zod";
import { ruleIssue } from "./issues";
import {
  httpUrl,
  imageInput,
  intIn,
  mediaRef,
  OUTPUT_QUALITY,
  outputQuality,
  TTL_MIN_SECONDS,
  ttlSeconds,
  uuidV4,
  VIDEO_OUTPUT_FORMATS,
} from "./primitives";
import { isKeepableText, KEEPABLE_TEXT } from "./text";
import { allowedVideoSizesText, isAllowedVideoSize, VIDEO_TIERS } from "./video-sizes";

/** `ENGINE_VIDEO_MODEL` / `VIDEO_MODEL_ID` when unset. */
export const DEFAULT_VIDEO_MODEL = "local:video@3.0-prime";

export const VIDEO_LIMITS = {
  positivePrompt: { min: 2, max: 20000 },
  duration: { min: 2, max: 30 },
  numberResults: { min: 1, max: 4 },
  outputQuality: { min: OUTPUT_QUALITY.min, max: OUTPUT_QUALITY.max },
  seed: { min: 0, max: 2147483647 },
  ttl: { min: TTL_MIN_SECONDS },
  referenceImages: { min: 1, max: 10 },
  frameImages: { min: 1, max: 2 },
  referenceVideos: { min: 1, max: 5 },
  referenceAudios: { min: 1, max: 5 },
  documents: { min: 1, max: 1 },
  urls: { min: 1, max: 1 },
} as const;

/**
 * What the service uses for an absent field. The engine applies these; the schema does not (see
 * the file comment). `safety.checkContent` has no documented video default: off, as for images.
 */
export const VIDEO_DEFAULTS = {
  resolution: "1080p",
  duration: "auto",
  settings: { audio: true, promptExtend: true },
  outputType: "URL",
  outputFormat: "MP4",
  outputQuality: OUTPUT_QUALITY.default,
  numberResults: 1,
  deliveryMethod: "async",
  includeCost: false,
  safety: { checkContent: false, mode: "fast" },
} as const;

export const VIDEO_OUTPUT_TYPES = ["URL"] as const;
export const VIDEO_DELIVERY_METHODS = ["async"] as const;
export const VIDEO_SAFETY_MODES = ["fast", "full"] as const;

/** The four arrays that make a request "with media" (rules 2, 3, 4 and 6). */
export const VIDEO_MEDIA_INPUTS = [
  "frameImages",
  "referenceImages",
  "referenceVideos",
  "referenceAudios",
] as const;
export type VideoMediaInput = (typeof VIDEO_MEDIA_INPUTS)[number];

/**
 * `frame` accepts the strings the contract lists (`first`, `last`, `0`, `-1`) and also the
 * integers 0 and -1, because the contract's `0`/`-1` read as indices and clients send either.
 */
export const FRAME_POSITIONS = ["first", "last", "0", "-1"] as const;
const frameValue = z.union([z.enum(FRAME_POSITIONS), z.literal(0), z.literal(-1)]);
export type FrameValue = z.output<typeof frameValue>;

const frameImageObject = z.strictObject({ image: imageInput, frame: frameValue.optional() });
const frameImageItem = z.union([imageInput, frameImageObject]);
export type FrameImageItem = z.output<typeof frameImageItem>;

export type FramePosition = "first" | "last";

function explicitPosition(item: FrameImageItem): FramePosition | undefined {
  if (typeof item === "string" || item.frame === undefined) return undefined;
  return item.frame === "last" || item.frame === "-1" || item.frame === -1 ? "last" : "first";
}

/**
 * Which frame each image is (rule 8): explicit positions as given (`0` is `first`, `-1` is
 * `last`); an image without one takes the position the other image left free, so one image is
 * the first frame and two images are first and last. Invalid combinations (both `first`, only
 * `last`) are returned as they are; the schema rejects them.
 */
export function frameImagePositions(frameImages: readonly FrameImageItem[]): FramePosition[] {
  const explicit = frameImages.map(explicitPosition);
  const taken = new Set(explicit.filter((p): p is FramePosition => p !== undefined));
  const free: FramePosition[] = (["first", "last"] as const).filter((p) => !taken.has(p));
  return explicit.map((p) => p ?? free.shift() ?? "first");
}

/** Rule 8 on the array itself, so it is reported even when other fields are wrong. */
function checkFramePositions(items: FrameImageItem[], ctx: z.core.$RefinementCtx<FrameImageItem[]>): void {
  const positions = frameImagePositions(items);
  const add = (code: string, index: number, message: string) =>
    ctx.addIssue(ruleIssue(code, [index, "frame"], message, items, "string"));
  if (positions.length > 0 && positions.every((p) => p === "last")) {
    add(
      "invalidFrameImagesFrame",
      positions.length - 1,
      "At least one frame image must not be the last frame ('last' or -1): a video needs a first frame. Remove this frame, or set it to 'first'.",
    );
  } else if (positions.length === 2 && positions[0] === positions[1]) {
    // Both `last` is caught above, so two equal positions are two first frames.
    add(
      "conflictFrameImagesFrame",
      1,
      "Both frame images are the first frame ('first' or 0). Set this one to 'last', or omit 'frame' on both to use first then last.",
    );
  }
}

const arrayOf = <T extends z.ZodType>(item: T, limits: { min: number; max: number }) =>
  z.array(item).min(limits.min).max(limits.max);

const videoInputs = z.strictObject({
  referenceImages: arrayOf(imageInput, VIDEO_LIMITS.referenceImages).optional(),
  frameImages: arrayOf(frameImageItem, VIDEO_LIMITS.frameImages).superRefine(checkFramePositions).optional(),
  referenceVideos: arrayOf(mediaRef, VIDEO_LIMITS.referenceVideos).optional(),
  referenceAudios: arrayOf(mediaRef, VIDEO_LIMITS.referenceAudios).optional(),
  documents: arrayOf(mediaRef, VIDEO_LIMITS.documents).optional(),
  urls: arrayOf(httpUrl, VIDEO_LIMITS.urls).optional(),
});
export type VideoInputs = z.output<typeof videoInputs>;

const videoSettings = z.strictObject({ audio: z.boolean().optional(), promptExtend: z.boolean().optional() });
const videoSafety = z.strictObject({
  checkContent: z.boolean().optional(),
  mode: z.enum(VIDEO_SAFETY_MODES).optional(),
});

const L = VIDEO_LIMITS;

function fields(modelId: string) {
  return {
    taskType: z.literal("videoInference"),
    taskUUID: uuidV4,
    // A literal (not string().pipe(literal)) so the JSON Schema export keeps the constant. A wrong
    // or absent model is `invalidModel`, whose message names the expected id.
    model: z.literal(modelId),
    inputs: videoInputs.optional(),
    positivePrompt: z
      .string()
      .min(L.positivePrompt.min)
      .max(L.positivePrompt.max)
      .refine(isKeepableText, KEEPABLE_TEXT)
      .optional(),
    width: intIn(1).optional(),
    height: intIn(1).optional(),
    resolution: z.enum(VIDEO_TIERS).optional(),
    duration: z.union([intIn(L.duration.min, L.duration.max), z.literal("auto")]).optional(),
    seed: intIn(L.seed.min, L.seed.max).optional(),
    settings: videoSettings.optional(),
    webhookURL: httpUrl.optional(),
    includeCost: z.boolean().optional(),
    numberResults: intIn(L.numberResults.min, L.numberResults.max).optional(),
    uploadEndpoint: httpUrl.optional(),
    ttl: ttlSeconds.optional(),
    outputType: z.enum(VIDEO_OUTPUT_TYPES).optional(),
    outputFormat: z.enum(VIDEO_OUTPUT_FORMATS).optional(),
    outputQuality: outputQuality.optional(),
    deliveryMethod: z.enum(VIDEO_DELIVERY_METHODS).optional(),
    safety: videoSafety.optional(),
  };
}

type VideoShape = ReturnType<typeof fields>;
type VideoFields = z.output<z.ZodObject<VideoShape>>;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The media arrays present in `inputs`, in the contract's order. */
export function videoMediaInputsOf(inputs: VideoInputs | undefined): VideoMediaInput[] {
  if (inputs === undefined) return [];
  return VIDEO_MEDIA_INPUTS.filter((key) => inputs[key] !== undefined);
}

/** The eight cross-field rules; each failure is its own error with the parameter to change. */
function checkRules(task: VideoFields, ctx: z.core.$RefinementCtx<VideoFields>): void {
  const add = (code: string, path: PropertyKey[], message: string, type?: string) =>
    ctx.addIssue(ruleIssue(code, path, message, task, type));
  const media = videoMediaInputsOf(task.inputs);
  const hasWidth = task.width !== undefined;
  const hasHeight = task.height !== undefined;
  const dims = [
    ["width", hasWidth],
    ["height", hasHeight],
  ] as const;

  if (media.length > 0) {
    // Rule 2: the size comes from the input media (and `resolution`).
    const first = media[0] ?? "frameImages";
    for (const [name, present] of dims) {
      if (!present) continue;
      add(
        `conflict${pascal(name)}${pascal(first)}`,
        [name],
        `'${name}' cannot be combined with 'inputs.${first}': with media inputs the aspect ratio comes from the input. Remove '${name}' and use 'resolution' (480p, 720p, 1080p) instead.`,
        "undefined",
      );
    }
  } else {
    if (hasWidth !== hasHeight) {
      // Rule 1: both or neither.
      const [given, missing] = hasWidth ? ["width", "height"] : ["height", "width"];
      add(
        `missing${pascal(missing)}`,
        [missing],
        `'${missing}' is required when '${given}' is given: send both or neither. Allowed pairs: ${allowedVideoSizesText()}.`,
        "integer",
      );
    } else if (!hasWidth) {
      // Rule 3: without media the size must be explicit.
      for (const name of ["width", "height"] as const) {
        add(
          `missing${pascal(name)}`,
          [name],
          `'${name}' is required when 'inputs' has none of frameImages, referenceImages, referenceVideos, referenceAudios. Allowed pairs: ${allowedVideoSizesText()}.`,
          "integer",
        );
      }
    }
    if (task.positivePrompt === undefined) {
      add(
        "missingPositivePrompt",
        ["positivePrompt"],
        "'positivePrompt' is required when 'inputs' has none of frameImages, referenceImages, referenceVideos, referenceAudios.",
        "string",
      );
    }
    if (
      task.width !== undefined &&
      task.height !== undefined &&
      !isAllowedVideoSize(task.width, task.height)
    ) {
      add(
        "unsupportedDimensions",
        ["width"],
        `${task.width}x${task.height} is not an allowed video size. Use one of (width x height): ${allowedVideoSizesText()}.`,
        "integer",
      );
    }
  }

  // Rule 4: first/last-frame generation and reference-driven generation are separate workflows.
  if (task.inputs?.frameImages !== undefined) {
    for (const ref of ["referenceImages", "referenceVideos", "referenceAudios"] as const) {
      if (task.inputs[ref] === undefined) continue;
      add(
        `conflictFrameImages${pascal(ref)}`,
        ["inputs", ref],
        `'inputs.frameImages' cannot be combined with 'inputs.${ref}'. Remove one of them.`,
        "undefined",
      );
    }
  }

  if (task.resolution !== undefined) {
    // Rule 5: a tier or an exact size, not both.
    for (const [name, present] of dims) {
      if (!present) continue;
      add(
        `conflictResolution${pascal(name)}`,
        ["resolution"],
        `'resolution' cannot be combined with '${name}'. Give an exact width and height without media inputs, or 'resolution' with media inputs.`,
        "undefined",
      );
    }
    // Rule 6: the tier needs an aspect ratio, which only input media provide.
    if (media.length === 0) {
      add(
        "unsupportedResolution",
        ["resolution"],
        "'resolution' is only supported with media inputs (frameImages, referenceImages, referenceVideos or referenceAudios). Without them, remove it and give width and height.",
        "undefined",
      );
    }
  }

  // Rule 7: one document or one webpage.
  if (task.inputs?.documents !== undefined && task.inputs.urls !== undefined) {
    add(
      "conflictDocumentsUrls",
      ["inputs", "urls"],
      "'inputs.documents' and 'inputs.urls' cannot both be present. Send one document or one webpage.",
      "undefined",
    );
  }
}

/**
 * The video request for the one configured model (`modelId`, e.g. `DEFAULT_VIDEO_MODEL`).
 * The cross-field rules run once every field is valid on its own: a misspelled key
 * (`inputs.referenceImage`) is reported as unknown, not also as a request without media that
 * therefore lacks width and height.
 */
export function videoInferenceSchema(modelId: string) {
  return z
    .strictObject(fields(modelId))
    .superRefine(checkRules, { when: (payload) => payload.issues.length === 0 });
}

export type VideoInferenceTask = z.output<ReturnType<typeof videoInferenceSchema>>;
export type VideoInferenceInput = z.input<ReturnType<typeof videoInferenceSchema>>;
