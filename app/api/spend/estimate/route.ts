import { route } from "@/lib/server/api/route";
import { planDeps } from "@/lib/server/experiments/http";
import { planExperiment } from "@/lib/server/experiments/plan";
import { estimateCost } from "@/lib/server/spend/estimate";
import { estimateTaskTime } from "@/lib/server/spend/pace";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";

export const POST = route(api.spend.estimate, async ({ runtime, body, user, db }) => {
  const pricing = { embedded: runtime.env.embedded, db: db };
  if (body.experiment === undefined) {
    const tasks = body.tasks ?? [];
    const [cost, time, budget] = await Promise.all([
      estimateCost(tasks, pricing),
      estimateTaskTime(db, tasks),
      runtime.budgets.room(user, tasks),
    ]);
    return { ...cost, time, budget };
  }
  const outcome = await planExperiment(planDeps(runtime), body.experiment);
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.errors);
  const { plan } = outcome;
  const runnable = plan.cells.filter((c) => c.errors.length === 0).map((c) => c.params);
  const [time, budget] = await Promise.all([
    estimateTaskTime(db, runnable, { concurrency: plan.concurrency }),
    runtime.budgets.room(user, runnable),
  ]);
  return { ...plan.cost, time, budget };
});
