import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { experiment, task, user } from "@/lib/server/db/schema";
import { STEERABLE_STATUSES } from "./experiment-steering";

/** The task is a cell of an experiment still sending: its experiment's entry stands for it. */
export const inSteerableExperiment = () =>
  sql<boolean>`exists (select 1 from experiment_cell c join experiment e on e.id = c.experiment_id where c.task_uuid = ${outerColumn(task.taskUUID)} and e.status in ('running', 'paused'))`;

/**
 * A cell not yet sent: pending (its runner has not claimed it), or claimed and recorded as a task
 * that still waits in the studio. A claimed cell whose task is not recorded yet counts too.
 */
const WAITING_CELLS = sql<number>`(select count(*)::int from experiment_cell c left join task t on t.task_uuid = c.task_uuid where c.experiment_id = ${outerColumn(experiment.id)} and (c.status = 'pending' or (c.status = 'sent' and (t.task_uuid is null or (t.status = 'queued' and t.sent_at is null)))))`;

export interface ExperimentEntry {
  id: string;
  name: string;
  authorId: string;
  authorName: string;
  status: string;
  priority: number;
  rank: number;
  createdAt: Date;
  waiting: number;
}

/** The experiments with cells not yet sent, a member's (or everyone's), in sending order. */
export async function experimentEntries(
  db: StudioDatabase,
  authorId: string | null,
): Promise<ExperimentEntry[]> {
  const rows = await db
    .select({
      id: experiment.id,
      name: experiment.name,
      authorId: experiment.createdBy,
      authorName: user.name,
      status: experiment.status,
      priority: experiment.queuePriority,
      rank: experiment.queueRank,
      createdAt: experiment.createdAt,
      waiting: WAITING_CELLS,
    })
    .from(experiment)
    .innerJoin(user, eq(user.id, experiment.createdBy))
    .where(
      and(
        inArray(experiment.status, [...STEERABLE_STATUSES]),
        authorId === null ? undefined : eq(experiment.createdBy, authorId),
      ),
    )
    .orderBy(desc(experiment.queuePriority), asc(experiment.queueRank), asc(experiment.createdAt));
  return rows.filter((r) => r.waiting > 0);
}

interface Placed {
  priority: number;
  rank: number;
  createdAt: Date;
}

/** Sending order: higher priority first, then lower rank, then the older. */
export function sendsBefore(a: Placed, b: Placed): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.rank !== b.rank) return a.rank < b.rank;
  return a.createdAt.getTime() <= b.createdAt.getTime();
}

/**
 * Where each entry falls in one list with the tasks (both already in sending order): its index
 * there. A task that ties with an entry goes first.
 */
export function mergedPlaces(tasks: readonly Placed[], entries: readonly Placed[]): number[] {
  const places: number[] = [];
  let t = 0;
  for (const [i, entry] of entries.entries()) {
    while (t < tasks.length && sendsBefore(tasks[t] as Placed, entry)) t++;
    places.push(t + i);
  }
  return places;
}
