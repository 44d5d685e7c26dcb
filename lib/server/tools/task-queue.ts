import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import { recentTasks, type StudioDatabase } from "@/lib/server/db";
import { type TaskView, taskViews } from "@/lib/server/results/task-view";

export const TASK_QUEUE_LIMITS = { min: 1, max: 100, default: 50 } as const;

export interface TaskQueueQuery {
  limit: number;
  /** Only tasks still queued or processing. */
  activeOnly: boolean;
}

export type TaskQueueQueryOutcome =
  | { ok: true; query: TaskQueueQuery }
  | { ok: false; errors: ServiceError[] };

const FLAGS = new Map([
  ["", false],
  ["0", false],
  ["false", false],
  ["1", true],
  ["true", true],
]);

/** `?limit=` (1-100, default 50) and `?active=1`, errors naming the parameter. */
export function parseTaskQueueQuery(params: URLSearchParams): TaskQueueQueryOutcome {
  const errors: ServiceError[] = [];
  const { min, max } = TASK_QUEUE_LIMITS;
  const rawLimit = params.get("limit");
  const limit = rawLimit === null || rawLimit === "" ? TASK_QUEUE_LIMITS.default : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < min || limit > max) {
    errors.push({
      code: "invalidLimit",
      message: `limit is a whole number from ${min} to ${max} (got ${JSON.stringify(rawLimit)}).`,
      parameter: "limit",
      type: "integer",
    });
  }
  const activeOnly = FLAGS.get(params.get("active") ?? "");
  if (activeOnly === undefined) {
    errors.push({
      code: "invalidActive",
      message: "active is 1 (only queued and processing tasks) or 0.",
      parameter: "active",
      type: "boolean",
    });
  }
  if (errors.length > 0 || activeOnly === undefined) return { ok: false, errors };
  return { ok: true, query: { limit, activeOnly } };
}

/** The member's own tasks for the queue drawer, newest first, each as `GET /api/tasks/[id]` shows it. */
export async function taskQueue(
  db: StudioDatabase,
  author: { id: string; name: string },
  query: TaskQueueQuery,
): Promise<TaskView[]> {
  return taskViews(db, await recentTasks(db, author.id, query), { viewerId: author.id });
}
