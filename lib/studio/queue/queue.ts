/**
 * Steering the waiting queue: the words both sides share. No server imports here: the drawer and
 * the Route Handlers read the same names.
 */

export const QUEUE_SCOPES = ["mine", "team"] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

export const TASK_PRIORITIES = ["high", "normal", "low"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** As stored (`task.priority`): higher goes first. */
export const PRIORITY_VALUE: Record<TaskPriority, number> = { high: 1, normal: 0, low: -1 };

export function priorityOf(value: number): TaskPriority {
  return value > 0 ? "high" : value < 0 ? "low" : "normal";
}

export const PRIORITY_LABELS: Record<TaskPriority, string> = { high: "High", normal: "Normal", low: "Low" };

/** The parameters a bulk edit may set on waiting tasks, with how a person reads each. */
export const EDITABLE_PARAMETERS = {
  steps: "Steps",
  CFGScale: "CFG scale",
  width: "Width",
  height: "Height",
} as const;
export type EditableParameter = keyof typeof EDITABLE_PARAMETERS;
