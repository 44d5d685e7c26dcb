import "server-only";
import { and, desc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import type { StudioDatabase } from "@/lib/server/db";
import { experiment, experimentCell, task } from "@/lib/server/db/schema";
import {
  estimateTime,
  type PlannedTask,
  type TimedTask,
  type TimeRange,
  workOf,
} from "@/lib/studio/spend/pace";

export interface TimeEstimate {
  /** Null when this studio has measured no task of the kind yet. */
  range: TimeRange | null;
  /** The team's tasks sent before these and not finished, and experiment cells waiting to be sent. */
  tasksAhead: number;
}

/** Past tasks measured: the newest few hundred of a type show the service's pace now. */
const HISTORY_ROWS = 300;
/** A task still "processing" after this long is lost, not ahead of anything. */
const STALE_MS = 60 * 60 * 1000;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** A task's work and images, as the service will read it (omitted parameters at their defaults). */
export function plannedOf(
  params: Record<string, unknown>,
  taskType?: string,
): PlannedTask & { model: string | null } {
  const t = withContractDefaults(taskType === undefined ? params : { ...params, taskType });
  const type = String(t.taskType ?? "imageInference");
  return {
    model: typeof t.model === "string" ? t.model : null,
    images: Math.max(1, Math.round(num(t.numberResults) ?? 1)),
    work: workOf({
      taskType: type,
      width: num(t.width),
      height: num(t.height),
      steps: num(t.steps),
      duration: num(t.duration),
    }),
  };
}

async function history(db: StudioDatabase, taskType: string): Promise<TimedTask[]> {
  const rows = await db
    .select({ params: task.params, createdAt: task.createdAt, completedAt: task.completedAt })
    .from(task)
    .where(and(eq(task.taskType, taskType), eq(task.status, "success"), isNotNull(task.completedAt)))
    .orderBy(desc(task.createdAt))
    .limit(HISTORY_ROWS);
  return rows.flatMap((r) => {
    if (!r.completedAt) return [];
    const planned = plannedOf(r.params, taskType);
    return [{ ...planned, createdMs: r.createdAt.getTime(), completedMs: r.completedAt.getTime() }];
  });
}

/** What the service has still to do before new tasks: the team's tasks in flight and cells waiting. */
async function ahead(db: StudioDatabase, now: Date) {
  const since = new Date(now.getTime() - STALE_MS);
  const [inFlight, waiting] = await Promise.all([
    db
      .select({ taskType: task.taskType, params: task.params, status: task.status })
      .from(task)
      .where(and(inArray(task.status, ["queued", "processing"]), gt(task.createdAt, since))),
    db
      .select({ params: experimentCell.params })
      .from(experimentCell)
      .innerJoin(experiment, eq(experiment.id, experimentCell.experimentId))
      .where(and(eq(experiment.status, "running"), eq(experimentCell.status, "pending"))),
  ]);
  return {
    queued: [
      ...inFlight.filter((t) => t.status === "queued").map((t) => plannedOf(t.params, t.taskType)),
      ...waiting.map((c) => plannedOf(c.params)),
    ],
    processing: inFlight.filter((t) => t.status === "processing").map((t) => plannedOf(t.params, t.taskType)),
  };
}

/**
 * How long `tasks` would take from now: measured on this studio's past tasks of the same type
 * and model, behind the team's unfinished work. Tasks of several models (a grid over models)
 * are estimated model by model and the times added, as the runner sends cells in order.
 */
export async function estimateTaskTime(
  db: StudioDatabase,
  tasks: readonly Record<string, unknown>[],
  options: { concurrency?: number; now?: Date } = {},
): Promise<TimeEstimate> {
  const before = await ahead(db, options.now ?? new Date());
  const tasksAhead = before.queued.length + before.processing.length;
  const groups = new Map<string, { taskType: string; model: string | null; tasks: PlannedTask[] }>();
  for (const params of tasks) {
    const taskType = String(params.taskType ?? "imageInference");
    const planned = plannedOf(params);
    const key = JSON.stringify([taskType, planned.model]);
    const group = groups.get(key) ?? { taskType, model: planned.model, tasks: [] };
    group.tasks.push(planned);
    groups.set(key, group);
  }
  const histories = new Map<string, TimedTask[]>();
  let low = 0;
  let high = 0;
  let samples = 0;
  let sameModel = true;
  let first = true;
  for (const group of groups.values()) {
    let past = histories.get(group.taskType);
    if (!past) {
      past = await history(db, group.taskType);
      histories.set(group.taskType, past);
    }
    const range = estimateTime({
      history: past,
      model: group.model,
      tasks: group.tasks,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      // The work ahead is waited for once, before the first group.
      ...(first ? { ahead: before } : {}),
    });
    first = false;
    if (range === null) return { range: null, tasksAhead };
    low += range.lowSeconds;
    high += range.highSeconds;
    samples = Math.max(samples, range.samples);
    sameModel &&= range.sameModel;
  }
  if (groups.size === 0) return { range: null, tasksAhead };
  return { range: { lowSeconds: low, highSeconds: high, samples, sameModel }, tasksAhead };
}
