import { route } from "@/lib/server/api/route";
import { deleteEvalSet, existingEvalSet, updateEvalSet } from "@/lib/server/eval-sets/records";
import { runSummaries } from "@/lib/server/eval-sets/runs";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.get, async ({ runtime, params }) => {
  const db = runtime.database.db;
  const row = await existingEvalSet(db, params.id);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    cases: row.cases,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    runs: await runSummaries(db, row.id),
  };
});

export const PATCH = route(api.evalSets.update, async ({ runtime, params, body }) => {
  const row = await updateEvalSet(runtime.database.db, params.id, body);
  return { id: row.id, name: row.name, version: row.version };
});

export const DELETE = route(api.evalSets.delete, ({ runtime, params }) =>
  deleteEvalSet(runtime.database.db, params.id),
);
