import "server-only";
import { logger } from "@/lib/platform/logger";
import { serviceErrors } from "@/lib/protocol/errors";
import { errorAnswerOf, retryAfterOf } from "./error-answer";

/**
 * The answer to a thrown value: a studio error (an `ApiError`, a `RecordError`) is
 * answered with its own status and error object; anything else is logged and answered 500 in the
 * contract's shape, never with an empty body, and never with the failure's details.
 */
export function thrownResponse(thrown: unknown, what = "A studio request"): Response {
  const known = errorAnswerOf(thrown);
  if (known) {
    const retry = retryAfterOf(thrown);
    return Response.json(
      { errors: known.errors },
      { status: known.status, ...(retry ? { headers: { "retry-after": String(retry) } } : {}) },
    );
  }
  logger().error({ err: thrown }, `${what} failed`);
  return Response.json({ errors: [serviceErrors.internalServerError()] }, { status: 500 });
}

/** Runs a handler's work, answering whatever it throws (see `thrownResponse`). */
export async function answer(work: () => Promise<Response>, what?: string): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    return thrownResponse(err, what);
  }
}

/**
 * A Route Handler whose every throw is answered in the contract's shape. Next.js would answer an
 * uncaught throw with an empty 500, which a page can only report as "The studio answered 500".
 */
export function handled<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return (...args) => {
    const request = args[0] instanceof Request ? args[0] : null;
    const what = request ? `${request.method} ${new URL(request.url).pathname}` : undefined;
    return answer(() => handler(...args), what);
  };
}
