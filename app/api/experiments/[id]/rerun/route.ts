import { route, unwrap } from "@/lib/server/api/route";
import { rerunExperiment } from "@/lib/server/experiments/actions";
import { planDeps } from "@/lib/server/experiments/http";
import { api } from "@/lib/studio/api";

export const POST = route(api.experiments.rerun, async ({ runtime, params, body, user, log }) => {
  const row = unwrap(await rerunExperiment(planDeps(runtime), params.id, body, user.id));
  // The old version's page lists its versions: it changes too.
  log.publishGallery({ kind: "experiment", experimentId: params.id });
  void runtime.experiments.pump(row.id);
  return row;
});
