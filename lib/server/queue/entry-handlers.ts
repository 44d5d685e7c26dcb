import "server-only";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import type { ResultKeeper } from "@/lib/server/results/keeper";
import type { EventLog } from "@/lib/server/stream/event-log";
import type { TaskPriority } from "@/lib/studio/queue/queue";
import { experimentEntries } from "./experiment-entries";
import { cancelExperiments, holdExperiments, prioritizeExperiments } from "./experiment-steering";
import { announceQueue, endCancelled } from "./queue-handlers";
import { holdTasks, type SteerOutcome, setPriority, takeForCancel } from "./steering";

/**
 * The queue's steering endpoints over both kinds of entry, tasks and experiments: each kind
 * changed by its own function, the outcomes added, then every open drawer and experiment page
 * told, and a resumed experiment's runner woken.
 */

export interface SteerContext {
  db: StudioDatabase;
  log: Pick<EventLog, "publishGallery">;
  runtime: {
    keeper: Pick<ResultKeeper, "fail">;
    /** The experiment runner: sends what a resumed experiment can. */
    experiments: { pump(id: string): Promise<void> };
  };
  user: SessionUser;
}

export interface Targets {
  taskUUIDs?: string[] | undefined;
  experimentIds?: string[] | undefined;
}

const sum = (a: SteerOutcome, b: SteerOutcome): SteerOutcome => ({
  changed: a.changed + b.changed,
  skipped: a.skipped + b.skipped,
});
const none: SteerOutcome = { changed: 0, skipped: 0 };

/** Its page reads the experiment again (its status, or its cells). */
function announceExperiments(ctx: SteerContext, ids: readonly string[]): void {
  for (const experimentId of ids) ctx.log.publishGallery({ kind: "experiment", experimentId });
}

export async function holdEntries(ctx: SteerContext, targets: Targets, held: boolean): Promise<SteerOutcome> {
  const tasks = targets.taskUUIDs ? await holdTasks(ctx.db, ctx.user, targets.taskUUIDs, held) : none;
  const experiments = targets.experimentIds
    ? await holdExperiments(ctx.db, ctx.user, targets.experimentIds, held)
    : { ...none, changedIds: [] };
  announceQueue(ctx.log, ctx.user);
  announceExperiments(ctx, experiments.changedIds);
  if (!held) for (const id of experiments.changedIds) void ctx.runtime.experiments.pump(id);
  return sum(tasks, experiments);
}

export async function prioritizeEntries(
  ctx: SteerContext,
  targets: Targets,
  priority: TaskPriority,
): Promise<SteerOutcome> {
  const tasks = targets.taskUUIDs ? await setPriority(ctx.db, ctx.user, targets.taskUUIDs, priority) : none;
  const experiments = targets.experimentIds
    ? await prioritizeExperiments(ctx.db, ctx.user, targets.experimentIds, priority)
    : none;
  announceQueue(ctx.log, ctx.user);
  return sum(tasks, experiments);
}

/**
 * Cancels the tasks and experiments named, or everything of the caller's that waits (their
 * experiments with cells not yet sent included: the drawer shows them as theirs).
 */
export async function cancelEntries(
  ctx: SteerContext,
  target: Targets | { allMine: true },
): Promise<{ cancelled: number; skipped: number }> {
  const allMine = "allMine" in target;
  const experimentIds = allMine
    ? (await experimentEntries(ctx.db, ctx.user.id)).map((e) => e.id)
    : (target.experimentIds ?? []);
  // Experiments first: their waiting cells are theirs to end, not left to "all mine".
  const experiments =
    experimentIds.length > 0
      ? await cancelExperiments(ctx.db, ctx.user, experimentIds)
      : { cancelledIds: [], taken: [], cells: 0, skipped: 0 };
  const tasks = allMine
    ? await takeForCancel(ctx.db, ctx.user, { allMine: true })
    : target.taskUUIDs
      ? await takeForCancel(ctx.db, ctx.user, { taskUUIDs: target.taskUUIDs })
      : { taken: [], skipped: 0 };
  await endCancelled(ctx.runtime, [...experiments.taken, ...tasks.taken]);
  announceQueue(ctx.log, ctx.user);
  announceExperiments(ctx, experiments.cancelledIds);
  return {
    cancelled: tasks.taken.length + experiments.cells,
    skipped: tasks.skipped + experiments.skipped,
  };
}
