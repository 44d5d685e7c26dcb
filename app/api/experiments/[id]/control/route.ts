import { route, unwrap } from "@/lib/server/api/route";
import { controlExperiment } from "@/lib/server/experiments/actions";
import { announceQueue, endCancelled } from "@/lib/server/queue/queue-handlers";
import { api } from "@/lib/studio/api";

export const POST = route(api.experiments.control, async ({ runtime, params, body, db, log, user }) => {
  const { taken, ...row } = unwrap(await controlExperiment(db, params.id, body.action));
  await endCancelled(runtime, taken);
  log.publishGallery({ kind: "experiment", experimentId: params.id });
  // Its entry in the waiting queue changed too: open drawers and every studio's lanes hear it.
  announceQueue(log, user);
  if (row.status === "running") void runtime.experiments.pump(params.id);
  return row;
});
