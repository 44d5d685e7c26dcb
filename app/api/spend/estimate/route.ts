import { route } from "@/lib/server/api/route";
import { planDeps } from "@/lib/server/experiments/http";
import { planExperiment } from "@/lib/server/experiments/plan";
import { estimateCost } from "@/lib/server/spend/estimate";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";

export const POST = route(api.spend.estimate, async ({ runtime, body }) => {
  const pricing = { embedded: runtime.env.embedded, db: runtime.database.db };
  if (body.experiment === undefined) return estimateCost(body.tasks ?? [], pricing);
  const outcome = await planExperiment(planDeps(runtime), body.experiment);
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.errors);
  return outcome.plan.cost;
});
