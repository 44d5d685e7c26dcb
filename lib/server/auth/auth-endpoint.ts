import "server-only";
import type { z } from "zod";
import { answer } from "@/lib/server/http/handle";
import { readBody, withBytes } from "@/lib/server/http/read-body";
import { readJson } from "@/lib/server/http/read-json";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { AUTH_BODY_LIMIT } from "@/lib/studio/api/auth";
import { studioErrors } from "@/lib/studio/api/errors";
import { changePasswordSchema, signInSchema, updateAccountSchema } from "@/lib/studio/auth/accounts";
import { wantsSecureCookies, withCookieSecurity } from "./cookie-security";
import type { StudioAuth } from "./create-auth";
import { type Gate, isSameOrigin, sessionOf } from "./guard";
import { withoutSessionTokens } from "./session-answer";
import type { SessionCache } from "./session-cache";
import type { SignInLimit } from "./sign-in-limit";
import type { Team } from "./team";

export interface AuthEndpointDeps {
  auth: StudioAuth;
  gate: Gate & { sessions: SessionCache };
  signInLimit: SignInLimit;
  /** Told of each session a request ended, so that session's open sockets close too. */
  team: Pick<Team, "sessionEnded" | "sessionIdsOf">;
  studioUrl?: string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Bodies the studio checks with its own schemas before better-auth sees them. */
const CHECKED_BODIES: Record<string, z.ZodType> = {
  "/update-user": updateAccountSchema,
  "/change-password": changePasswordSchema,
  "/sign-in/email": signInSchema,
};

/**
 * better-auth's endpoints behind the studio's own rules: mutations from the studio's origin
 * only (as every other Route Handler), names and passwords by the studio's schemas (errors in
 * the contract's shape, naming the field), sign-in limited per account and per address, and
 * cookies `Secure` when the request allows it. Refusals answer in the contract's shape.
 */
export function handleAuthRequest(deps: AuthEndpointDeps, request: Request): Promise<Response> {
  return answer(() => authRequest(deps, request), "An auth request");
}

async function authRequest(deps: AuthEndpointDeps, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  // Accounts are created only through the owner's set-up and invitations.
  if (path.startsWith("/sign-up")) throw studioErrors.notFound("page", "path");
  // Checked here too, not only by the route: this function is the auth library's one way in.
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request, deps.studioUrl)) {
    throw studioErrors.invalidOrigin();
  }
  let forwarded = request;
  const schema = request.method === "POST" ? CHECKED_BODIES[path] : undefined;
  if (!schema && !SAFE_METHODS.has(request.method)) {
    // better-auth reads bodies whole: it gets a copy, read here within the limit as it arrives.
    const body = await readBody(request, AUTH_BODY_LIMIT);
    if (!body.ok) return body.response;
    forwarded = withBytes(request, body.bytes);
  }
  let signInEmail: string | null = null;
  if (schema) {
    const body = await readJson(request, schema, AUTH_BODY_LIMIT);
    if (!body.ok) return body.response;
    forwarded = withBody(request, body.value);
    if (path === "/sign-in/email") {
      signInEmail = (body.value as { email: string }).email;
      const refusal = await deps.signInLimit.take(
        signInEmail,
        request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
      );
      if (refusal) {
        const { status, errors } = studioErrors.signInLimited(refusal.over, refusal.retryAfterSeconds);
        // A 429 tells the client when to come back, which a thrown error has no room for.
        return Response.json(
          { errors },
          { status, headers: { "retry-after": String(refusal.retryAfterSeconds) } },
        );
      }
    }
  }
  // Sign-out, revoke-session(s), a password change that signs out other devices: whichever way a
  // request ends sessions, each one ended closes its open sockets, on every studio process.
  const member =
    !SAFE_METHODS.has(request.method) && !path.startsWith("/sign-in")
      ? await sessionOf(deps.gate, request.headers)
      : null;
  const sessionsBefore = member ? await deps.team.sessionIdsOf(member.user.id) : [];
  const response = await withoutSessionTokens(await deps.auth.handler(forwarded));
  if (signInEmail && response.ok) await deps.signInLimit.succeeded(signInEmail);
  if (member) {
    const standing = new Set(await deps.team.sessionIdsOf(member.user.id));
    // A password change that signs out the other devices gives this browser a new session too.
    const renewed = response.ok && setsSessionCookie(response);
    for (const id of sessionsBefore)
      if (!standing.has(id)) deps.team.sessionEnded(member.user.id, id, renewed && id === member.sessionId);
  }
  // Signing out, renaming, or a password change that ended other sessions: pages must see it at
  // once, not when the session cache would expire.
  if (!SAFE_METHODS.has(request.method) && response.ok) deps.gate.sessions.clear();
  return withCookieSecurity(response, wantsSecureCookies(request, deps.studioUrl));
}

/** The answer hands the browser a session (a new session cookie, not one being cleared). */
function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => {
    const [pair = "", ...attributes] = cookie.split(";");
    const [name = "", value = ""] = pair.split("=");
    const cleared = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    return name.trim().endsWith("session_token") && value.trim() !== "" && !cleared;
  });
}

/** The request again, with the body as parsed (trimmed, lowercased) by the studio's schema. */
function withBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}
