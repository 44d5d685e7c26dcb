import { route } from "@/lib/server/api/route";
import { planDeps } from "@/lib/server/experiments/http";
import { planExperiment } from "@/lib/server/experiments/plan";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";

export const POST = route(api.experiments.preview, async ({ runtime, body }) => {
  const outcome = await planExperiment(planDeps(runtime), body);
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.errors);
  const { name, axes, counts, estimate, cells } = outcome.plan;
  return {
    name,
    axes,
    counts,
    estimate,
    refusedCells: cells
      .filter((c) => c.errors.length > 0)
      .map((c) => ({ coords: c.coords, errors: c.errors.map((e) => e.message) })),
  };
});
