import { requireUser } from "@/lib/server/auth/guard";
import { rerunExperiment } from "@/lib/server/experiments/actions";
import { experimentIdParam, outcomeResponse, planDeps } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { rerunInputSchema } from "@/lib/studio/experiments/input";

type Params = { params: Promise<{ id: string }> };

/**
 * `{ axis, index, value }`: a new version of the experiment with that axis value changed. Cells
 * it does not touch keep their results; the changed row or column runs. The old version is kept.
 */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, rerunInputSchema);
  if (!body.ok) return body.response;
  const outcome = await rerunExperiment(planDeps(runtime), id, body.value, user.id);
  if (outcome.ok) {
    // The old version's page lists its versions: it changes too.
    runtime.log.publishGallery({ kind: "experiment", experimentId: id });
    void runtime.experiments.pump(outcome.value.id);
  }
  return outcomeResponse(outcome, 201);
});
