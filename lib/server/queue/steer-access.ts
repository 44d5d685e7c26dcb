import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { task } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";

/** Who may steer what: a member their own waiting tasks, an owner anyone's. */
export const isOwner = (caller: Pick<SessionUser, "role">) => caller.role === "owner";

/** Still waiting in the studio: not taken for sending, not ended. */
export const waitingNow = () => and(eq(task.status, "queued"), isNull(task.sentAt));

/**
 * The task is a cell of a paused or cancelled experiment: the experiment's entry in the queue
 * holds it, as a pause row holds a member's tasks (read by the claim under the same lock, see
 * `withQueueLock`).
 */
export const inStoppedExperiment = () =>
  sql<boolean>`exists (select 1 from experiment_cell c join experiment e on e.id = c.experiment_id where c.task_uuid = ${outerColumn(task.taskUUID)} and e.status in ('paused', 'cancelled'))`;

export interface SteeredRow {
  taskUUID: string;
  authorId: string;
  waiting: boolean;
}

/**
 * The tasks named, locked until the transaction ends so no studio takes one for sending
 * meanwhile; refused whole when one is unknown or, for a member, someone else's.
 */
export async function lockSteered(
  tx: StudioDatabase,
  caller: SessionUser,
  taskUUIDs: readonly string[],
  parameter = "taskUUIDs",
): Promise<SteeredRow[]> {
  const unique = [...new Set(taskUUIDs.map((u) => u.toLowerCase()))];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({
      taskUUID: task.taskUUID,
      authorId: task.authorId,
      waiting: sql<boolean>`${task.status} = 'queued' and ${task.sentAt} is null`,
    })
    .from(task)
    .where(inArray(task.taskUUID, unique))
    .orderBy(task.taskUUID)
    .for("update");
  if (rows.length < unique.length) throw studioErrors.taskNotFound();
  if (!isOwner(caller) && rows.some((r) => r.authorId !== caller.id)) {
    throw studioErrors.queueTaskNotYours(parameter);
  }
  return rows;
}

/** The conditions that keep a bulk change to the caller's tasks that still wait. */
export function steerableWhere(caller: SessionUser, taskUUIDs: readonly string[]) {
  return and(
    inArray(task.taskUUID, [...taskUUIDs]),
    waitingNow(),
    isOwner(caller) ? undefined : eq(task.authorId, caller.id),
  );
}
