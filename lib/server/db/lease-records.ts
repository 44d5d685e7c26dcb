import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { StudioDatabase } from "./database";
import { taskLease } from "./schema";

/**
 * Leases on tasks in flight (see schema/leases.ts). Every expiry is computed by the database
 * (`now()`), never by an instance's clock. Each function is one statement, so an instance that
 * dies between two leaves nothing half done.
 */

/** How long after its last renewal a lease is another instance's to take. */
const expiry = (ttlMs: number) => sql`now() + ${Math.max(1, Math.round(ttlMs))} * interval '1 millisecond'`;

/** Rows of a raw statement; both drivers answer `execute` with `{ rows }`. */
async function rows<T>(db: StudioDatabase, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Leases `taskUUIDs` to `holder` (a task this instance just recorded and is about to send): each
 * one that has no lease, an expired one, or one of `holder`'s own. Answers those now held.
 */
export async function takeLeases(
  db: StudioDatabase,
  holder: string,
  taskUUIDs: readonly string[],
  ttlMs: number,
): Promise<string[]> {
  if (taskUUIDs.length === 0) return [];
  const taken = await db
    .insert(taskLease)
    .values(taskUUIDs.map((taskUUID) => ({ taskUUID, holder, expiresAt: sql`${expiry(ttlMs)}` })))
    .onConflictDoUpdate({
      target: taskLease.taskUUID,
      set: { holder, expiresAt: sql`excluded.expires_at` },
      where: sql`${taskLease.expiresAt} < now() or ${taskLease.holder} = ${holder}`,
    })
    .returning({ taskUUID: taskLease.taskUUID });
  return taken.map((t) => t.taskUUID);
}

/**
 * Claims up to `limit` tasks still in flight that nobody watches: no lease (recorded before
 * leases existed) or an expired one (its holder stopped renewing). Oldest tasks first.
 *
 * `for update of t skip locked`: instances sweeping at the same moment lock disjoint tasks rather
 * than queue behind each other. The upsert's `where` is what makes a claim exclusive: a lease
 * renewed or taken since this statement's snapshot is not overwritten (Postgres checks the
 * conflicting row's latest version), so two claimers never both get one task.
 */
export async function claimLeases(
  db: StudioDatabase,
  holder: string,
  ttlMs: number,
  limit = 100,
): Promise<string[]> {
  const claimed = await rows<{ task_uuid: string }>(
    db,
    sql`
      with candidates as (
        select t.task_uuid
        from task t
        left join task_lease l on l.task_uuid = t.task_uuid
        where t.status in ('queued', 'processing') and (l.task_uuid is null or l.expires_at < now())
        order by t.created_at, t.task_uuid
        limit ${limit}
        for update of t skip locked
      )
      insert into task_lease (task_uuid, holder, expires_at)
      select task_uuid, ${holder}, ${expiry(ttlMs)} from candidates
      on conflict (task_uuid) do update
        set holder = excluded.holder, expires_at = excluded.expires_at
        where task_lease.expires_at < now()
      returning task_lease.task_uuid`,
  );
  return claimed.map((r) => r.task_uuid);
}

/** Extends every lease `holder` still has; answers their tasks (one taken over is missing). */
export async function renewLeases(db: StudioDatabase, holder: string, ttlMs: number): Promise<Set<string>> {
  const renewed = await db
    .update(taskLease)
    .set({ expiresAt: sql`${expiry(ttlMs)}` })
    .where(eq(taskLease.holder, holder))
    .returning({ taskUUID: taskLease.taskUUID });
  return new Set(renewed.map((r) => r.taskUUID));
}

/** Lets go of `taskUUIDs` (ended, or handed back); another instance's lease is left alone. */
export async function releaseLeases(
  db: StudioDatabase,
  holder: string,
  taskUUIDs?: readonly string[],
): Promise<number> {
  if (taskUUIDs?.length === 0) return 0;
  const released = await db
    .delete(taskLease)
    .where(
      taskUUIDs === undefined
        ? eq(taskLease.holder, holder)
        : and(eq(taskLease.holder, holder), inArray(taskLease.taskUUID, [...taskUUIDs])),
    )
    .returning({ taskUUID: taskLease.taskUUID });
  return released.length;
}

/** Deletes the leases of every holder but `holder` (an embedded database's earlier runs). */
export async function releaseOtherLeases(db: StudioDatabase, holder: string): Promise<number> {
  const released = await db
    .delete(taskLease)
    .where(ne(taskLease.holder, holder))
    .returning({ taskUUID: taskLease.taskUUID });
  return released.length;
}

/**
 * Removes the leases of tasks that have ended, whoever held them: a task finished through another
 * instance (a result pushed to its socket, or the webhook) leaves its holder's lease behind.
 */
export async function dropEndedLeases(db: StudioDatabase): Promise<number> {
  const dropped = await rows<{ task_uuid: string }>(
    db,
    sql`
      delete from task_lease l using task t
      where t.task_uuid = l.task_uuid and t.status not in ('queued', 'processing')
      returning l.task_uuid`,
  );
  return dropped.length;
}

/** Every lease, for tests and diagnostics. */
export async function listLeases(db: StudioDatabase) {
  return db.select().from(taskLease);
}
