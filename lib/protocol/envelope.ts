/**
 * The request envelope: a JSON array of tasks, each dispatched to its schema by `taskType`.
 * Errors are scoped per task, so one bad task never hides the others' results.
 */
import type { z } from "zod";
import { type ServiceError, serviceErrors, type TaskRef, withTask } from "./errors";
import { imageInferenceSchema } from "./image-inference";
import { issuesToServiceErrors } from "./issues";
import { authenticationSchema, getResponseSchema, pingSchema } from "./session-tasks";
import { unkeepableTextError, unkeepableTextPath } from "./text";
import {
  imageControlNetPreProcessSchema,
  imageUploadSchema,
  modelSearchSchema,
  promptEnhanceSchema,
} from "./utility-tasks";
import { DEFAULT_VIDEO_MODEL, videoInferenceSchema } from "./video-inference";

export const TASK_TYPES = [
  "authentication",
  "ping",
  "getResponse",
  "imageInference",
  "videoInference",
  "imageUpload",
  "modelSearch",
  "imageControlNetPreProcess",
  "promptEnhance",
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === "string" && (TASK_TYPES as readonly string[]).includes(value);
}

export interface ProtocolOptions {
  /** The one video model's AIR id (`ENGINE_VIDEO_MODEL` / `VIDEO_MODEL_ID`). */
  videoModel?: string;
}

function schemas(videoModel: string) {
  return {
    authentication: authenticationSchema,
    ping: pingSchema,
    getResponse: getResponseSchema,
    imageInference: imageInferenceSchema,
    videoInference: videoInferenceSchema(videoModel),
    imageUpload: imageUploadSchema,
    modelSearch: modelSearchSchema,
    imageControlNetPreProcess: imageControlNetPreProcessSchema,
    promptEnhance: promptEnhanceSchema,
  } as const;
}
type Schemas = ReturnType<typeof schemas>;

const cache = new Map<string, Schemas>();
function schemasFor(videoModel: string): Schemas {
  let s = cache.get(videoModel);
  if (!s) {
    s = schemas(videoModel);
    cache.set(videoModel, s);
  }
  return s;
}

/** The schema a task type is parsed with (the video schema depends on the configured model). */
export function taskSchema<T extends TaskType>(taskType: T, options: ProtocolOptions = {}): Schemas[T] {
  return schemasFor(options.videoModel ?? DEFAULT_VIDEO_MODEL)[taskType];
}

/** A parsed task of any type, discriminated by `taskType`. */
export type Task = { [K in TaskType]: z.output<Schemas[K]> }[TaskType];
export type TaskOf<T extends TaskType> = Extract<Task, { taskType: T }>;

export type TaskOutcome = { ok: true; task: Task } | { ok: false; ref: TaskRef; errors: ServiceError[] };

function refOf(raw: unknown): TaskRef {
  if (typeof raw !== "object" || raw === null) return {};
  const r = raw as { taskType?: unknown; taskUUID?: unknown };
  return {
    taskType: typeof r.taskType === "string" ? r.taskType : undefined,
    taskUUID: typeof r.taskUUID === "string" ? r.taskUUID : undefined,
  };
}

/** Parses one task object; never throws. */
export function parseTask(raw: unknown, options: ProtocolOptions = {}): TaskOutcome {
  const ref = refOf(raw);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return {
      ok: false,
      ref,
      errors: [
        serviceErrors.invalidRequestBody("Every task must be a JSON object with a 'taskType'.", "task"),
      ],
    };
  }
  const taskType = (raw as { taskType?: unknown }).taskType;
  if (taskType === undefined)
    return { ok: false, ref, errors: [withTask(serviceErrors.missingTaskType(), ref)] };
  if (!isTaskType(taskType)) {
    return {
      ok: false,
      ref,
      errors: [withTask(serviceErrors.unsupportedTaskType(taskType, TASK_TYPES), ref)],
    };
  }
  // Before the schema: a field the schema takes as any string (a provider setting, a scheduler)
  // must not carry text that no database or UTF-8 encoder keeps.
  const unkeepable = unkeepableTextPath(raw);
  if (unkeepable) return { ok: false, ref, errors: [withTask(unkeepableTextError(unkeepable), ref)] };
  const schema: z.ZodType = taskSchema(taskType, options);
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return { ok: true, task: result.data as Task };
  return { ok: false, ref, errors: issuesToServiceErrors(result.error.issues, ref, schema) };
}

/** Tasks whose taskUUID refers to another task (getResponse) or is optional decoration. */
const UNCHECKED_UUID_TYPES: ReadonlySet<TaskType> = new Set(["getResponse", "authentication", "ping"]);

export type RequestOutcome = { ok: true; outcomes: TaskOutcome[] } | { ok: false; errors: ServiceError[] };

export interface ParseRequestOptions extends ProtocolOptions {
  /** WebSocket messages may carry one task object instead of an array. */
  allowSingleObject?: boolean;
}

/**
 * Parses a whole request body (already JSON-decoded). A body that is not an array of tasks fails
 * as a whole; otherwise each task has its own outcome, in request order. A taskUUID used twice in
 * one request fails the later task with `conflictTaskUUID`.
 */
export function parseRequest(body: unknown, options: ParseRequestOptions = {}): RequestOutcome {
  let tasks: unknown[];
  if (Array.isArray(body)) tasks = body;
  else if (options.allowSingleObject && typeof body === "object" && body !== null) tasks = [body];
  else {
    return {
      ok: false,
      errors: [serviceErrors.invalidRequestBody("The request body must be a JSON array of task objects.")],
    };
  }
  if (tasks.length === 0) {
    return {
      ok: false,
      errors: [serviceErrors.invalidRequestBody("The request body must contain at least one task.")],
    };
  }
  const seen = new Set<string>();
  const outcomes = tasks.map((raw): TaskOutcome => {
    const outcome = parseTask(raw, options);
    const uuid = outcome.ok ? ("taskUUID" in outcome.task ? outcome.task.taskUUID : undefined) : undefined;
    if (outcome.ok && typeof uuid === "string" && !UNCHECKED_UUID_TYPES.has(outcome.task.taskType)) {
      const key = uuid.toLowerCase();
      if (seen.has(key)) {
        const ref = { taskType: outcome.task.taskType, taskUUID: uuid };
        return { ok: false, ref, errors: [withTask(serviceErrors.conflictTaskUUID(uuid), ref)] };
      }
      seen.add(key);
    }
    return outcome;
  });
  return { ok: true, outcomes };
}
