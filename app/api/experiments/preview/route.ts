import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse, planDeps } from "@/lib/server/experiments/http";
import { planExperiment } from "@/lib/server/experiments/plan";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { experimentInputSchema } from "@/lib/studio/experiments/input";

/**
 * What an experiment would be, without storing it: its axes with each value's refusals, the
 * counts and the estimate. A grid past the owner's cap answers 422 naming the limit.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const body = await readJson(request, experimentInputSchema, 512 * 1024);
  if (!body.ok) return body.response;
  const outcome = await planExperiment(planDeps(runtime), body.value);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  const { name, axes, counts, estimate, cells } = outcome.plan;
  return Response.json({
    data: {
      name,
      axes,
      counts,
      estimate,
      refusedCells: cells
        .filter((c) => c.errors.length > 0)
        .map((c) => ({ coords: c.coords, errors: c.errors.map((e) => e.message) })),
    },
  });
});
