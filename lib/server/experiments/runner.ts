import "server-only";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { type ExperimentCellRow, experiment, experimentCell, task } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { stampTask, taskTimelines, wallNow } from "@/lib/server/ops/task-timeline";
import type { SubmitOutcome } from "@/lib/server/tasks/submit";
import type { CellPatch } from "@/lib/studio/experiments/cell-patch";
import { nextBatch } from "@/lib/studio/experiments/planning";
import { claimCells, readProgress, unclaimCells } from "./cell-claims";
import { refusalWords } from "./plan";
import { type CellResults, cellResults, runningIds, setStatus } from "./records";

/**
 * Sends the pending cells of running experiments through the studio's own submit path, as the
 * experiment's author (so the member's limits and fair share apply), at most `concurrency` of an
 * experiment in flight and at most the owner's tasks-per-request in one request. A cell is marked
 * sent (with its attempt's taskUUID) before its task goes out, so after a restart a sent cell
 * either has its task recorded (the keeper re-polls it) or goes back to pending.
 *
 * Each step is as few queries as it can be, since every cell goes through them: a send reads the
 * experiment, its author and its counts in one query and claims its cells in one more; the cells
 * whose tasks end in the same tick are settled in one statement and their results read in one.
 */

export interface RunnerDeps {
  db: StudioDatabase;
  /** `submitTasks` bound to the runtime. */
  submit: (author: SessionUser, tasks: Record<string, unknown>[]) => Promise<SubmitOutcome>;
  perRequest: () => number;
  /**
   * A cell or an experiment changed: the grid's live event, with the changed cells when known, and
   * once it has finished, who started it (their tab tells them) and its name.
   */
  publish: (experimentId: string, cells?: CellPatch[], ended?: { by: string; name: string }) => void;
  /**
   * Cells' tasks recorded after their experiment was cancelled (its cancel could not see them):
   * taken out of the queue and ended as cancelled, so no cell of it is sent after the cancel.
   */
  withdraw?: (taskUUIDs: string[]) => Promise<void>;
  /** Waits before sending again after the member's queue said "later" (ms). */
  retryDelayMs?: number;
}

const IN_FLIGHT: ("queued" | "processing")[] = ["queued", "processing"];

/** The cells' tasks that ended in one tick, settled together. */
interface Finishing {
  taskUUIDs: Set<string>;
  settled: Promise<void>;
}

export class ExperimentRunner {
  private readonly chains = new Map<string, Promise<void>>();
  /** The experiment of each cell's task this runner sent and that has not settled yet. */
  private readonly sentTasks = new Map<string, string>();
  /**
   * Per experiment, its cells' tasks whose results the service has all delivered and the studio
   * is still keeping: sent cells, but no longer the service's work, so not counted in flight.
   */
  private readonly delivered = new Map<string, Set<string>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;
  private finishing: Finishing | null = null;

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

  /**
   * A task ended (the keeper's `onFinished`): its cell is done or failed. The tasks that end in
   * the same tick are settled together; resolves once this one's cell is settled and its
   * experiment has sent what it can.
   */
  taskFinished(taskUUID: string): Promise<void> {
    if (!this.finishing) {
      const taskUUIDs = new Set<string>();
      const settled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.finishing = null;
        return this.settleFinished([...taskUUIDs]);
      });
      this.finishing = { taskUUIDs, settled };
    }
    this.finishing.taskUUIDs.add(taskUUID);
    return this.finishing.settled;
  }

  /**
   * The service has delivered a task's results (the keeper's `onDelivered`): when a cell of an
   * experiment this runner sent waits on it, that cell is no longer in flight at the service, and
   * the experiment sends its next cell while this one's results are kept. No statement otherwise.
   */
  taskDelivered(taskUUID: string): Promise<void> {
    const id = this.sentTasks.get(taskUUID);
    if (id === undefined) return Promise.resolve();
    const tasks = this.delivered.get(id) ?? new Set<string>();
    tasks.add(taskUUID);
    this.delivered.set(id, tasks);
    return this.pump(id);
  }

  /** The cell's task settled (or will not be sent): it is no longer counted apart. */
  private forget(taskUUID: string): void {
    const id = this.sentTasks.get(taskUUID);
    if (id === undefined) return;
    this.sentTasks.delete(taskUUID);
    const tasks = this.delivered.get(id);
    tasks?.delete(taskUUID);
    if (tasks?.size === 0) this.delivered.delete(id);
  }

  /**
   * A task ended, as the keeper tells it (`onFinished`): its cell settled when an experiment's cell
   * names it, and nothing done (no statement) for a task no experiment waits on.
   */
  taskEnded(taskUUID: string, ended: { inExperiment: boolean }): Promise<void> {
    return ended.inExperiment ? this.taskFinished(taskUUID) : Promise.resolve();
  }

  /** Cells whose tasks ended: done or failed as their tasks, in one statement, then announced. */
  private async settleFinished(taskUUIDs: string[]): Promise<void> {
    const { db } = this.deps;
    const unknown = JSON.stringify([unknownError()]);
    const cells = await db
      .update(experimentCell)
      .set({
        status: sql`case when ${task.status} = 'success' then 'done' else 'error' end`,
        // (`jsonb_build_array(null)` is `[null]`, not null: a failure without its error says so.)
        error: sql`case when ${task.status} = 'success' then null when ${task.error} is null then ${unknown}::jsonb else jsonb_build_array(${task.error}) end`,
        doneAt: new Date(),
      })
      .from(task)
      .where(
        and(
          eq(task.taskUUID, experimentCell.taskUUID),
          inArray(experimentCell.taskUUID, taskUUIDs),
          eq(experimentCell.status, "sent"),
          notInArray(task.status, IN_FLIGHT),
        ),
      )
      .returning({
        experimentId: experimentCell.experimentId,
        key: experimentCell.key,
        status: experimentCell.status,
        error: experimentCell.error,
        attempts: experimentCell.attempts,
        taskUUID: experimentCell.taskUUID,
      });
    for (const taskUUID of taskUUIDs) this.forget(taskUUID);
    if (cells.length === 0) return;
    const done = cells.flatMap((c) => (c.status === "done" && c.taskUUID ? [c.taskUUID] : []));
    const results = await cellResults(db, done);
    const byExperiment = new Map<string, CellPatch[]>();
    for (const cell of cells) {
      if (cell.taskUUID) stampTask(cell.taskUUID, "cellSettled");
      const patches = byExperiment.get(cell.experimentId) ?? [];
      patches.push(
        cellPatch(cell, cell.status === "done" ? null : (cell.error ?? [unknownError()]), results),
      );
      byExperiment.set(cell.experimentId, patches);
    }
    for (const [experimentId, patches] of byExperiment) {
      this.deps.publish(experimentId, patches);
      for (const p of patches) if (p.taskUUID) stampTask(p.taskUUID, "cellPublished");
    }
    await Promise.all([...byExperiment.keys()].map((id) => this.pump(id)));
  }

  /** One cell done or failed (a refusal at sending, or a task found ended at start). */
  private async settle(cell: ExperimentCellRow, errors: ServiceError[] | null): Promise<void> {
    const { db } = this.deps;
    await db
      .update(experimentCell)
      .set({ status: errors ? "error" : "done", error: errors, doneAt: new Date() })
      .where(and(eq(experimentCell.experimentId, cell.experimentId), eq(experimentCell.key, cell.key)));
    const results = !errors && cell.taskUUID ? await cellResults(db, [cell.taskUUID]) : null;
    this.deps.publish(cell.experimentId, [cellPatch(cell, errors, results)]);
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
      } else if (status === "success" || status === "error") {
        await this.settle(cell, status === "success" ? null : error ? [error] : [unknownError()]);
      }
    }
  }

  private async send(id: string): Promise<void> {
    if (this.closed) return;
    const pickedAt = wallNow();
    const { db } = this.deps;
    const exp = await readProgress(db, id);
    if (exp?.status !== "running") return;
    if (exp.pending === 0) {
      // Done once every cell has settled, its results kept: not when they are only delivered.
      if (exp.sent === 0) {
        await setStatus(db, id, "done");
        await notify(db, { kind: "experiment", experimentId: id });
        this.deps.publish(id, undefined, exp.author ? { by: exp.author.id, name: exp.name } : undefined);
      }
      return;
    }
    const author = exp.author;
    if (!author) return;
    // Cells whose results are in and being kept are sent, but no longer the service's work.
    const inFlight = Math.max(0, exp.sent - (this.delivered.get(id)?.size ?? 0));
    const limits = { perRequest: this.deps.perRequest(), concurrency: exp.concurrency };
    const room = nextBatch(Array.from({ length: exp.pending }), inFlight, limits).length;
    if (room === 0) return;
    const sends = await claimCells(db, id, room);
    if (sends.length === 0) return;
    for (const { taskUUID } of sends) taskTimelines().mark(taskUUID, "picked", pickedAt);
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
    for (const taskUUID of accepted) this.sentTasks.set(taskUUID, id);
    if (accepted.size > 0 && this.deps.withdraw && (await readProgress(db, id))?.status === "cancelled") {
      await this.deps.withdraw([...accepted]);
    }
    if (outcome.status === 429 || outcome.status === 503) {
      // The member's share is full or the service is away: the cells wait and go again later.
      await unclaimCells(
        db,
        id,
        sends.map((s) => s.cell.key),
      );
      this.later(id);
      return;
    }
    for (const { cell, taskUUID } of sends) {
      if (accepted.has(taskUUID)) continue;
      await this.settle(cell, refused.get(taskUUID) ?? refused.get("") ?? [unknownError()]);
    }
    // Cells a budget refused say so in its words and can be retried once it is raised; the
    // cells that fit went, and the rest are tried in turn: each runs if it fits then.
    this.deps.publish(
      id,
      sends
        .filter((s) => accepted.has(s.taskUUID))
        .map(({ cell }) => cellPatch({ ...cell, status: "sent" }, [], null)),
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

/**
 * A cell as the grid shows it, so an open page updates it without reading every cell: `errors`
 * null for a cell done (its results from `results`), a list for one that failed or was refused.
 */
function cellPatch(
  cell: Pick<ExperimentCellRow, "key" | "attempts" | "taskUUID"> & { status?: ExperimentCellRow["status"] },
  errors: ServiceError[] | null,
  results: CellResults | null,
): CellPatch {
  const taskUUID = cell.taskUUID;
  const status = cell.status === "sent" ? "sent" : errors ? "error" : "done";
  return {
    key: cell.key,
    status,
    errors: (errors ?? []).map((e) => ({ ...e, message: refusalWords(e) })),
    attempts: cell.attempts,
    taskUUID,
    seconds: taskUUID && status === "done" ? (results?.seconds.get(taskUUID) ?? null) : null,
    items: taskUUID && status === "done" ? (results?.items.get(taskUUID) ?? []) : [],
  };
}

function unknownError(): ServiceError {
  return { code: "taskFailed", message: "The task failed without saying why." };
}

/** Whether the experiment's status allows sending (for handlers deciding to pump). */
export async function isRunning(db: StudioDatabase, id: string): Promise<boolean> {
  const [row] = await db.select({ status: experiment.status }).from(experiment).where(eq(experiment.id, id));
  return row?.status === "running";
}
