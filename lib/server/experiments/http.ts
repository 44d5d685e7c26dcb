import "server-only";
import { availableParallelism } from "node:os";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioRuntime } from "@/lib/server/runtime";
import type { Outcome } from "./actions";
import type { PlanDeps } from "./plan";

/**
 * What planning needs from the runtime: the database, the video model, the owner's cap, and with
 * the embedded engine how many tasks it renders at once (a thread per core).
 */
export function planDeps(runtime: StudioRuntime): PlanDeps {
  return {
    db: runtime.database.db,
    videoModel: runtime.videoModel,
    maxCells: runtime.limits.current().maxExperimentCells,
    ...(runtime.engineKeys ? { parallelism: availableParallelism() } : {}),
  };
}

export function errorsResponse(status: number, errors: ServiceError[]): Response {
  return Response.json({ errors }, { status });
}

/** An outcome as the answer: its value under `data`, or its errors. */
export function outcomeResponse<T>(outcome: Outcome<T>, status = 200): Response {
  return outcome.ok
    ? Response.json({ data: outcome.value }, { status })
    : errorsResponse(outcome.status, outcome.errors);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An experiment's id (a UUID: the database refuses anything else), or the 404 to answer. */
export function experimentIdParam(value: string): string | Response {
  return UUID_RE.test(value)
    ? value.toLowerCase()
    : errorsResponse(404, [
        { code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" },
      ]);
}

/** A cell's key: its coords joined by "-" ("0-2-1"). */
export function cellKeyParam(value: string): string | Response {
  return /^\d{1,3}(-\d{1,3}){0,2}$/.test(value)
    ? value
    : errorsResponse(404, [{ code: "cellNotFound", message: "There is no such cell.", parameter: "key" }]);
}
