import { route, unwrap } from "@/lib/server/api/route";
import { retryCell } from "@/lib/server/experiments/actions";
import { api } from "@/lib/studio/api";

export const POST = route(api.experiments.retryCell, async ({ runtime, params, db, log }) => {
  const row = unwrap(await retryCell(db, params.id, params.key));
  log.publishGallery({ kind: "experiment", experimentId: params.id });
  void runtime.experiments.pump(params.id);
  return row;
});
