import { requireUser } from "@/lib/server/auth/guard";
import { retryCell } from "@/lib/server/experiments/actions";
import { cellKeyParam, experimentIdParam, outcomeResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string; key: string }> };

/** Sends a failed cell again, alone, as a new task. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const p = await params;
  const id = experimentIdParam(p.id);
  if (id instanceof Response) return id;
  const key = cellKeyParam(p.key);
  if (key instanceof Response) return key;
  const outcome = await retryCell(runtime.database.db, id, key);
  if (outcome.ok) {
    runtime.log.publishGallery({ kind: "experiment", experimentId: id });
    void runtime.experiments.pump(id);
  }
  return outcomeResponse(outcome);
});
