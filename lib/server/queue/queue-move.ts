import "server-only";
import { and, asc, desc, eq, inArray, not, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { experiment, task } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { experimentEntries, inSteerableExperiment, sendsBefore } from "./experiment-entries";
import { cellTasksOf, lockExperiments } from "./experiment-steering";
import { retryOnDeadlock } from "./send-gate";
import { lockSteered, waitingNow } from "./steer-access";

export type Place = { to: "top" | "bottom" } | { before: string } | { after: string };

/** What moves: a waiting task, or an experiment's entry (its cells not yet sent). */
export type Moved = { taskUUID: string } | { experimentId: string };

/** A member's queue is reordered by one transaction at a time, on every studio. */
const ORDER_LOCK = 0x51_4f_52_44;

interface Entry {
  id: string;
  kind: "task" | "experiment";
  priority: number;
  rank: number;
  createdAt: Date;
}

export function moveTask(db: StudioDatabase, caller: SessionUser, taskUUID: string, place: Place) {
  return moveEntry(db, caller, { taskUUID }, place);
}

/**
 * Moves a waiting task or an experiment's entry: to the top or bottom of its author's queue, or
 * just before or after another of their entries, taking that entry's priority (the place shown is
 * the place it goes). The author's entries are renumbered under a lock, so moves made at once
 * each see the order the one before left: one order, every entry in it once. An experiment's
 * cells already waiting as tasks take its new place, and those it records later take it too.
 */
export async function moveEntry(
  db: StudioDatabase,
  caller: SessionUser,
  moved: Moved,
  place: Place,
): Promise<void> {
  await retryOnDeadlock(() => moveOnce(db, caller, moved, place));
}

async function authorOf(tx: StudioDatabase, moved: Moved): Promise<string> {
  if ("taskUUID" in moved) {
    const [row] = await tx
      .select({ authorId: task.authorId })
      .from(task)
      .where(eq(task.taskUUID, moved.taskUUID.toLowerCase()));
    if (!row) throw studioErrors.taskNotFound();
    return row.authorId;
  }
  const [row] = await tx
    .select({ authorId: experiment.createdBy })
    .from(experiment)
    .where(eq(experiment.id, moved.experimentId.toLowerCase()));
  if (!row) throw studioErrors.experimentNotFound("experimentId");
  return row.authorId;
}

/** The author's entries in sending order: their tasks (not an experiment's) and experiments. */
async function entriesOf(tx: StudioDatabase, authorId: string): Promise<Entry[]> {
  const tasks = await tx
    .select({ id: task.taskUUID, priority: task.priority, rank: task.rank, createdAt: task.createdAt })
    .from(task)
    .where(and(eq(task.authorId, authorId), waitingNow(), not(inSteerableExperiment())))
    .orderBy(desc(task.priority), asc(task.rank), asc(task.createdAt), asc(task.taskUUID));
  const experiments = await experimentEntries(tx, authorId);
  const merged: Entry[] = [];
  let t = 0;
  for (const e of experiments) {
    while (t < tasks.length && sendsBefore(tasks[t] as Entry, e)) {
      merged.push({ ...(tasks[t] as Omit<Entry, "kind">), kind: "task" });
      t++;
    }
    merged.push({ id: e.id, kind: "experiment", priority: e.priority, rank: e.rank, createdAt: e.createdAt });
  }
  for (; t < tasks.length; t++) merged.push({ ...(tasks[t] as Omit<Entry, "kind">), kind: "task" });
  return merged;
}

async function moveOnce(db: StudioDatabase, caller: SessionUser, moved: Moved, place: Place) {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const parameter = "taskUUID" in moved ? "taskUUID" : "experimentId";
    const movedId = ("taskUUID" in moved ? moved.taskUUID : moved.experimentId).toLowerCase();
    // The order's lock before any row's: a move holding it renumbers rows another would lock.
    const authorId = await authorOf(tx, moved);
    await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK}, hashtext(${authorId}))`);
    if ("taskUUID" in moved) {
      const [row] = await lockSteered(tx, caller, [movedId], "taskUUID");
      if (!row?.waiting) throw studioErrors.queueTaskNotWaiting("taskUUID");
    } else {
      await lockExperiments(tx, caller, [movedId], "experimentId");
    }
    // Every row renumbered is locked first, by id, the one order all of steering locks in.
    await tx
      .select({ taskUUID: task.taskUUID })
      .from(task)
      .where(and(eq(task.authorId, authorId), waitingNow()))
      .orderBy(task.taskUUID)
      .for("update");
    const order = await entriesOf(tx, authorId);
    const self = order.find((r) => r.id === movedId);
    if (!self) throw studioErrors.queueTaskNotWaiting(parameter);
    const rest = order.filter((r) => r.id !== movedId);
    let at: number;
    let priority = self.priority;
    if ("to" in place) {
      at = place.to === "top" ? 0 : rest.length;
      const neighbour = place.to === "top" ? rest[0] : rest.at(-1);
      if (neighbour) priority = neighbour.priority;
    } else {
      const target = ("before" in place ? place.before : place.after).toLowerCase();
      const side = "before" in place ? "before" : "after";
      const index = rest.findIndex((r) => r.id === target);
      if (index < 0) throw notBeside(side);
      at = "before" in place ? index : index + 1;
      priority = (rest[index] as Entry).priority;
    }
    const next = [...rest.slice(0, at), { ...self, priority }, ...rest.slice(at)];
    await renumber(tx, next);
    if (self.kind === "task") {
      await tx.update(task).set({ priority }).where(eq(task.taskUUID, self.id));
    } else {
      await tx.update(experiment).set({ queuePriority: priority }).where(eq(experiment.id, self.id));
      await tx
        .update(task)
        .set({ priority })
        .where(and(waitingNow(), cellTasksOf([self.id])));
    }
  });
}

/** Each entry's rank becomes its index; an experiment's waiting cell tasks share its rank. */
async function renumber(tx: StudioDatabase, next: readonly Entry[]): Promise<void> {
  const tasks = next.flatMap((r, i) => (r.kind === "task" ? [{ id: r.id, rank: i }] : []));
  const experiments = next.flatMap((r, i) => (r.kind === "experiment" ? [{ id: r.id, rank: i }] : []));
  if (tasks.length > 0) {
    const values = sql.join(
      tasks.map((r) => sql`(${r.id}::uuid, ${r.rank}::double precision)`),
      sql`, `,
    );
    await tx.execute(
      sql`update task set rank = v.rank from (values ${values}) as v(id, rank) where task.task_uuid = v.id`,
    );
  }
  for (const e of experiments) {
    await tx
      .update(experiment)
      .set({ queueRank: e.rank })
      .where(inArray(experiment.id, [e.id]));
    await tx
      .update(task)
      .set({ rank: e.rank })
      .where(and(waitingNow(), cellTasksOf([e.id])));
  }
}

function notBeside(parameter: string) {
  return studioErrors.invalidQueueEdit(
    `Invalid '${parameter}': it names no waiting task or experiment of the same member.`,
    parameter,
  );
}
