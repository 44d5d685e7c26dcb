import "server-only";
import { isServiceError, type ServiceError } from "@/lib/protocol/errors";
import { ERROR_ANSWER } from "@/lib/studio/api/errors";

export { type CarriesAnswer, ERROR_ANSWER, type ErrorAnswer } from "@/lib/studio/api/errors";

/** What a thrown studio error answers: its status and its errors (the first as `error`). */
export interface KnownAnswer {
  status: number;
  error: ServiceError;
  errors: ServiceError[];
}

function statusOk(status: unknown): status is number {
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599;
}

/**
 * The answer a thrown value carries (an `ApiError`, a `RecordError`), whichever copy of the
 * studio's modules threw it (see `ERROR_ANSWER`), or the answer of what it wraps (the query
 * builder wraps the database driver's error, such as its refusal while the database is closing, as
 * the `cause` of its own); else null.
 */
export function errorAnswerOf(thrown: unknown): KnownAnswer | null {
  for (let error = thrown, depth = 0; depth < 3; depth++) {
    if (typeof error !== "object" || error === null) return null;
    const known = carriedAnswer(error);
    if (known) return known;
    error = (error as { cause?: unknown }).cause;
  }
  return null;
}

function carriedAnswer(thrown: object): KnownAnswer | null {
  const carried = (thrown as { [ERROR_ANSWER]?: unknown })[ERROR_ANSWER];
  if (typeof carried !== "object" || carried === null) return null;
  const { status, error, errors } = carried as { status?: unknown; error?: unknown; errors?: unknown };
  if (!statusOk(status)) return null;
  const list = Array.isArray(errors) ? errors : [error];
  if (list.length === 0 || !list.every(isServiceError)) return null;
  return { status, error: list[0] as ServiceError, errors: list as ServiceError[] };
}

/**
 * The seconds a thrown refusal asks the client to wait (a rate limit sets `retryAfterSeconds`),
 * answered as `Retry-After`; else null.
 */
export function retryAfterOf(thrown: unknown): number | null {
  if (typeof thrown !== "object" || thrown === null) return null;
  const seconds = (thrown as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === "number" && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
