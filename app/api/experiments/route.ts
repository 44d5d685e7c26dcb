import { route, unwrap } from "@/lib/server/api/route";
import { createExperiment } from "@/lib/server/experiments/actions";
import { planDeps } from "@/lib/server/experiments/http";
import { experimentPage } from "@/lib/server/experiments/records";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { api } from "@/lib/studio/api";

export const GET = route(api.experiments.list, ({ query, db }) => experimentPage(db, query));

export const POST = route(api.experiments.create, async ({ runtime, body, user, log }) => {
  const { experiment, plan } = unwrap(await createExperiment(planDeps(runtime), body, user.id));
  void runtime.experiments.pump(experiment.id);
  // Its cells wait as one entry in the author's queue: open drawers show it.
  announceQueue(log, user);
  return { id: experiment.id, axes: plan.axes, counts: plan.counts, estimate: plan.estimate };
});
