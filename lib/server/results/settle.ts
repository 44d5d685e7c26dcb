import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import type { TaskPatch } from "@/lib/server/db";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";

/**
 * The one rule by which a task ends, whichever way its results and failures arrived (pushed on
 * the socket, found by polling, or posted to the studio's webhook):
 *
 * - a task with at least one kept result succeeded; each generation that failed keeps its own
 *   error beside the results (`slots`), in the service's words;
 * - a task with no result failed, with the most telling error (the service's own cause over
 *   "task not found", which only says the service does not know it);
 * - a task that failed as a whole for a passing reason (rate limit, a server error) is sent again
 *   a few times first (see `retryPlan`).
 */

/** One generation that made no result. `index` is its place among the task's results, when known. */
export interface SlotError {
  index: number | null;
  code: string;
  message: string;
  parameter?: string;
}

/** A finished task's error column when some of its results failed and others were kept. */
export const SOME_RESULTS_FAILED = "someResultsFailed";

/** Codes that say a task failed for a passing reason: worth sending it again. */
export const TRANSIENT_TASK_CODES: ReadonlySet<string> = new Set([
  "rateLimitExceeded",
  "internalServerError",
  "serviceUnavailable",
  "timeoutProvider",
  "badGateway",
  "gatewayTimeout",
]);

/** Codes that say only that the service does not know the task (yet): the weakest cause. */
const LOOKUP_CODES: ReadonlySet<string> = new Set(["taskNotFound"]);

/** Tries in all, the first included: "retrying (2 of 3)" is the second. */
export const MAX_ATTEMPTS = 3;

/** Backoff between tries: full jitter under `min(cap, base * 2^n)`, at least `floor`. */
export const RETRY_BACKOFF = { baseMs: 2_000, capMs: 30_000, floorMs: 1_000 } as const;

export function slotOf(error: ServiceError, index: number | null = null): SlotError {
  return {
    index,
    code: error.code,
    message: error.message,
    ...(error.parameter ? { parameter: error.parameter } : {}),
  };
}

/** The error that says most about a task with no result. */
export function causeOf(failures: readonly ServiceError[]): ServiceError | null {
  return failures.find((f) => !LOOKUP_CODES.has(f.code)) ?? failures[0] ?? null;
}

/** True when every failure of a task with no result is a passing one. */
export function allTransient(failures: readonly ServiceError[]): boolean {
  return failures.length > 0 && failures.every((f) => TRANSIENT_TASK_CODES.has(f.code));
}

/**
 * The patch that ends a task: `kept` results recorded, `failures` the generations (or the whole
 * task) that failed, each with its slot index when known.
 */
export function settledPatch(
  itemCount: number,
  kept: number,
  failures: readonly { error: ServiceError; index: number | null }[],
): TaskPatch & { status: "success" | "error" } {
  if (kept > 0) {
    if (failures.length === 0) return { status: "success", progress: 100, error: null };
    const slots = failures.map((f) => slotOf(f.error, f.index));
    const missing = Math.max(failures.length, itemCount - kept);
    const error: StoredTaskError = {
      code: SOME_RESULTS_FAILED,
      message: `${kept} of ${kept + missing} results were made; ${missing === 1 ? "one was" : `${missing} were`} not.`,
      slots,
    };
    return { status: "success", progress: 100, error };
  }
  const cause = causeOf(failures.map((f) => f.error)) ?? {
    code: "noResults",
    message: "The service finished the task without a result.",
  };
  return { status: "error", error: storedError(cause) };
}

/**
 * A task taken up after a restart that the service lost after it made some of its results: it ends
 * on what was kept, and the rest is put down to the loss.
 */
export function lostTaskPatch(itemCount: number, kept: number): TaskPatch & { status: "success" | "error" } {
  const lost = {
    error: { code: "taskNotFound", message: "The service lost this task before it made every result." },
    index: null,
  };
  return settledPatch(itemCount, kept, kept >= itemCount ? [] : [lost]);
}

/** The contract's fields of an error, nothing else the service sent (it may be large or odd). */
export function storedError(error: ServiceError): StoredTaskError {
  return {
    code: error.code,
    message: error.message,
    ...(error.parameter ? { parameter: error.parameter } : {}),
  };
}

/** Milliseconds before try number `attempt` (2 for the first retry), `retryAfter` honoured. */
export function retryDelayMs(attempt: number, random: () => number, retryAfterSeconds?: number): number {
  const ceiling = Math.min(RETRY_BACKOFF.capMs, RETRY_BACKOFF.baseMs * 2 ** Math.max(0, attempt - 2));
  const jittered = Math.max(RETRY_BACKOFF.floorMs, Math.floor(random() * ceiling));
  return retryAfterSeconds === undefined ? jittered : Math.max(jittered, retryAfterSeconds * 1000);
}

/** A stored error as the relay and `GET /api/tasks` tell it: the error, each failed result, the try. */
export function errorFields(
  error: StoredTaskError | null,
): Pick<TaskUpdate, "error"> & Partial<Pick<TaskUpdate, "failedResults" | "retry">> {
  if (!error) return { error: null };
  const out: ReturnType<typeof errorFields> = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.parameter ? { parameter: error.parameter } : {}),
    },
  };
  const slots = Array.isArray(error.slots) ? (error.slots as SlotError[]) : [];
  if (slots.length > 0) {
    out.failedResults = slots.map((s) => ({ index: s.index ?? null, code: s.code, message: s.message }));
  }
  const retry = error.retry as { attempt?: unknown; of?: unknown } | undefined;
  if (typeof retry?.attempt === "number" && typeof retry.of === "number") {
    out.retry = { attempt: retry.attempt, of: retry.of };
  }
  return out;
}

/** The UUID the service knows the task's current try by, when it is a retry. */
export function retryTaskUUID(error: StoredTaskError | null): string | null {
  const retry = error?.retry as { taskUUID?: unknown } | undefined;
  return typeof retry?.taskUUID === "string" ? retry.taskUUID : null;
}
