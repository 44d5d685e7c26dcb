import { route } from "@/lib/server/api/route";
import { baselineOf } from "@/lib/server/eval-sets/baseline";
import { deleteEvalSet, existingEvalSet, updateEvalSet } from "@/lib/server/eval-sets/records";
import { runSummaries } from "@/lib/server/eval-sets/runs";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.get, async ({ params, db }) => {
  const row = await existingEvalSet(db, params.id);
  const baseline = await baselineOf(db, row);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    cases: row.cases,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    runs: await runSummaries(db, row.id),
    baselineRunId: baseline.runId,
    baselineChosen: baseline.chosen,
  };
});

export const PATCH = route(api.evalSets.update, async ({ params, body, db }) => {
  const row = await updateEvalSet(db, params.id, body);
  return { id: row.id, name: row.name, version: row.version };
});

export const DELETE = route(api.evalSets.delete, ({ params, db }) => deleteEvalSet(db, params.id));
