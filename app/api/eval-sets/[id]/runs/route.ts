import { route } from "@/lib/server/api/route";
import { existingEvalSet } from "@/lib/server/eval-sets/records";
import { runSummaries, startEvalRun } from "@/lib/server/eval-sets/runs";
import { planDeps } from "@/lib/server/experiments/http";
import { api } from "@/lib/studio/api";

export const GET = route(api.evalSets.runs, async ({ params, db }) => {
  await existingEvalSet(db, params.id);
  return runSummaries(db, params.id);
});

export const POST = route(api.evalSets.run, async ({ runtime, params, body, user, log }) => {
  const started = await startEvalRun(planDeps(runtime), params.id, body, user.id);
  log.publishGallery({ kind: "experiment", experimentId: started.experimentId });
  void runtime.experiments.pump(started.experimentId);
  return started;
});
