import "server-only";
import { httpStatusFor, type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import type { ResultObject } from "@/lib/protocol/results";
import type { UpstreamClient, UpstreamError, WireTask } from "@/lib/upstream";

/** Why a task got no results, with the HTTP status the studio answers it with. */
export interface ServiceFailure {
  ok: false;
  status: number;
  errors: ServiceError[];
}

/** What the service answered to one task sent and waited for. */
export type ServiceAnswer = { ok: true; results: ResultObject[] } | ServiceFailure;

/**
 * Codes that are the studio's own trouble with the service, not the browser's: passing on their
 * 401 or 403 would read as the member's session or role failing.
 */
const STUDIO_SIDE = new Set(["invalidApiKey", "missingApiKey", "forbidden"]);

/** The HTTP status the studio answers a service error with. */
export function statusForServiceError(error: ServiceError): number {
  if (STUDIO_SIDE.has(error.code)) return 502;
  // The studio's client of the service was closed under the request (the server is stopping).
  if (error.code === "requestAborted") return 503;
  return httpStatusFor(error.code);
}

export function failed(errors: ServiceError[], status?: number): ServiceFailure {
  const first = errors[0] ?? serviceErrors.internalServerError();
  return {
    ok: false,
    status: status ?? statusForServiceError(first),
    errors: errors.length ? errors : [first],
  };
}

export function timedOut(task: WireTask, timeoutMs: number): ServiceFailure {
  return failed(
    [
      {
        code: "timeoutProvider",
        message: `The media service did not answer this ${task.taskType} task within ${Math.round(timeoutMs / 1000)} s. Try again in a moment.`,
        taskType: task.taskType,
        ...(task.taskUUID ? { taskUUID: task.taskUUID } : {}),
      },
    ],
    504,
  );
}

/**
 * Sends one task over HTTP and waits for its results, at most until `signal` fires (then a
 * `timeoutProvider` error naming the wait). A retried request the service already held answers
 * without results (`conflictOnRetry`): those are then fetched with `getResponse`, which answers
 * for sync tasks too.
 */
export async function askService(
  upstream: UpstreamClient,
  task: WireTask & { taskUUID: string },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ServiceAnswer> {
  const outcome = await upstream.request([task], { signal });
  if (signal.aborted) return timedOut(task, timeoutMs);
  const mine = outcome.data.filter((d) => d.taskUUID === task.taskUUID);
  const results = mine.flatMap((d) => (d.kind === "accepted" ? [] : [d.result]));
  const errors: UpstreamError[] = outcome.errors.filter(
    (e) => e.taskUUID === undefined || e.taskUUID === task.taskUUID,
  );
  if (results.length > 0) return { ok: true, results };
  if (errors.length > 0) return failed(errors);
  if (mine.some((d) => d.kind === "accepted")) {
    const watched = await upstream.watch(task.taskUUID, { signal });
    if (signal.aborted) return timedOut(task, timeoutMs);
    const found = watched.items.flatMap((i) => (i.status === "success" ? [i.item.result] : []));
    if (found.length > 0) return { ok: true, results: found };
    const itemErrors = watched.items.flatMap((i) => (i.status === "error" ? [i.error] : []));
    if (itemErrors.length > 0) return failed(itemErrors);
    if (!watched.ok) return failed([watched.error]);
  }
  return failed(
    [
      serviceErrors.internalServerError(
        `The media service answered the ${task.taskType} task without a result. Try again.`,
      ),
    ],
    502,
  );
}
