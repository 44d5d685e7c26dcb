/**
 * The contract's error object, and one constructor per fixed code.
 *
 * Validation codes are derived from the field they concern (`invalidWidth`,
 * `missingPositivePrompt`) by `lib/protocol/issues.ts`; every other code is built here so that a
 * code, its message and its HTTP status are written once.
 */

export interface ServiceError {
  /** camelCase code in the real service's families (`invalid*`, `missing*`, `conflict*`...). */
  code: string;
  /** A sentence a person can act on. */
  message: string;
  /** The offending parameter's path (`inputs.frameImages`, `lora.0.weight`). */
  parameter?: string;
  /** The parameter's expected type (`integer`, `string`, `array`...). */
  type?: string;
  taskType?: string;
  taskUUID?: string;
}

export interface ErrorResponse {
  errors: ServiceError[];
}

export interface TaskRef {
  taskType?: string | undefined;
  taskUUID?: string | undefined;
}

/** Adds the task's identity to an error without overwriting what the error already names. */
export function withTask(error: ServiceError, ref: TaskRef): ServiceError {
  const out: ServiceError = { ...error };
  if (out.taskType === undefined && ref.taskType !== undefined) out.taskType = ref.taskType;
  if (out.taskUUID === undefined && ref.taskUUID !== undefined) out.taskUUID = ref.taskUUID;
  return out;
}

function make(
  code: string,
  message: string,
  extra: Omit<ServiceError, "code" | "message"> = {},
): ServiceError {
  return { code, message, ...extra };
}

export const serviceErrors = {
  invalidApiKey: () =>
    make("invalidApiKey", "Invalid API key. Check the key, or create one in the account's key list.", {
      parameter: "apiKey",
      type: "string",
      taskType: "authentication",
    }),
  missingApiKey: () =>
    make(
      "missingApiKey",
      "No API key. Send an 'Authorization: Bearer <key>' header or an authentication task first in the array.",
      { parameter: "apiKey", type: "string", taskType: "authentication" },
    ),
  notAuthenticated: () =>
    make(
      "missingApiKey",
      "This connection is not authenticated. The first message must be an authentication task with 'apiKey'.",
      { parameter: "apiKey", type: "string", taskType: "authentication" },
    ),
  invalidRequestBody: (message: string, parameter = "body") =>
    make("invalidRequestBody", message, { parameter, type: "array" }),
  invalidJson: (detail: string) =>
    make("invalidJson", `The request body is not valid JSON: ${detail}`, {
      parameter: "body",
      type: "array",
    }),
  payloadTooLarge: (limitBytes: number) =>
    make(
      "payloadTooLarge",
      `The request body is larger than the limit of ${limitBytes} bytes. Upload large media first with imageUpload and refer to it by its UUID.`,
      { parameter: "body" },
    ),
  missingTaskType: () =>
    make("missingTaskType", "Every task needs a 'taskType'.", { parameter: "taskType", type: "string" }),
  unsupportedTaskType: (value: unknown, supported: readonly string[]) =>
    make(
      "unsupportedTaskType",
      `Unsupported taskType ${JSON.stringify(value)}. Use one of: ${supported.join(", ")}.`,
      { parameter: "taskType", type: "string" },
    ),
  conflictTaskUUID: (taskUUID: string) =>
    make(
      "conflictTaskUUID",
      `The taskUUID ${taskUUID} is already in use. Generate a new UUID v4 for every task.`,
      { parameter: "taskUUID", type: "string", taskUUID },
    ),
  taskNotFound: (taskUUID: string) =>
    make("taskNotFound", `No task with taskUUID ${taskUUID} was found.`, {
      parameter: "taskUUID",
      type: "string",
      taskType: "getResponse",
      taskUUID,
    }),
  taskExpired: (taskUUID: string) =>
    make("taskExpired", `The results of task ${taskUUID} have expired and can no longer be fetched.`, {
      parameter: "taskUUID",
      type: "string",
      taskType: "getResponse",
      taskUUID,
    }),
  modelNotFound: (air: string, parameter = "model") =>
    make("modelNotFound", `The model ${JSON.stringify(air)} was not found.`, { parameter, type: "string" }),
  mediaNotFound: (ref: string, parameter: string) =>
    make("invalidMediaReference", `No uploaded or generated media has the UUID ${ref}.`, {
      parameter,
      type: "string",
    }),
  mediaUnreadable: (parameter: string, detail: string) =>
    make("invalidMediaInput", `The media in '${parameter}' could not be used: ${detail}`, {
      parameter,
      type: "string",
    }),
  rateLimitExceeded: (retryAfterSeconds: number) =>
    make("rateLimitExceeded", `Too many requests. Try again in ${retryAfterSeconds} s.`),
  insufficientCredits: () => make("insufficientCredits", "The account's balance is too low for this task."),
  contentPolicyViolation: (parameter: string, detail: string) =>
    make("contentPolicyViolation", `The request was rejected by content moderation: ${detail}`, {
      parameter,
      type: "string",
    }),
  promptBlocked: (parameter = "positivePrompt") =>
    make("promptBlocked", "The prompt was flagged by content moderation and was not processed.", {
      parameter,
      type: "string",
    }),
  nsfwContentDetected: () =>
    make("nsfwContentDetected", "The generated content was flagged by the safety checker."),
  timeout: (seconds: number) =>
    make(
      "timeoutProvider",
      `The task did not finish within ${seconds} s. Use deliveryMethod 'async' for long tasks.`,
    ),
  internalServerError: (detail = "An unexpected error occurred. Try again; report it if it persists.") =>
    make("internalServerError", detail),
  serviceUnavailable: (detail = "The service is temporarily unavailable. Try again shortly.") =>
    make("serviceUnavailable", detail),
} as const;

/** HTTP status for an error code, as the real service answers (docs/real-service.md, "Errors"). */
export function httpStatusFor(code: string): number {
  switch (code) {
    case "invalidApiKey":
    case "missingApiKey":
      return 401;
    case "insufficientCredits":
      return 402;
    case "forbidden":
      return 403;
    case "taskNotFound":
    case "taskExpired":
      return 404;
    case "payloadTooLarge":
      return 413;
    case "rateLimitExceeded":
      return 429;
    case "internalServerError":
      return 500;
    case "serviceUnavailable":
      return 503;
    case "timeoutProvider":
      return 504;
    default:
      return 400;
  }
}

/** A `ServiceError` carried through `throw` where a value cannot be returned (streams, callbacks). */
export class ServiceErrorException extends Error {
  readonly error: ServiceError;
  constructor(error: ServiceError) {
    super(error.message);
    this.name = "ServiceErrorException";
    this.error = error;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "string" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
