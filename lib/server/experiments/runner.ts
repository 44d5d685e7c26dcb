import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { type ExperimentCellRow, experiment, experimentCell, task, user } from "@/lib/server/db/schema";
import type { SubmitOutcome } from "@/lib/server/tasks/submit";
import type { CellPatch } from "@/lib/studio/experiments/cell-patch";
import { nextBatch } from "@/lib/studio/experiments/planning";
import { refusalWords } from "./plan";
import { experimentRow, itemsOfTasks, runningIds, setStatus, taskTimes } from "./records";

/**
 * Sends the pending cells of running experiments through the studio's own submit path, as the
 * experiment's author (so the member's limits and fair share apply), at most `concurrency` of an
 * experiment in flight and at most the owner's tasks-per-request in one request. A cell is marked
 * sent (with its attempt's taskUUID) before its task goes out, so after a restart a sent cell
 * either has its task recorded (the keeper re-polls it) or goes back to pending.
 */

export interface RunnerDeps {
  db: StudioDatabase;
  /** `submitTasks` bound to the runtime. */
  submit: (author: SessionUser, tasks: Record<string, unknown>[]) => Promise<SubmitOutcome>;
  perRequest: () => number;
  /** A cell or an experiment changed: the grid's live event, with the changed cells when known. */
  publish: (experimentId: string, cells?: CellPatch[]) => void;
  /** Waits before sending again after the member's queue said "later" (ms). */
  retryDelayMs?: number;
}

const IN_FLIGHT = ["queued", "processing"];

export class ExperimentRunner {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(private readonly deps: RunnerDeps) {}

  /** Picks up running experiments: sent cells whose task ended or was never recorded are settled first. */
  async start(): Promise<void> {
    for (const id of await runningIds(this.deps.db)) {
      await this.reconcile(id);
      this.pump(id);
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Sends what can go now; calls for one experiment run one after another. */
  pump(id: string): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(() => this.send(id)).catch(() => {});
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  /** Waits for every experiment's sending in progress (tests). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** A task ended (the keeper's `onFinished`): its cell is done or failed. */
  async taskFinished(taskUUID: string): Promise<void> {
    const [cell] = await this.deps.db
      .select()
      .from(experimentCell)
      .where(and(eq(experimentCell.taskUUID, taskUUID), eq(experimentCell.status, "sent")));
    if (!cell) return;
    const [row] = await this.deps.db
      .select({ status: task.status, error: task.error })
      .from(task)
      .where(eq(task.taskUUID, taskUUID));
    if (!row || IN_FLIGHT.includes(row.status)) return;
    await this.settle(cell, row.status === "success" ? null : row.error ? [row.error] : [unknownError()]);
    await this.pump(cell.experimentId);
  }

  private async settle(cell: ExperimentCellRow, errors: ServiceError[] | null): Promise<void> {
    const { db } = this.deps;
    await db
      .update(experimentCell)
      .set({ status: errors ? "error" : "done", error: errors, doneAt: new Date() })
      .where(and(eq(experimentCell.experimentId, cell.experimentId), eq(experimentCell.key, cell.key)));
    // The cell as the grid shows it, so an open page updates it without reading every cell.
    const taskUUID = cell.taskUUID;
    const [items, times] =
      !errors && taskUUID
        ? await Promise.all([itemsOfTasks(db, [taskUUID]), taskTimes(db, [taskUUID])])
        : [null, null];
    this.deps.publish(cell.experimentId, [
      {
        key: cell.key,
        status: errors ? "error" : "done",
        errors: (errors ?? []).map((e) => ({ ...e, message: refusalWords(e) })),
        attempts: cell.attempts,
        taskUUID,
        seconds: taskUUID ? (times?.get(taskUUID) ?? null) : null,
        items: taskUUID ? (items?.get(taskUUID) ?? []) : [],
      },
    ]);
  }

  private async reconcile(id: string): Promise<void> {
    const sent = await this.deps.db
      .select({ cell: experimentCell, status: task.status, error: task.error })
      .from(experimentCell)
      .leftJoin(task, eq(task.taskUUID, experimentCell.taskUUID))
      .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.status, "sent")));
    for (const { cell, status, error } of sent) {
      if (status === null) {
        // Marked sent, then the process stopped before the task was recorded: send it again.
        await this.deps.db
          .update(experimentCell)
          .set({ status: "pending", taskUUID: null })
          .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.key, cell.key)));
      } else if (!IN_FLIGHT.includes(status)) {
        await this.settle(cell, status === "success" ? null : error ? [error] : [unknownError()]);
      }
    }
  }

  private async send(id: string): Promise<void> {
    if (this.closed) return;
    const { db } = this.deps;
    const exp = await experimentRow(db, id);
    if (exp?.status !== "running") return;
    const counts = await db
      .select({ status: experimentCell.status, n: sql<number>`count(*)::int` })
      .from(experimentCell)
      .where(eq(experimentCell.experimentId, id))
      .groupBy(experimentCell.status);
    const count = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
    const inFlight = count("sent");
    if (count("pending") === 0) {
      if (inFlight === 0) {
        await setStatus(db, id, "done");
        this.deps.publish(id);
      }
      return;
    }
    const limits = { perRequest: this.deps.perRequest(), concurrency: exp.concurrency };
    const room = nextBatch(Array.from({ length: count("pending") }), inFlight, limits).length;
    if (room === 0) return;
    const batch = await db
      .select()
      .from(experimentCell)
      .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.status, "pending")))
      .orderBy(experimentCell.key)
      .limit(room);
    const [author] = await db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, exp.createdBy));
    if (!author) return;
    const sends: { cell: ExperimentCellRow; taskUUID: string }[] = [];
    for (const cell of batch) {
      const taskUUID = randomUUID();
      // Only while still pending: another studio on the same database may be sending this
      // experiment too, and a cell it marked first is its own to send.
      const marked = await db
        .update(experimentCell)
        .set({
          status: "sent",
          taskUUID,
          error: null,
          attempts: cell.attempts + 1,
          sentAt: new Date(),
          doneAt: null,
        })
        .where(
          and(
            eq(experimentCell.experimentId, id),
            eq(experimentCell.key, cell.key),
            eq(experimentCell.status, "pending"),
          ),
        )
        .returning({ key: experimentCell.key });
      if (marked.length > 0) sends.push({ cell, taskUUID });
    }
    if (sends.length === 0) return;
    const outcome = await this.deps.submit(
      author,
      sends.map(({ cell, taskUUID }) => ({ ...cell.params, taskUUID })),
    );
    const refused = new Map<string, ServiceError[]>();
    for (const e of outcome.body.errors ?? []) {
      const key = typeof e.taskUUID === "string" ? e.taskUUID : "";
      refused.set(key, [...(refused.get(key) ?? []), e]);
    }
    const accepted = new Set((outcome.body.data ?? []).map((a) => a.taskUUID));
    if (outcome.status === 429 || outcome.status === 503) {
      // The member's share is full or the service is away: the cells wait and go again later.
      await db
        .update(experimentCell)
        .set({ status: "pending", taskUUID: null, attempts: sql`${experimentCell.attempts} - 1` })
        .where(
          and(
            eq(experimentCell.experimentId, id),
            inArray(
              experimentCell.key,
              sends.map((s) => s.cell.key),
            ),
          ),
        );
      this.later(id);
      return;
    }
    for (const { cell, taskUUID } of sends) {
      if (accepted.has(taskUUID)) continue;
      const errors = refused.get(taskUUID) ?? refused.get("") ?? [unknownError()];
      await this.settle({ ...cell, taskUUID, attempts: cell.attempts + 1 }, errors);
    }
    this.deps.publish(
      id,
      sends
        .filter((s) => accepted.has(s.taskUUID))
        .map(({ cell, taskUUID }) => ({
          key: cell.key,
          status: "sent",
          errors: [],
          attempts: cell.attempts + 1,
          taskUUID,
          seconds: null,
          items: [],
        })),
    );
    // Room may be left: the request size was smaller than the free slots, or some were refused.
    if (accepted.size < sends.length || room < limits.concurrency - inFlight) return this.send(id);
  }

  private later(id: string, ms = this.deps.retryDelayMs ?? 2000): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.pump(id);
    }, ms);
    this.timers.add(timer);
  }
}

function unknownError(): ServiceError {
  return { code: "taskFailed", message: "The task failed without saying why." };
}

/** Whether the experiment's status allows sending (for handlers deciding to pump). */
export async function isRunning(db: StudioDatabase, id: string): Promise<boolean> {
  const [row] = await db.select({ status: experiment.status }).from(experiment).where(eq(experiment.id, id));
  return row?.status === "running";
}
