import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { unwrap } from "@/lib/server/api/route";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { evalRun, experiment, experimentCell, item, user } from "@/lib/server/db/schema";
import { createExperiment } from "@/lib/server/experiments/actions";
import type { PlanDeps } from "@/lib/server/experiments/plan";
import { refusalWords } from "@/lib/server/experiments/plan";
import { studioErrors } from "@/lib/studio/api/errors";
import type { CaseResult, EvalComparison, EvalRunSummary } from "@/lib/studio/api/eval-sets";
import { caseKey, type RunSettingsInput, settingsWords } from "@/lib/studio/eval-sets/input";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";
import { existingEvalSet } from "./records";

/**
 * Runs of an evaluation set: each is an experiment over the set's cases (one axis of kind
 * `cases`), so the experiment runner sends, retries and fills it; `eval_run` says which version of
 * the set ran with which settings. Reading runs side by side matches cells to the set's cases by
 * prompt and seed, so a run of an earlier version still lines up where its cases are the same.
 * The votes each run received are added by lib/server/votes/run-votes.ts: votes read sets, never
 * the other way vote.
 */

/** Runs listed on a set's page: the newest this many. */
export const RUNS_LISTED = 50;

export async function startEvalRun(
  deps: PlanDeps,
  setId: string,
  settings: RunSettingsInput,
  createdBy: string,
): Promise<{ run: EvalRunSummary; experimentId: string }> {
  const set = await existingEvalSet(deps.db, setId);
  if (set.cases.length === 0) throw studioErrors.noCases("Add a case to the set before running it.", "cases");
  const base: Record<string, unknown> = {
    taskType: "imageInference",
    numberResults: 1,
    ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
  };
  const created = unwrap(
    await createExperiment(
      deps,
      { name: `${set.name} — ${settingsWords(settings)}`, base, axes: [{ kind: "cases", cases: set.cases }] },
      createdBy,
    ),
  );
  const experimentId = created.experiment.id;
  await deps.db.insert(evalRun).values({
    setId,
    setVersion: set.version,
    experimentId,
    settings,
    createdBy,
  });
  const [run] = await runSummaries(deps.db, setId, [experimentId]);
  if (!run) throw new Error("evaluation run not stored");
  return { run, experimentId };
}

/** The set's runs, newest first (on `eval_run_set_created_idx`), or only those of `experimentIds`. */
export async function runSummaries(
  db: StudioDatabase,
  setId: string,
  experimentIds?: string[],
): Promise<EvalRunSummary[]> {
  const rated = sql`from experiment_cell c join item i on i.task_uuid = c.task_uuid
    where c.experiment_id = ${outerColumn(evalRun.experimentId)} and c.status = 'done' and i.deleted_at is null`;
  const rows = await db
    .select({
      run: evalRun,
      createdByName: user.name,
      number: sql<number>`(select count(*)::int from eval_run r2 where r2.set_id = ${outerColumn(evalRun.setId)}
        and (r2.created_at < ${evalRun.createdAt} or (r2.created_at = ${evalRun.createdAt} and r2.id <= ${evalRun.id})))`,
      status: experiment.status,
      cells: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(evalRun.experimentId)})`,
      done: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(evalRun.experimentId)} and c.status = 'done')`,
      // A cell cancelled while it waited was never sent: not one of the run's failures.
      failed: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(evalRun.experimentId)} and (c.status = 'refused' or (c.status = 'error' and coalesce(c.error -> 0 ->> 'code', '') <> ${CANCELLED_CODE})))`,
      ratingSum: sql<number | null>`(select sum(i.rating_avg * i.rating_count) ${rated})`,
      ratingCount: sql<number>`(select coalesce(sum(i.rating_count), 0)::int ${rated})`,
    })
    .from(evalRun)
    .innerJoin(experiment, eq(experiment.id, evalRun.experimentId))
    .leftJoin(user, eq(user.id, evalRun.createdBy))
    .where(
      experimentIds
        ? and(eq(evalRun.setId, setId), inArray(evalRun.experimentId, experimentIds))
        : eq(evalRun.setId, setId),
    )
    .orderBy(desc(evalRun.createdAt), desc(evalRun.id))
    .limit(RUNS_LISTED);
  return rows.map((r) => ({
    id: r.run.id,
    number: r.number,
    experimentId: r.run.experimentId,
    setVersion: r.run.setVersion,
    settings: r.run.settings,
    label: settingsWords(r.run.settings),
    createdByName: r.createdByName,
    createdAt: r.run.createdAt.toISOString(),
    status: r.status,
    cells: r.cells,
    done: r.done,
    failed: r.failed,
    ratingAvg: r.ratingCount > 0 && r.ratingSum !== null ? Number(r.ratingSum) / r.ratingCount : null,
    ratingCount: r.ratingCount,
  }));
}

/** A run's results, one per case of the set: the side by side without the votes (lib/server/votes adds them). */
export type RunResults = Omit<EvalComparison["runs"][number], "votes">;

/** The chosen runs side by side: a row per case of the set now, a column per run. */
export async function compareRuns(
  db: StudioDatabase,
  setId: string,
  runIds: string[],
): Promise<{ cases: EvalComparison["cases"]; runs: RunResults[] }> {
  const set = await existingEvalSet(db, setId);
  const chosen =
    runIds.length === 0
      ? []
      : await db
          .select({ id: evalRun.id, experimentId: evalRun.experimentId })
          .from(evalRun)
          .where(and(eq(evalRun.setId, setId), inArray(evalRun.id, runIds)));
  const summaries = await runSummaries(
    db,
    setId,
    chosen.map((c) => c.experimentId),
  );
  // In the order asked for.
  const byId = new Map(summaries.map((s) => [s.id, s]));
  const ordered = runIds.flatMap((id) => {
    const s = byId.get(id);
    return s ? [s] : [];
  });
  const cells =
    ordered.length === 0
      ? []
      : await db
          .select({
            experimentId: experimentCell.experimentId,
            params: experimentCell.params,
            status: experimentCell.status,
            error: experimentCell.error,
            item: {
              id: item.id,
              kind: item.kind,
              width: item.width,
              height: item.height,
              ratingAvg: item.ratingAvg,
              ratingCount: item.ratingCount,
              deletedAt: item.deletedAt,
            },
          })
          .from(experimentCell)
          .leftJoin(item, eq(item.taskUUID, experimentCell.taskUUID))
          .where(
            inArray(
              experimentCell.experimentId,
              ordered.map((r) => r.experimentId),
            ),
          );
  const results = new Map<string, Map<string, CaseResult>>();
  for (const c of cells) {
    const key = caseKey({
      prompt: String(c.params.positivePrompt ?? ""),
      seed: Number(c.params.seed),
      negativePrompt: typeof c.params.negativePrompt === "string" ? c.params.negativePrompt : undefined,
    });
    const perRun = results.get(c.experimentId) ?? new Map<string, CaseResult>();
    results.set(c.experimentId, perRun);
    if (perRun.get(key)?.item) continue;
    const live = c.item && !c.item.deletedAt && c.status === "done" ? c.item : null;
    perRun.set(key, {
      status: c.status,
      errors: (c.error ?? []).map(refusalWords),
      item: live
        ? {
            id: live.id,
            kind: live.kind,
            width: live.width,
            height: live.height,
            ratingAvg: live.ratingAvg,
            ratingCount: live.ratingCount,
          }
        : null,
    });
  }
  return {
    cases: set.cases,
    runs: ordered.map((run) => ({
      ...run,
      results: set.cases.map((c) => results.get(run.experimentId)?.get(caseKey(c)) ?? null),
    })),
  };
}
