import "server-only";
import { and, eq } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { type ExperimentRow, type ExperimentStatus, experimentCell } from "@/lib/server/db/schema";
import { cancelExperiments, holdExperiments } from "@/lib/server/queue/experiment-steering";
import { type ApiError, studioErrors } from "@/lib/studio/api/errors";
import { type ExperimentInput, type RerunInput, replaceAxisValue } from "@/lib/studio/experiments/input";
import { type Plan, type PlanDeps, planExperiment } from "./plan";
import { cellRows, experimentRow, setStatus, storePlan } from "./records";

/**
 * What people do with experiments, as values: each returns the row or the contract's errors with
 * an HTTP status. Route Handlers map them; the runner is told to send.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; errors: ServiceError[] };

/** A refusal from the studio's error list, as an outcome. */
const refused = (e: ApiError): Outcome<never> => ({ ok: false, status: e.status, errors: e.errors });
const notFound = () => refused(studioErrors.experimentNotFound());
const conflict = (message: string, parameter = "status") =>
  refused(studioErrors.invalidExperimentState(message, parameter));

export async function createExperiment(
  deps: PlanDeps,
  input: ExperimentInput,
  createdBy: string,
): Promise<Outcome<{ experiment: ExperimentRow; plan: Plan }>> {
  const planned = await planExperiment(deps, input);
  if (!planned.ok) return planned;
  const row = await storePlan(deps.db, planned.plan, createdBy);
  return { ok: true, value: { experiment: row, plan: planned.plan } };
}

export type Control = "pause" | "resume" | "cancel";

/** Which statuses each control moves from, and to what. */
const CONTROLS: Record<Control, { from: ExperimentStatus[]; to: ExperimentStatus; done: string }> = {
  pause: { from: ["running"], to: "paused", done: "paused" },
  resume: { from: ["paused"], to: "running", done: "resumed" },
  cancel: { from: ["running", "paused"], to: "cancelled", done: "cancelled" },
};

/**
 * Pauses, resumes or cancels an experiment: its entry in the waiting queue (see
 * lib/server/queue/experiment-steering.ts), so a pause holds its cells already waiting as tasks
 * too, and a cancel ends them (`taken`: the caller ends each task as cancelled).
 */
export async function controlExperiment(
  db: StudioDatabase,
  id: string,
  control: Control,
): Promise<Outcome<ExperimentRow & { taken: string[] }>> {
  const row = await experimentRow(db, id);
  if (!row) return notFound();
  const { from, to, done } = CONTROLS[control];
  if (!from.includes(row.status)) return conflict(`A ${row.status} experiment cannot be ${done}.`);
  let taken: string[] = [];
  if (control === "cancel") {
    const outcome = await cancelExperiments(db, null, [id]);
    if (outcome.cancelledIds.length === 0) return conflict(`This experiment cannot be ${done} now.`);
    taken = outcome.taken;
  } else {
    const outcome = await holdExperiments(db, null, [id], control === "pause");
    if (outcome.changed === 0) return conflict(`This experiment cannot be ${done} now.`);
  }
  return { ok: true, value: { ...row, status: to, taken } };
}

/** A failed cell goes again, alone, with a new task; a finished experiment runs again for it. */
export async function retryCell(
  db: StudioDatabase,
  id: string,
  key: string,
): Promise<Outcome<ExperimentRow>> {
  const row = await experimentRow(db, id);
  if (!row) return notFound();
  if (row.status === "cancelled")
    return conflict("A cancelled experiment does not run again; re-run it instead.");
  const [cell] = await db
    .select()
    .from(experimentCell)
    .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.key, key)));
  if (!cell) return refused(studioErrors.cellNotFound());
  if (cell.status !== "error") return conflict("Only a failed cell is retried.", "key");
  await db
    .update(experimentCell)
    .set({ status: "pending", error: null, taskUUID: null, doneAt: null })
    .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.key, key)));
  const status = row.status === "done" ? "running" : row.status;
  if (status !== row.status) await setStatus(db, id, status);
  return { ok: true, value: { ...row, status } };
}

/**
 * A new version of the experiment with one axis value changed: the cells it does not touch keep
 * their results (same tasks), the changed row or column runs. The old version stays as it was.
 */
export async function rerunExperiment(
  deps: PlanDeps,
  id: string,
  input: RerunInput,
  createdBy: string,
): Promise<Outcome<ExperimentRow>> {
  const old = await experimentRow(deps.db, id);
  if (!old) return notFound();
  const spec = old.axes[input.axis];
  if (!spec) return refused(studioErrors.invalidAxis());
  const replaced = replaceAxisValue(spec, input.index, input.value);
  if (!replaced.ok) return refused(studioErrors.invalidAxisValue(replaced.message));
  const axes = old.axes.map((s, i) => (i === input.axis ? replaced.spec : s));
  const planned = await planExperiment(deps, {
    name: `${old.name.replace(/ \(v\d+\)$/, "")} (v${old.version + 1})`,
    base: old.base,
    axes,
    concurrency: old.concurrency,
  });
  if (!planned.ok) return planned;
  const carried = new Map(
    (await cellRows(deps.db, id))
      .filter((c) => c.coords[input.axis] !== input.index)
      .map((c) => [c.key, c] as const),
  );
  const row = await storePlan(
    deps.db,
    planned.plan,
    createdBy,
    { parentId: old.id, version: old.version + 1 },
    carried,
  );
  return { ok: true, value: row };
}
