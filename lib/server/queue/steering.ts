import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { queuePause, task } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { QueueScope, TaskPriority } from "@/lib/studio/queue/queue";
import { PRIORITY_VALUE } from "@/lib/studio/queue/queue";
import { retryOnDeadlock, withQueueLock } from "./send-gate";
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

export type Place = { to: "top" | "bottom" } | { before: string } | { after: string };

/** A member's queue is reordered by one transaction at a time, on every studio. */
const ORDER_LOCK = 0x51_4f_52_44;

/**
 * Moves a waiting task: to the top or bottom of its author's queue, or just before or after
 * another of their waiting tasks, taking that task's priority (the place shown is the place it
 * goes). The author's waiting tasks are renumbered under a lock, so moves made at once each see
 * the order the one before left: one order, every task in it once.
 */
export async function moveTask(
  db: StudioDatabase,
  caller: SessionUser,
  taskUUID: string,
  place: Place,
): Promise<void> {
  await retryOnDeadlock(() => moveOnce(db, caller, taskUUID, place));
}

async function moveOnce(db: StudioDatabase, caller: SessionUser, taskUUID: string, place: Place) {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    // The order's lock before any row's: a move holding it renumbers rows another would lock.
    const [owner] = await tx
      .select({ authorId: task.authorId })
      .from(task)
      .where(eq(task.taskUUID, taskUUID.toLowerCase()));
    if (!owner) throw studioErrors.taskNotFound();
    await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK}, hashtext(${owner.authorId}))`);
    const [moved] = await lockSteered(tx, caller, [taskUUID], "taskUUID");
    if (!moved) throw studioErrors.taskNotFound();
    if (!moved.waiting) throw studioErrors.queueTaskNotWaiting("taskUUID");
    // Every row renumbered is locked first, by id, the one order all of steering locks in.
    await tx
      .select({ taskUUID: task.taskUUID })
      .from(task)
      .where(and(eq(task.authorId, moved.authorId), waitingNow()))
      .orderBy(task.taskUUID)
      .for("update");
    const order = await tx
      .select({ taskUUID: task.taskUUID, priority: task.priority })
      .from(task)
      .where(and(eq(task.authorId, moved.authorId), waitingNow()))
      .orderBy(desc(task.priority), asc(task.rank), asc(task.createdAt), asc(task.taskUUID));
    const rest = order.filter((r) => r.taskUUID !== moved.taskUUID);
    const self = order.find((r) => r.taskUUID === moved.taskUUID);
    if (!self) throw studioErrors.queueTaskNotWaiting("taskUUID");
    let at: number;
    let priority = self.priority;
    if ("to" in place) {
      at = place.to === "top" ? 0 : rest.length;
      const neighbour = place.to === "top" ? rest[0] : rest.at(-1);
      if (neighbour) priority = neighbour.priority;
    } else {
      const target = "before" in place ? place.before : place.after;
      const parameter = "before" in place ? "before" : "after";
      const index = rest.findIndex((r) => r.taskUUID === target.toLowerCase());
      if (index < 0) throw notBeside(parameter);
      at = "before" in place ? index : index + 1;
      priority = (rest[index] as { priority: number }).priority;
    }
    const next = [...rest.slice(0, at), { taskUUID: moved.taskUUID, priority }, ...rest.slice(at)];
    const values = sql.join(
      next.map((r, i) => sql`(${r.taskUUID}::uuid, ${i}::double precision)`),
      sql`, `,
    );
    await tx.execute(
      sql`update task set rank = v.rank from (values ${values}) as v(id, rank) where task.task_uuid = v.id`,
    );
    await tx.update(task).set({ priority }).where(eq(task.taskUUID, moved.taskUUID));
  });
}

function notBeside(parameter: string) {
  return studioErrors.invalidQueueEdit(
    `Invalid '${parameter}': it names no waiting task of the same member.`,
    parameter,
  );
}

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
