import { requireUser } from "@/lib/server/auth/guard";
import { evalSetIdParam } from "@/lib/server/eval-sets/http";
import { evalSetRow, setNotFound } from "@/lib/server/eval-sets/records";
import { runSummaries, startEvalRun } from "@/lib/server/eval-sets/runs";
import { outcomeResponse, planDeps } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { runSettingsSchema } from "@/lib/studio/eval-sets/input";

type Params = { params: Promise<{ id: string }> };

/** The set's newest 50 runs: settings, set version, progress, and the ratings their results got. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const db = runtime.database.db;
  if (!(await evalSetRow(db, id))) return outcomeResponse(setNotFound());
  return Response.json({ data: await runSummaries(db, id) });
});

/**
 * Runs the set: `{ model, width, height, steps?, CFGScale?, scheduler? }` → a text-to-image
 * experiment over the set's cases, started at once. Answers the run and its experiment's id.
 */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, runSettingsSchema);
  if (!body.ok) return body.response;
  const outcome = await startEvalRun(planDeps(runtime), id, body.value, user.id);
  if (outcome.ok) {
    runtime.log.publishGallery({ kind: "experiment", experimentId: outcome.value.experimentId });
    void runtime.experiments.pump(outcome.value.experimentId);
  }
  return outcomeResponse(outcome, 201);
});
