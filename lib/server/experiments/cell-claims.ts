import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { experiment, experimentCell, user } from "@/lib/server/db/schema";

/** An experiment's status, concurrency and author, with how many of its cells are sent and pending, in one query. */
export async function readProgress(db: StudioDatabase, id: string) {
  const counted = (status: string) =>
    sql<number>`(select count(*)::int from ${experimentCell} c where c.experiment_id = ${outerColumn(experiment.id)} and c.status = ${status})`;
  const [exp] = await db
    .select({
      status: experiment.status,
      name: experiment.name,
      concurrency: experiment.concurrency,
      author: { id: user.id, name: user.name, email: user.email, role: user.role },
      sent: counted("sent"),
      pending: counted("pending"),
    })
    .from(experiment)
    .leftJoin(user, eq(user.id, experiment.createdBy))
    .where(eq(experiment.id, id));
  return exp;
}

/**
 * Marks up to `room` pending cells sent, each with its attempt's taskUUID, and answers them in
 * key order. Claimed in one statement, and only while still pending: another studio on the same
 * database may be sending this experiment too, and a cell it claimed first (or is claiming now:
 * skipped, not waited on) is its own to send.
 */
export async function claimCells(db: StudioDatabase, id: string, room: number) {
  const next = db
    .select({ key: experimentCell.key })
    .from(experimentCell)
    .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.status, "pending")))
    .orderBy(asc(experimentCell.key))
    .limit(room)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(experimentCell)
    .set({
      status: "sent",
      taskUUID: sql`gen_random_uuid()`,
      error: null,
      attempts: sql`${experimentCell.attempts} + 1`,
      sentAt: new Date(),
      doneAt: null,
    })
    .where(
      and(
        eq(experimentCell.experimentId, id),
        eq(experimentCell.status, "pending"),
        // A paused or cancelled experiment's entry in the queue sends nothing more.
        sql`exists (select 1 from ${experiment} e where e.id = ${id}::uuid and e.status = 'running')`,
        // `= any(array(...))`: the subquery runs once (an `in` may be rescanned as a join,
        // and a rescanned `limit ... skip locked` claims more than its limit).
        sql`${experimentCell.key} = any(array(${next}))`,
      ),
    )
    .returning();
  return claimed
    .flatMap((cell) => (cell.taskUUID ? [{ cell, taskUUID: cell.taskUUID }] : []))
    .sort((a, b) => a.cell.key.localeCompare(b.cell.key));
}

/** Claimed cells that did not go (the member's share is full, the service is away) wait again, their attempt uncounted. */
export async function unclaimCells(db: StudioDatabase, id: string, keys: string[]): Promise<void> {
  await db
    .update(experimentCell)
    .set({ status: "pending", taskUUID: null, attempts: sql`${experimentCell.attempts} - 1` })
    .where(and(eq(experimentCell.experimentId, id), inArray(experimentCell.key, keys)));
}
