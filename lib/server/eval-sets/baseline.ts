import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { type EvalSetRow, evalRun, evalSet, experiment } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { existingEvalSet } from "./records";

/**
 * The set's baseline: the run its other runs are measured against. A member picks it; until then
 * the oldest finished run stands in, so the first comparison needs no choice made.
 */

export interface Baseline {
  runId: string | null;
  chosen: boolean;
}

export async function baselineOf(
  db: StudioDatabase,
  set: Pick<EvalSetRow, "id" | "baselineRunId">,
): Promise<Baseline> {
  if (set.baselineRunId) return { runId: set.baselineRunId, chosen: true };
  const [oldest] = await db
    .select({ id: evalRun.id })
    .from(evalRun)
    .innerJoin(experiment, eq(experiment.id, evalRun.experimentId))
    .where(and(eq(evalRun.setId, set.id), eq(experiment.status, "done")))
    .orderBy(asc(evalRun.createdAt), asc(evalRun.id))
    .limit(1);
  return { runId: oldest?.id ?? null, chosen: false };
}

/** Makes `runId` the set's baseline; a run of another set (or none) is refused, naming `run`. */
export async function setBaseline(
  db: StudioDatabase,
  setId: string,
  runId: string,
): Promise<{ id: string; baselineRunId: string }> {
  await existingEvalSet(db, setId);
  // One statement: the run must belong to this set at the moment the set points at it.
  const [row] = await db
    .update(evalSet)
    .set({ baselineRunId: runId })
    .where(
      and(
        eq(evalSet.id, setId),
        sql`exists (select 1 from eval_run r where r.id = ${runId} and r.set_id = ${setId})`,
      ),
    )
    .returning({ id: evalSet.id });
  if (!row) throw studioErrors.notFound("run of this evaluation set", "run");
  return { id: row.id, baselineRunId: runId };
}
