import { route } from "@/lib/server/api/route";
import { planDeps } from "@/lib/server/experiments/http";
import { planExperiment } from "@/lib/server/experiments/plan";
import { estimateCost } from "@/lib/server/spend/estimate";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";

export const POST = route(api.spend.estimate, async ({ runtime, body, user }) => {
  if (body.experiment === undefined) {
    const tasks = body.tasks ?? [];
    const pricing = { embedded: runtime.env.embedded, db: runtime.database.db };
    const [cost, budget] = await Promise.all([
      estimateCost(tasks, pricing),
      runtime.budgets.room(user, tasks),
    ]);
    return { ...cost, budget };
  }
  const outcome = await planExperiment(planDeps(runtime), body.experiment);
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.errors);
  const runnable = outcome.plan.cells.filter((c) => c.errors.length === 0).map((c) => c.params);
  return { ...outcome.plan.cost, budget: await runtime.budgets.room(user, runnable) };
});
