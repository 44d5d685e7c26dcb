import { requireUser } from "@/lib/server/auth/guard";
import { createExperiment } from "@/lib/server/experiments/actions";
import { errorsResponse, planDeps } from "@/lib/server/experiments/http";
import { experimentPage } from "@/lib/server/experiments/records";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { experimentInputSchema } from "@/lib/studio/experiments/input";

/** The team's experiments, newest first: `?cursor=` from the previous page, `?limit=` up to 100. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get("limit") ?? "30");
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return errorsResponse(400, [
      { code: "invalidLimit", message: "limit is a whole number from 1 to 100.", parameter: "limit" },
    ]);
  }
  const page = await experimentPage(runtime.database.db, { cursor: url.searchParams.get("cursor"), limit });
  if (!page) {
    return errorsResponse(400, [
      { code: "invalidCursor", message: "cursor is not one this list gave.", parameter: "cursor" },
    ]);
  }
  return Response.json({ data: page });
});

/** Creates an experiment from a base task and its axes, and starts it. */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const body = await readJson(request, experimentInputSchema, 512 * 1024);
  if (!body.ok) return body.response;
  const outcome = await createExperiment(planDeps(runtime), body.value, user.id);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  const { experiment, plan } = outcome.value;
  void runtime.experiments.pump(experiment.id);
  return Response.json(
    { data: { id: experiment.id, axes: plan.axes, counts: plan.counts, estimate: plan.estimate } },
    { status: 201 },
  );
});
