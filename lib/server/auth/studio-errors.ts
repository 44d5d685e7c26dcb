import "server-only";
import { type ApiError, studioErrors } from "@/lib/studio/api/errors";

// The list moved to lib/studio/api/errors.ts; these names remain while routes move onto `route`.
export { studioErrors };
export type StudioError = ApiError;

export function errorResponse(e: ApiError, headers?: HeadersInit): Response {
  return Response.json({ errors: e.errors }, { status: e.status, ...(headers ? { headers } : {}) });
}

/** Thrown as is: an `ApiError` already carries its answer. */
export function StudioErrorException(e: ApiError): ApiError {
  return e;
}
