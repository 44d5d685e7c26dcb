import "server-only";
import { availableParallelism } from "node:os";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioRuntime } from "@/lib/server/runtime";
import { isUuid } from "@/lib/studio/api/endpoint";
import { type ApiError, studioErrors } from "@/lib/studio/api/errors";
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

// The evaluation sets' and blind votes' routes still answer with these until they move onto
// `route()`; the experiments' own routes use `unwrap` and the studio's errors instead.

/** @deprecated Throw an `ApiError` from a `route()` handler instead. */
export function errorsResponse(status: number, errors: ServiceError[]): Response {
  return Response.json({ errors }, { status });
}

/** @deprecated Return `unwrap(outcome)` from a `route()` handler instead. */
export function outcomeResponse<T>(
  outcome: { ok: true; value: T } | { ok: false; status: number; errors: ServiceError[] },
  status = 200,
): Response {
  return outcome.ok
    ? Response.json({ data: outcome.value }, { status })
    : errorsResponse(outcome.status, outcome.errors);
}

/** @deprecated Declare the parameter with `uuid()` instead. */
export function experimentIdParam(value: string): string | Response {
  return isUuid(value) ? value.toLowerCase() : errorResponse(studioErrors.experimentNotFound());
}

function errorResponse(error: ApiError): Response {
  return errorsResponse(error.status, error.errors);
}
