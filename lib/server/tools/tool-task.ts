import "server-only";
import { randomUUID } from "node:crypto";
import { parseTask, type TaskOf } from "@/lib/protocol/envelope";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import type { Permission } from "@/lib/studio/roles";

/**
 * The Create screens' helpers: task types of the service that make no gallery item and answer at
 * once. Generation tasks go to `/api/tasks`, browser images to `/api/uploads`.
 */
export const TOOL_TASK_TYPES = ["modelSearch", "imageControlNetPreProcess", "promptEnhance"] as const;
export type ToolTaskType = (typeof TOOL_TASK_TYPES)[number];
export type ToolTask = TaskOf<ToolTaskType>;

/** Searching the catalogue is free; the other two are charged by the service. */
export const TOOL_PERMISSIONS: Record<ToolTaskType, Permission> = {
  modelSearch: "view",
  imageControlNetPreProcess: "generate",
  promptEnhance: "generate",
};

export type ToolTypeOutcome = { ok: true; taskType: ToolTaskType } | { ok: false; errors: ServiceError[] };
export type ToolTaskOutcome = { ok: true; task: ToolTask } | { ok: false; errors: ServiceError[] };

function isToolTaskType(value: unknown): value is ToolTaskType {
  return typeof value === "string" && (TOOL_TASK_TYPES as readonly string[]).includes(value);
}

/** Which helper a body asks for: it must be one task object whose `taskType` is a helper's. */
export function toolTaskType(body: unknown): ToolTypeOutcome {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return {
      ok: false,
      errors: [
        {
          code: "invalidRequestBody",
          message: "Send one task object with a 'taskType' (not an array).",
          parameter: "body",
          type: "object",
        },
      ],
    };
  }
  const taskType = (body as { taskType?: unknown }).taskType;
  if (taskType === undefined) return { ok: false, errors: [serviceErrors.missingTaskType()] };
  if (!isToolTaskType(taskType)) {
    return {
      ok: false,
      errors: [
        {
          ...serviceErrors.unsupportedTaskType(taskType, TOOL_TASK_TYPES),
          message: `Unsupported taskType ${JSON.stringify(taskType)}: this takes ${TOOL_TASK_TYPES.join(", ")}. Send generation tasks to /api/tasks and images to /api/uploads.`,
        },
      ],
    };
  }
  return { ok: true, taskType };
}

/**
 * Parses a helper task with the contract's schema, errors naming each bad field. The browser may
 * leave out `taskUUID`: a fresh one is filled in.
 */
export function parseToolTask(body: unknown): ToolTaskOutcome {
  const kind = toolTaskType(body);
  if (!kind.ok) return kind;
  const raw = body as Record<string, unknown>;
  const outcome = parseTask(raw.taskUUID === undefined ? { ...raw, taskUUID: randomUUID() } : raw);
  if (!outcome.ok) return { ok: false, errors: outcome.errors };
  return { ok: true, task: outcome.task as ToolTask };
}
