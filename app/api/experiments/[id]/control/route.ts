import { route, unwrap } from "@/lib/server/api/route";
import { controlExperiment } from "@/lib/server/experiments/actions";
import { api } from "@/lib/studio/api";

export const POST = route(api.experiments.control, async ({ runtime, params, body, db, log }) => {
  const row = unwrap(await controlExperiment(db, params.id, body.action));
  log.publishGallery({ kind: "experiment", experimentId: params.id });
  if (row.status === "running") void runtime.experiments.pump(params.id);
  return row;
});
