import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { parseTask } from "@/lib/protocol/envelope";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { experimentCell, task } from "@/lib/server/db/schema";
import { ApiError } from "@/lib/studio/api/errors";
import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";
import type { EditableParameter } from "@/lib/studio/queue/queue";
import { cellTasksOf, lockExperiments, STEERABLE_STATUSES } from "./experiment-steering";
import { retryOnDeadlock } from "./send-gate";
import { lockSteered, waitingNow } from "./steer-access";

export interface QueueEdit {
  /** Every occurrence of `find` in the prompt becomes `with`. */
  replace?: { find: string; with: string };
  set?: Partial<Record<EditableParameter, number>>;
}

export interface EditOutcome {
  /** Waiting tasks changed (or, in a preview, that would change). */
  changed: number;
  /** Tasks named that were already sent or ended: left as they are. */
  skipped: number;
  /** Occurrences of `find` in the waiting tasks' prompts. */
  matches: number;
}

/** A stand-in for media the record keeps by reference: the contract checks its shape, not bytes. */
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function checkable(value: unknown): unknown {
  if (isInlineMediaRef(value)) return PIXEL;
  if (Array.isArray(value)) return value.map(checkable);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, checkable(v)]));
  }
  return value;
}

const PLACEHOLDER_UUID = "00000000-0000-4000-8000-000000000000";

function occurrences(text: string, find: string): number {
  return find === "" ? 0 : text.split(find).length - 1;
}

/** The tasks named, or experiments (every cell of theirs not yet sent), or both. */
export interface EditTargets {
  taskUUIDs?: readonly string[] | undefined;
  experimentIds?: readonly string[] | undefined;
}

/** The prompt and parameters `edit` makes of `params`, or null when it changes nothing. */
function edited(params: Record<string, unknown>, edit: QueueEdit, outcome: EditOutcome) {
  const next = { ...params };
  let touched = false;
  if (edit.replace && typeof next.positivePrompt === "string") {
    const found = occurrences(next.positivePrompt, edit.replace.find);
    if (found > 0) {
      outcome.matches += found;
      next.positivePrompt = next.positivePrompt.split(edit.replace.find).join(edit.replace.with);
      touched = true;
    }
  }
  for (const [name, value] of Object.entries(edit.set ?? {})) {
    if (value === undefined || next[name] === value) continue;
    next[name] = value;
    touched = true;
  }
  return touched ? next : null;
}

/** A refusal naming the parameter, as `POST /api/tasks` would answer the task edited so. */
function check(params: Record<string, unknown>, videoModel: string): void {
  const parsed = parseTask(checkable(params), { videoModel });
  if (parsed.ok) return;
  throw new ApiError(
    400,
    parsed.errors.map(({ code, message, parameter }) => ({
      code,
      message,
      ...(parameter ? { parameter } : {}),
    })),
  );
}

/**
 * Edits the waiting tasks named, in one transaction holding their rows: a studio about to send
 * one waits for it and then sends the edited task (its revision tells it to rebuild), and a task
 * already taken for sending is skipped, never changed. Each edited task is checked with the
 * contract's schema, as `POST /api/tasks` checks it; the first refusal names its parameter and
 * nothing is written. A preview answers the counts and writes nothing.
 *
 * An experiment named has its cells not yet sent edited the same way: those waiting as tasks,
 * and its pending cells, whose rows are held too (its runner claims only cells no one holds, and
 * then reads them as edited). Its page shows the cells' new prompts.
 */
export async function editWaiting(
  db: StudioDatabase,
  caller: SessionUser,
  targets: readonly string[] | EditTargets,
  edit: QueueEdit,
  options: { preview: boolean; videoModel: string },
): Promise<EditOutcome> {
  const named: EditTargets = Array.isArray(targets) ? { taskUUIDs: targets } : (targets as EditTargets);
  return retryOnDeadlock(() => editOnce(db, caller, named, edit, options));
}

async function editOnce(
  db: StudioDatabase,
  caller: SessionUser,
  targets: EditTargets,
  edit: QueueEdit,
  options: { preview: boolean; videoModel: string },
): Promise<EditOutcome> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const experiments = await lockExperiments(tx, caller, targets.experimentIds ?? []);
    const live = experiments
      .filter((e) => (STEERABLE_STATUSES as readonly string[]).includes(e.status))
      .map((e) => e.id);
    const cellTasks =
      live.length === 0
        ? []
        : (
            await tx
              .select({ taskUUID: task.taskUUID })
              .from(task)
              .where(and(waitingNow(), cellTasksOf(live)))
          ).map((r) => r.taskUUID);
    const rows = await lockSteered(tx, caller, [...(targets.taskUUIDs ?? []), ...cellTasks]);
    const waiting = rows.filter((r) => r.waiting).map((r) => r.taskUUID);
    const outcome: EditOutcome = {
      changed: 0,
      skipped: rows.length - waiting.length + experiments.length - live.length,
      matches: 0,
    };
    const records =
      waiting.length === 0
        ? []
        : await tx
            .select({ taskUUID: task.taskUUID, params: task.params })
            .from(task)
            .where(and(inArray(task.taskUUID, waiting), waitingNow()));
    const updates: { taskUUID: string; params: Record<string, unknown> }[] = [];
    for (const record of records) {
      const params = edited(record.params, edit, outcome);
      if (!params) continue;
      check(params, options.videoModel);
      updates.push({ taskUUID: record.taskUUID, params });
    }
    const cells =
      live.length === 0
        ? []
        : await tx
            .select({
              experimentId: experimentCell.experimentId,
              key: experimentCell.key,
              params: experimentCell.params,
            })
            .from(experimentCell)
            .where(and(inArray(experimentCell.experimentId, live), eq(experimentCell.status, "pending")))
            .orderBy(experimentCell.experimentId, experimentCell.key)
            .for("update");
    const cellUpdates: { experimentId: string; key: string; params: Record<string, unknown> }[] = [];
    for (const cell of cells) {
      const params = edited(cell.params, edit, outcome);
      if (!params) continue;
      // A cell's task gets its taskUUID when it is sent; any stands in for it here.
      check({ ...params, taskUUID: PLACEHOLDER_UUID }, options.videoModel);
      cellUpdates.push({ experimentId: cell.experimentId, key: cell.key, params });
    }
    outcome.changed = updates.length + cellUpdates.length;
    if (options.preview) return outcome;
    for (const update of updates) {
      await tx
        .update(task)
        .set({ params: update.params, revision: sql`${task.revision} + 1` })
        .where(and(eq(task.taskUUID, update.taskUUID), waitingNow()));
    }
    for (const update of cellUpdates) {
      await tx
        .update(experimentCell)
        .set({ params: update.params })
        .where(
          and(
            eq(experimentCell.experimentId, update.experimentId),
            eq(experimentCell.key, update.key),
            eq(experimentCell.status, "pending"),
          ),
        );
    }
    return outcome;
  });
}
