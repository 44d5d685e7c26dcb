import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { experiment, experimentCell, task } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { TaskPriority } from "@/lib/studio/queue/queue";
import { PRIORITY_VALUE } from "@/lib/studio/queue/queue";
import { CANCELLED } from "./queue-handlers";
import { withQueueLock } from "./send-gate";
import { isOwner, waitingNow } from "./steer-access";

/** What a change did: experiments changed, and those skipped (no longer sending cells). */
interface SteerOutcome {
  changed: number;
  skipped: number;
}

/**
 * An experiment's cells not yet sent are one entry of its author's waiting queue: paused,
 * resumed, given a priority and cancelled as one. The entry's pause is the experiment's own
 * status (`paused`), so its page and the queue say the same thing.
 */

/** The experiments still sending cells: those whose remaining cells make a queue entry. */
export const STEERABLE_STATUSES = ["running", "paused"] as const;

/** The waiting tasks of an experiment's cells (claimed by its runner, not yet sent). */
export const cellTasksOf = (experimentIds: readonly string[]) =>
  inArray(
    task.taskUUID,
    sql`(select c.task_uuid from experiment_cell c where c.experiment_id in (${sql.join(
      experimentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and c.status = 'sent')`,
  );

/**
 * The experiments named, locked until the transaction ends; refused whole when one is unknown or,
 * for a member, someone else's.
 */
export async function lockExperiments(
  tx: StudioDatabase,
  caller: SessionUser,
  experimentIds: readonly string[],
  parameter = "experimentIds",
): Promise<{ id: string; status: string }[]> {
  const unique = [...new Set(experimentIds.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: experiment.id, createdBy: experiment.createdBy, status: experiment.status })
    .from(experiment)
    .where(inArray(experiment.id, unique))
    .orderBy(experiment.id)
    .for("update");
  if (rows.length < unique.length) throw studioErrors.experimentNotFound(parameter);
  if (!isOwner(caller) && rows.some((r) => r.createdBy !== caller.id)) {
    throw studioErrors.queueTaskNotYours(parameter);
  }
  return rows;
}

/**
 * Pauses (or resumes) experiments, taken alone against every claim as a queue pause is: once
 * this returns, no studio sends a cell of a paused one, neither a cell task already waiting nor
 * one its runner records later (the claim reads the experiment's status, see `claimForSending`).
 */
export async function holdExperiments(
  db: StudioDatabase,
  caller: SessionUser | null,
  experimentIds: readonly string[],
  held: boolean,
): Promise<SteerOutcome & { changedIds: string[] }> {
  return withQueueLock(db, "alone", async (tx) => {
    const named = caller ? await lockExperiments(tx, caller, experimentIds) : [];
    const changed = await tx
      .update(experiment)
      .set({ status: held ? "paused" : "running", updatedAt: new Date() })
      .where(
        and(
          inArray(
            experiment.id,
            experimentIds.map((id) => id.toLowerCase()),
          ),
          eq(experiment.status, held ? "running" : "paused"),
        ),
      )
      .returning({ id: experiment.id });
    return {
      changed: changed.length,
      skipped: Math.max(0, named.length - changed.length),
      changedIds: changed.map((c) => c.id),
    };
  });
}

export async function prioritizeExperiments(
  db: StudioDatabase,
  caller: SessionUser,
  experimentIds: readonly string[],
  priority: TaskPriority,
): Promise<SteerOutcome> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const named = await lockExperiments(tx, caller, experimentIds);
    const live = named.filter((r) => (STEERABLE_STATUSES as readonly string[]).includes(r.status));
    if (live.length === 0) return { changed: 0, skipped: named.length };
    const ids = live.map((r) => r.id);
    const value = PRIORITY_VALUE[priority];
    await tx.update(experiment).set({ queuePriority: value }).where(inArray(experiment.id, ids));
    // Its cells already waiting as tasks go where the entry goes.
    await tx
      .update(task)
      .set({ priority: value })
      .where(and(waitingNow(), cellTasksOf(ids)));
    return { changed: live.length, skipped: named.length - live.length };
  });
}

/**
 * Cancels experiments: their pending cells end cancelled, and their cells waiting as tasks are
 * taken out of the sending race in the same transaction (the caller ends each as cancelled, and
 * its runner settles its cell so). A cell its runner records after this commits is never sent
 * either (the claim reads the status) and is withdrawn by that runner (see `ExperimentRunner`).
 */
export async function cancelExperiments(
  db: StudioDatabase,
  caller: SessionUser | null,
  experimentIds: readonly string[],
): Promise<{ cancelledIds: string[]; taken: string[]; cells: number; skipped: number }> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const named = caller ? await lockExperiments(tx, caller, experimentIds) : [];
    const cancelled = await tx
      .update(experiment)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(
        and(
          inArray(
            experiment.id,
            experimentIds.map((id) => id.toLowerCase()),
          ),
          inArray(experiment.status, [...STEERABLE_STATUSES]),
        ),
      )
      .returning({ id: experiment.id });
    const ids = cancelled.map((c) => c.id);
    if (ids.length === 0) return { cancelledIds: [], taken: [], cells: 0, skipped: named.length };
    const cells = await tx
      .update(experimentCell)
      .set({ status: "error", error: [CANCELLED], doneAt: new Date() })
      .where(and(inArray(experimentCell.experimentId, ids), eq(experimentCell.status, "pending")))
      .returning({ key: experimentCell.key });
    const taken = await tx
      .update(task)
      .set({ held: true, sentAt: sql`now()` })
      .where(and(waitingNow(), cellTasksOf(ids)))
      .returning({ taskUUID: task.taskUUID });
    return {
      cancelledIds: ids,
      taken: taken.map((t) => t.taskUUID),
      cells: cells.length + taken.length,
      skipped: Math.max(0, named.length - ids.length),
    };
  });
}

/**
 * The tasks among `taskUUIDs` that still wait and belong to a cancelled experiment, taken out of
 * the sending race: a runner recorded them after its experiment was cancelled.
 */
export async function withdrawCancelled(db: StudioDatabase, taskUUIDs: readonly string[]): Promise<string[]> {
  if (taskUUIDs.length === 0) return [];
  const taken = await db
    .update(task)
    .set({ held: true, sentAt: sql`now()` })
    .where(
      and(
        inArray(task.taskUUID, [...taskUUIDs]),
        waitingNow(),
        sql`exists (select 1 from experiment_cell c join experiment e on e.id = c.experiment_id where c.task_uuid = ${outerColumn(task.taskUUID)} and e.status = 'cancelled')`,
      ),
    )
    .returning({ taskUUID: task.taskUUID });
  return taken.map((t) => t.taskUUID);
}
