import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { queuePause, task } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { QueueScope, TaskPriority } from "@/lib/studio/queue/queue";
import { PRIORITY_VALUE } from "@/lib/studio/queue/queue";
import { withQueueLock } from "./send-gate";
import { isOwner, lockSteered, steerableWhere, waitingNow } from "./steer-access";

/** What a bulk change did: tasks changed, and those skipped because they no longer waited. */
export interface SteerOutcome {
  changed: number;
  skipped: number;
}

const pauseKey = (caller: SessionUser, scope: QueueScope) => {
  if (scope === "team" && !isOwner(caller)) throw studioErrors.teamPauseOwnerOnly();
  return scope === "team" ? "team" : caller.id;
};

/**
 * Pauses the caller's waiting tasks, or (an owner) the team's, new ones included, until resumed.
 * Taken alone against every claim (see `withQueueLock`): once this returns, no studio sends a
 * task it covers.
 */
export async function pauseQueue(db: StudioDatabase, caller: SessionUser, scope: QueueScope): Promise<void> {
  const key = pauseKey(caller, scope);
  await withQueueLock(db, "alone", (tx) =>
    tx.insert(queuePause).values({ scope: key, pausedBy: caller.id }).onConflictDoNothing(),
  );
}

/** Ends a pause; the scope's tasks paused one by one are let go too, and go in their order. */
export async function resumeQueue(db: StudioDatabase, caller: SessionUser, scope: QueueScope): Promise<void> {
  const key = pauseKey(caller, scope);
  await withQueueLock(db, "alone", async (tx) => {
    await tx.delete(queuePause).where(eq(queuePause.scope, key));
    await tx
      .update(task)
      .set({ held: false })
      .where(
        and(waitingNow(), eq(task.held, true), scope === "team" ? undefined : eq(task.authorId, caller.id)),
      );
  });
}

/** Pauses (or lets go) the tasks named that still wait. */
export async function holdTasks(
  db: StudioDatabase,
  caller: SessionUser,
  taskUUIDs: readonly string[],
  held: boolean,
): Promise<SteerOutcome> {
  return withQueueLock(db, "alone", async (tx) => {
    const rows = await lockSteered(tx, caller, taskUUIDs);
    const changed = await tx
      .update(task)
      .set({ held })
      .where(steerableWhere(caller, taskUUIDs))
      .returning({ taskUUID: task.taskUUID });
    return { changed: changed.length, skipped: rows.length - changed.length };
  });
}

export async function setPriority(
  db: StudioDatabase,
  caller: SessionUser,
  taskUUIDs: readonly string[],
  priority: TaskPriority,
): Promise<SteerOutcome> {
  return db.transaction(async (tx) => {
    const rows = await lockSteered(tx as unknown as StudioDatabase, caller, taskUUIDs);
    const changed = await tx
      .update(task)
      .set({ priority: PRIORITY_VALUE[priority] })
      .where(steerableWhere(caller, taskUUIDs))
      .returning({ taskUUID: task.taskUUID });
    return { changed: changed.length, skipped: rows.length - changed.length };
  });
}

export { moveEntry, moveTask, type Place } from "./queue-move";

/**
 * Takes the waiting tasks named (or all the caller's) out of the sending race in one conditional
 * write, and answers them: the caller ends each as cancelled. Tasks already sent are skipped.
 */
export async function takeForCancel(
  db: StudioDatabase,
  caller: SessionUser,
  target: { taskUUIDs: readonly string[] } | { allMine: true },
): Promise<{ taken: string[]; skipped: number }> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const where =
      "allMine" in target
        ? and(eq(task.authorId, caller.id), waitingNow())
        : steerableWhere(caller, target.taskUUIDs);
    const named = "allMine" in target ? [] : await lockSteered(tx, caller, target.taskUUIDs);
    const taken = await tx
      .update(task)
      .set({ held: true, sentAt: sql`now()` })
      .where(where)
      .returning({ taskUUID: task.taskUUID });
    return {
      taken: taken.map((t) => t.taskUUID),
      skipped: "allMine" in target ? 0 : named.length - taken.length,
    };
  });
}

/** Whether a pause row covers these scopes now. */
export async function pausesNow(db: StudioDatabase): Promise<Set<string>> {
  const rows = await db.select({ scope: queuePause.scope }).from(queuePause);
  return new Set(rows.map((r) => r.scope));
}
