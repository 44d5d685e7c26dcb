import "server-only";
import { type CarriesAnswer, ERROR_ANSWER, type ErrorAnswer } from "@/lib/server/http/error-answer";

/** The studio API's own errors, in the contract's error shape, each with its HTTP status. */
export type StudioError = ErrorAnswer;

function studioError(status: number, code: string, message: string, parameter?: string): StudioError {
  return { status, error: parameter === undefined ? { code, message } : { code, message, parameter } };
}

export const studioErrors = {
  notSignedIn: () => studioError(401, "missingSession", "Sign in to use the studio."),
  forbiddenRole: (need: string) =>
    studioError(403, "forbidden", `This needs the ${need} role or a stronger one. Ask the studio's owner.`),
  invalidOrigin: () =>
    studioError(
      403,
      "invalidOrigin",
      "The request did not come from the studio's own pages (its Origin header is missing or foreign).",
      "origin",
    ),
  setupDone: () => studioError(409, "conflictSetup", "This studio already has an owner. Sign in instead."),
  invalidInvitation: () =>
    studioError(
      404,
      "invalidInvitation",
      "This invitation link is unknown, used, revoked or expired. Ask the owner for a new one.",
      "token",
    ),
  invitationEmailMismatch: () =>
    studioError(403, "invalidEmail", "This invitation was made for another email address.", "email"),
  removedMemberNeedsNamedInvite: () =>
    studioError(
      409,
      "emailTaken",
      "This email belonged to a member who was removed. To bring them back, an owner invites this email address.",
      "email",
    ),
  notFound: (what: string, parameter: string) =>
    studioError(404, "notFound", `No ${what} was found.`, parameter),
  invalidBody: (message: string, parameter = "body") =>
    studioError(400, "invalidRequestBody", message, parameter),
  lastOwner: () =>
    studioError(
      409,
      "conflictLastOwner",
      "The studio needs at least one owner: make someone else owner first.",
      "role",
    ),
  signInLimited: (over: "account" | "address", seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      over === "account"
        ? `Too many sign-in attempts for this account. Wait ${seconds} s, then try again.`
        : `Too many sign-in attempts from this network address. Wait ${seconds} s, then try again.`,
      over === "account" ? "email" : undefined,
    ),
  invalidResetLink: () =>
    studioError(
      404,
      "invalidResetLink",
      "This password reset link is unknown, used or expired. Ask the studio's owner for a new one.",
      "token",
    ),
  /** A team-wide cap reached (boards, live share links): the message says what frees room. */
  teamLimit: (message: string, parameter?: string) => studioError(409, "limitReached", message, parameter),
  unavailable: (message: string) => studioError(503, "serviceUnavailable", message),
} as const;

export function errorResponse(e: StudioError, headers?: HeadersInit): Response {
  return Response.json({ errors: [e.error] }, { status: e.status, ...(headers ? { headers } : {}) });
}

/**
 * A `StudioError` thrown through code that returns other values. Route Handlers answer it through
 * `answer` (lib/server/http/handle.ts), which reads the error it carries rather than its class.
 */
export class StudioErrorException extends Error implements CarriesAnswer {
  readonly [ERROR_ANSWER]: StudioError;

  constructor(readonly studioError: StudioError) {
    super(studioError.error.message);
    this.name = "StudioErrorException";
    this[ERROR_ANSWER] = studioError;
  }
}
