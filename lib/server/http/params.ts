import "server-only";
import { codeForPath } from "@/lib/protocol/issues";

/**
 * Checks on path and query parameters, made before they reach the database. The studio's ids
 * (accounts, invitations, uploads) are UUIDs; media ids are the service's (UUIDs in practice).
 * Anything outside plain id characters (a NUL, a surrogate, a slash) can only be a wrong link,
 * and is answered 400 naming the parameter instead of being looked up.
 */
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const MAX_ID_LENGTH = 200;

function invalidParam(parameter: string, expected: string): Response {
  return Response.json(
    {
      errors: [
        {
          code: codeForPath("invalid", [parameter]),
          message: `Invalid '${parameter}': expected ${expected}.`,
          parameter,
          type: "string",
        },
      ],
    },
    { status: 400 },
  );
}

export function isIdParam(value: string): boolean {
  return value.length <= MAX_ID_LENGTH && ID_RE.test(value);
}

/** `value` when it is shaped like an id; else the 400 to answer, naming `parameter`. */
export function idParam(value: string, parameter: string): string | Response {
  if (isIdParam(value)) return value;
  return invalidParam(
    parameter,
    `an id of letters, digits, '.', '_', ':' and '-' (at most ${MAX_ID_LENGTH} characters)`,
  );
}

/** An optional query parameter that must be an id when present. */
export function optionalIdParam(value: string | null, parameter: string): string | null | Response {
  return value === null || value === "" ? null : idParam(value, parameter);
}
