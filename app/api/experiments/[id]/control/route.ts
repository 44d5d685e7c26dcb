import { z } from "zod";
import { requireUser } from "@/lib/server/auth/guard";
import { controlExperiment } from "@/lib/server/experiments/actions";
import { experimentIdParam, outcomeResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

const controlSchema = z.object({ action: z.enum(["pause", "resume", "cancel"]) });

/** `{ action: "pause" | "resume" | "cancel" }`: tasks in flight finish; pending cells wait or stop. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, controlSchema);
  if (!body.ok) return body.response;
  const outcome = await controlExperiment(runtime.database.db, id, body.value.action);
  if (outcome.ok) {
    runtime.log.publishGallery({ kind: "experiment", experimentId: id });
    if (outcome.value.status === "running") void runtime.experiments.pump(id);
  }
  return outcomeResponse(outcome);
});
