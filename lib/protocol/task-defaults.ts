/**
 * A task as the service reads it: every parameter it omitted set to the contract's default. Two
 * tasks that differ only by a parameter one of them left out (`steps` omitted and `steps: 20`)
 * are the same task to the service, so wherever the studio compares tasks (estimates, spend
 * history, recall, parameter diffs) it compares them filled in by this one function.
 *
 * The defaults come from the schemas themselves (their `.default()`s, at every depth the task
 * has), plus the few the schemas leave to the engine on purpose (`IMAGE_DEFAULTS`,
 * `VIDEO_DEFAULTS`): `steps` when no acceleration preset picks it, and the video fields.
 * Pure and browser-safe; input that is not a valid task is filled as far as it is readable.
 */
import type { z } from "zod";
import { isTaskType, taskSchema } from "./envelope";
import { IMAGE_DEFAULTS } from "./image-limits";
import { VIDEO_DEFAULTS } from "./video-inference";

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  defaultValue?: unknown;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers that change no shape (optional, nullable, pipe, ...). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else break;
  }
  return current;
}

/** A field's default, or undefined when it has none (a function default is called: a fresh value). */
function defaultOf(schema: z.ZodType): unknown {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current);
    if (def.type === "default" || def.type === "prefault") {
      const value = def.defaultValue;
      return typeof value === "function" ? (value as () => unknown)() : structuredClone(value);
    }
    if (def.innerType && (def.type === "optional" || def.type === "nullable" || def.type === "readonly"))
      current = def.innerType;
    else return undefined;
  }
  return undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `value` with the schema's defaults filled in wherever `value` has the object they belong to. */
function fill(value: unknown, schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === "object" && def.shape && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const field = def.shape[key];
      out[key] = field ? fill(child, field) : child;
    }
    for (const [key, field] of Object.entries(def.shape)) {
      if (out[key] !== undefined) continue;
      const fallback = defaultOf(field);
      if (fallback !== undefined) out[key] = fallback;
    }
    return out;
  }
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((item) => fill(item, element));
  }
  return value;
}

/** Each absent key of `task` set to its value in `defaults` (one level of nested objects too). */
function fillFrom(task: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  const out = { ...task };
  for (const [key, fallback] of Object.entries(defaults)) {
    const own = out[key];
    if (own === undefined) out[key] = structuredClone(fallback);
    else if (isPlainObject(own) && isPlainObject(fallback)) out[key] = { ...fallback, ...own };
  }
  return out;
}

/**
 * `task` with every omitted parameter the contract gives a default set to it. The studio's own
 * keys (taskUUID, webhookURL) are left as they are; a task of an unknown type is returned as is.
 */
export function withContractDefaults(task: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const taskType = task.taskType ?? "imageInference";
  if (!isTaskType(taskType)) return { ...task };
  const filled = fill({ ...task }, taskSchema(taskType)) as Record<string, unknown>;
  // `taskType` is a literal, never a default: an untyped task stays untyped.
  if (task.taskType === undefined) delete filled.taskType;
  if (taskType === "imageInference") {
    // An acceleration preset picks its own steps; only without one is the default 20.
    if (filled.steps === undefined && filled.acceleration === IMAGE_DEFAULTS.acceleration)
      filled.steps = IMAGE_DEFAULTS.steps;
    return filled;
  }
  if (taskType === "videoInference") {
    const { deliveryMethod: _async, ...rest } = VIDEO_DEFAULTS;
    return fillFrom(filled, rest);
  }
  return filled;
}
