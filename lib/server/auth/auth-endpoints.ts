import "server-only";
import type { StudioAuth } from "./create-auth";
import { type Gate, sessionOf } from "./guard";
import type { SessionCache } from "./session-cache";
import type { Team } from "./team";

/**
 * better-auth's endpoints (sign-in, sign-out, session). Accounts are created only through the
 * owner's set-up and invitations, so its public sign-up path is not served at all.
 */
export async function authEndpoints(
  runtime: { auth: StudioAuth; gate: Gate & { sessions: SessionCache }; team: Pick<Team, "sessionEnded"> },
  request: Request,
): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/api/auth/sign-up")) {
    return Response.json(
      { errors: [{ code: "notFound", message: "Accounts are created by invitation.", parameter: "path" }] },
      { status: 404 },
    );
  }
  const { auth, gate, team } = runtime;
  const signingOut = path === "/api/auth/sign-out" ? await sessionOf(gate, request.headers) : null;
  const response = await auth.handler(request);
  // A signed-out cookie must stop opening pages at once, not when the cache would expire, and
  // the session's open sockets must stop receiving the team's results.
  if (signingOut && response.ok) team.sessionEnded(signingOut.user.id, signingOut.sessionId);
  else if (path === "/api/auth/sign-out") gate.sessions.clear();
  return response;
}
