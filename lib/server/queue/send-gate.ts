import "server-only";
import { and, eq, inArray, not, sql } from "drizzle-orm";
import type { SentTask, StudioDatabase } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import type { Job, SendGate } from "@/lib/server/tasks/hand-over";
import type { WireTask } from "@/lib/upstream";
import { inStoppedExperiment } from "./steer-access";

/**
 * One lock between sending and pausing, taken shared by every claim and alone by every pause or
 * resume: a pause waits for the claims already under way to commit (those tasks were sent before
 * it), and a claim that starts after it reads the pause it committed. Row locks alone would let a
 * task recorded during a team pause, which the pause's own update could not see, slip out.
 */
export const QUEUE_LOCK_KEY = 0x51_75_65_75;

/**
 * Runs `fn` again when the database broke a deadlock by failing it: a claim, a move and an edit
 * each lock several rows, and no one order suits all three.
 */
export async function retryOnDeadlock<T>(fn: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code =
        (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ??
        (err as { code?: unknown }).code;
      if (attempt >= tries || (code !== "40P01" && code !== "40001")) throw err;
    }
  }
}

/** Ties `fn`'s transaction to the pause lock: shared for a claim, alone for a pause. */
export async function withQueueLock<T>(
  db: StudioDatabase,
  mode: "shared" | "alone",
  fn: (tx: StudioDatabase) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      mode === "shared"
        ? sql`select pg_advisory_xact_lock_shared(${QUEUE_LOCK_KEY})`
        : sql`select pg_advisory_xact_lock(${QUEUE_LOCK_KEY})`,
    );
    return fn(tx as unknown as StudioDatabase);
  });
}

/** Takes the tasks among `taskUUIDs` that may go now; answers each taken one's params and revision. */
export async function claimForSending(
  db: StudioDatabase,
  taskUUIDs: readonly string[],
): Promise<Map<string, { revision: number; params: Record<string, unknown> }>> {
  if (taskUUIDs.length === 0) return new Map();
  const rows = await retryOnDeadlock(() =>
    withQueueLock(db, "shared", async (tx) => {
      // Rows locked in one order (by id), as every steering change locks them: no deadlock.
      await tx
        .select({ taskUUID: task.taskUUID })
        .from(task)
        .where(inArray(task.taskUUID, [...taskUUIDs]))
        .orderBy(task.taskUUID)
        .for("update");
      return tx
        .update(task)
        .set({ sentAt: sql`now()` })
        .where(
          and(
            inArray(task.taskUUID, [...taskUUIDs]),
            inArray(task.status, ["queued", "processing"]),
            eq(task.held, false),
            sql`not exists (select 1 from queue_pause p where p.scope in ('team', ${task.authorId}))`,
            not(inStoppedExperiment()),
          ),
        )
        .returning({ taskUUID: task.taskUUID, revision: task.revision, params: task.params });
    }),
  );
  return new Map(rows.map((r) => [r.taskUUID, { revision: r.revision, params: r.params }]));
}

export interface SendGateDeps {
  db: StudioDatabase;
  /** The task as written to the service, rebuilt from its record after a bulk edit. */
  rebuild(task: { taskUUID: string; params: Record<string, unknown> }): Promise<WireTask>;
  /** Paused jobs back to their members' lanes. */
  putBack(memberId: string, jobs: Job[]): void;
  /** A job found ended (cancelled while it waited): its slot is freed, nothing is sent. */
  ended(memberId: string, taskUUID: string): void;
}

/**
 * The gate every hand-over passes (see `SendGate`). A task edited since this studio built its
 * copy goes as its record now reads; one found ended (cancelled while it waited) is not sent.
 */
export function sendGate(deps: SendGateDeps): SendGate {
  return {
    async claim(jobs) {
      const claimed = await claimForSending(
        deps.db,
        jobs.map((j) => j.taskUUID),
      );
      const unclaimed = jobs.filter((j) => !claimed.has(j.taskUUID));
      const waiting =
        unclaimed.length === 0
          ? new Set<string>()
          : new Set(
              (
                await deps.db
                  .select({ taskUUID: task.taskUUID })
                  .from(task)
                  .where(
                    and(
                      inArray(
                        task.taskUUID,
                        unclaimed.map((j) => j.taskUUID),
                      ),
                      inArray(task.status, ["queued", "processing"]),
                    ),
                  )
              ).map((r) => r.taskUUID),
            );
      const go: Job[] = [];
      const held: Job[] = [];
      for (const job of jobs) {
        const row = claimed.get(job.taskUUID);
        if (!row) {
          if (waiting.has(job.taskUUID)) held.push(job);
          else deps.ended(job.author.id, job.taskUUID);
          continue;
        }
        if (row.revision > (job.wireRevision ?? 0)) {
          job.wire = await deps.rebuild({ taskUUID: job.taskUUID, params: row.params });
          job.sent = row.params as SentTask;
          job.wireRevision = row.revision;
        }
        go.push(job);
      }
      return { go, held };
    },
    putBack(jobs) {
      const byMember = new Map<string, Job[]>();
      for (const job of jobs) {
        const lane = byMember.get(job.author.id);
        if (lane) lane.push(job);
        else byMember.set(job.author.id, [job]);
      }
      for (const [memberId, lane] of byMember) deps.putBack(memberId, lane);
    },
  };
}
