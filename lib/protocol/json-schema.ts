/**
 * The contract's task schemas as JSON Schema (draft 2020-12), for tools that do not speak zod.
 * Field types, bounds, enums and defaults carry over; cross-field rules and media-input checks
 * are refinements, which JSON Schema cannot express, so they are described in `description`s
 * where the schema provides one and enforced only by `parseTask`.
 */
import { z } from "zod";
import { type ProtocolOptions, TASK_TYPES, type TaskType, taskSchema } from "./envelope";

export type JsonSchema = z.core.JSONSchema.BaseSchema;

export function taskJsonSchema(taskType: TaskType, options: ProtocolOptions = {}): JsonSchema {
  return z.toJSONSchema(taskSchema(taskType, options), {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  });
}

/** Every task type's request schema, keyed by `taskType`. */
export function protocolJsonSchemas(options: ProtocolOptions = {}): Record<TaskType, JsonSchema> {
  return Object.fromEntries(TASK_TYPES.map((t) => [t, taskJsonSchema(t, options)])) as Record<
    TaskType,
    JsonSchema
  >;
}
