/**
 * What the service sends back: result objects, the `{ data }` and `{ errors }` envelopes, poll
 * items and webhook bodies. The engine builds these and the studio parses the configured
 * service's answers with them.
 *
 * Requests are strict; results are loose (`z.looseObject`): real services add fields over time,
 * and a studio that rejected an answer for an extra field would lose the media it paid for. For
 * the same reason identifiers here are non-empty strings, not checked as UUID v4.
 */
import { z } from "zod";

const id = z.string().min(1);
const url = z.string().min(1);
/** USD; present only when the task had `includeCost: true`. */
const cost = z.number().nonnegative();
/**
 * Image seeds go up to 9223372036854776000, beyond a safe integer, so any number is accepted
 * (`z.int()` would reject them).
 */
const seed = z.number();

/** Statuses of an async task's items: the contract names only `success`; the notes add the rest. */
export const TASK_STATUSES = ["processing", "success", "error"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

// Generation results -----------------------------------------------------------------------------

export const imageResultSchema = z.looseObject({
  taskType: z.literal("imageInference"),
  taskUUID: id,
  imageUUID: id,
  imageURL: url.optional(),
  imageBase64Data: z.string().optional(),
  imageDataURI: z.string().optional(),
  seed,
  NSFWContent: z.boolean().optional(),
  cost: cost.optional(),
  /**
   * Not in the contract: the built-in engine names the prompt's words it made no drawing for. A
   * service that sends something else here loses the field, not the result.
   */
  notDrawn: z.array(z.string()).optional().catch(undefined),
  /** Present when delivered through polling. */
  status: z.enum(TASK_STATUSES).optional(),
  // Webhook bodies may also carry these.
  model: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** ISO 8601. */
  createdAt: z.string().optional(),
});
export type ImageResult = z.output<typeof imageResultSchema>;

export const videoResultSchema = z.looseObject({
  taskType: z.literal("videoInference"),
  taskUUID: id,
  videoUUID: id,
  videoURL: url,
  seed,
  status: z.enum(TASK_STATUSES).optional(),
  NSFWContent: z.boolean().optional(),
  cost: cost.optional(),
});
export type VideoResult = z.output<typeof videoResultSchema>;

/** The immediate answer to an async submit: one per task, whatever `numberResults` is. */
export const asyncAckSchema = z.looseObject({ taskType: z.string().min(1), taskUUID: id });
export type AsyncAck = z.output<typeof asyncAckSchema>;

// Polling ----------------------------------------------------------------------------------------

export const getResponseProcessingItemSchema = z.looseObject({
  taskType: z.string().min(1),
  taskUUID: id,
  status: z.literal("processing"),
  progress: z.number().min(0).max(100).optional(),
});

export const taskErrorDetailSchema = z.looseObject({ code: z.string().min(1), message: z.string() });

export const getResponseErrorItemSchema = z.looseObject({
  taskType: z.string().min(1),
  taskUUID: id,
  status: z.literal("error"),
  error: taskErrorDetailSchema,
});

/** A finished item: the normal result of the task's type with `status: "success"`. */
export const getResponseSuccessItemSchema = z.discriminatedUnion("taskType", [
  videoResultSchema.extend({ status: z.literal("success") }),
  imageResultSchema.extend({ status: z.literal("success") }),
]);

/** One item of a `getResponse` answer; one per generation, the whole state on every poll. */
export const getResponseItemSchema = z.discriminatedUnion("status", [
  getResponseProcessingItemSchema,
  getResponseSuccessItemSchema,
  getResponseErrorItemSchema,
]);
export type GetResponseItem = z.output<typeof getResponseItemSchema>;

// Session tasks ----------------------------------------------------------------------------------

export const authenticationResultSchema = z.looseObject({
  taskType: z.literal("authentication"),
  connectionSessionUUID: id,
  taskUUID: z.string().optional(),
});
export type AuthenticationResult = z.output<typeof authenticationResultSchema>;

export const pongSchema = z.looseObject({
  taskType: z.literal("ping"),
  pong: z.literal(true),
  taskUUID: z.string().optional(),
});
export type Pong = z.output<typeof pongSchema>;

// Utility tasks ----------------------------------------------------------------------------------

export const imageUploadResultSchema = z.looseObject({
  taskType: z.literal("imageUpload"),
  taskUUID: id,
  imageUUID: id,
  imageURL: url,
});
export type ImageUploadResult = z.output<typeof imageUploadResultSchema>;

/** Catalogue metadata: optional fields may come back as null from the real service. */
export const modelSearchItemSchema = z.looseObject({
  air: z.string().min(1),
  name: z.string(),
  version: z.string(),
  category: z.string(),
  architecture: z.string(),
  tags: z.array(z.string()),
  heroImage: z.string().nullish(),
  defaultWidth: z.number().nullish(),
  defaultHeight: z.number().nullish(),
  defaultSteps: z.number().nullish(),
  defaultScheduler: z.string().nullish(),
  defaultCFG: z.number().nullish(),
  positiveTriggerWords: z.string().nullish(),
});
export type ModelSearchItem = z.output<typeof modelSearchItemSchema>;

export const modelSearchResultSchema = z.looseObject({
  taskType: z.literal("modelSearch"),
  taskUUID: id,
  results: z.array(modelSearchItemSchema),
  totalResults: z.int().nonnegative(),
});
export type ModelSearchResult = z.output<typeof modelSearchResultSchema>;

/**
 * The notes show `guideImageURL`; with `outputType` base64Data or dataURI the guide image comes
 * in the matching field instead, as image results do, so all three are optional.
 */
export const controlNetPreProcessResultSchema = z.looseObject({
  taskType: z.literal("imageControlNetPreProcess"),
  taskUUID: id,
  inputImageUUID: id,
  guideImageUUID: id,
  guideImageURL: url.optional(),
  guideImageBase64Data: z.string().optional(),
  guideImageDataURI: z.string().optional(),
  cost: cost.optional(),
});
export type ControlNetPreProcessResult = z.output<typeof controlNetPreProcessResultSchema>;

/** One per requested version. */
export const promptEnhanceResultSchema = z.looseObject({
  taskType: z.literal("promptEnhance"),
  taskUUID: id,
  text: z.string(),
  cost: cost.optional(),
});
export type PromptEnhanceResult = z.output<typeof promptEnhanceResultSchema>;

// Envelopes --------------------------------------------------------------------------------------

/**
 * An error as it travels. `parameter` may be an array of names when a rule ties several fields
 * together (seen in the real service); our own errors (`ServiceError`) always use one string.
 */
export const serviceErrorSchema = z.looseObject({
  code: z.string().min(1),
  message: z.string(),
  parameter: z.union([z.string(), z.array(z.string())]).optional(),
  type: z.string().optional(),
  taskType: z.string().optional(),
  taskUUID: z.string().optional(),
});
export type WireServiceError = z.output<typeof serviceErrorSchema>;

/** A failed response: no `data`. HTTP answers may also carry an `error` message. */
export const errorResponseSchema = z.looseObject({
  errors: z.array(serviceErrorSchema).min(1),
  error: z.string().optional(),
});
export type WireErrorResponse = z.output<typeof errorResponseSchema>;

/** Any result object: every one carries the task's type; taskUUID is absent only on a pong. */
export const resultObjectSchema = z.looseObject({
  taskType: z.string().min(1),
  taskUUID: z.string().optional(),
});
export type ResultObject = z.output<typeof resultObjectSchema>;

/**
 * A successful response, results in completion order (match them by taskUUID). Errors are scoped
 * per task, so an answer to several tasks may carry the failed ones' `errors` beside `data`.
 */
export const dataResponseSchema = z.looseObject({
  data: z.array(resultObjectSchema),
  errors: z.array(serviceErrorSchema).optional(),
});
export type DataResponse = z.output<typeof dataResponseSchema>;

/** `{ data: [...] }` whose items are checked with `item`. */
export function dataResponseOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), errors: z.array(serviceErrorSchema).optional() });
}

/** Either envelope: whatever a POST to the service or a WebSocket message answers. */
export const serviceResponseSchema = z.union([dataResponseSchema, errorResponseSchema]);
export type ServiceResponse = z.output<typeof serviceResponseSchema>;

// Webhooks ---------------------------------------------------------------------------------------

/** One completed image, not wrapped in `data`; may carry model, width, height, createdAt. */
export const imageWebhookBodySchema = imageResultSchema;
export type ImageWebhookBody = z.output<typeof imageWebhookBodySchema>;

/** One completed video, not wrapped in `data`. */
export const videoWebhookBodySchema = videoResultSchema;
export type VideoWebhookBody = z.output<typeof videoWebhookBodySchema>;
