import "server-only";
import { requestOrigin } from "@/lib/server/http/origin";
import { isRole } from "@/lib/studio/roles";
import type { SessionUser, TokenGate } from "./caller";
import type { StudioAuth } from "./create-auth";
import type { SessionCache } from "./session-cache";

/**
 * A mutating request must come from the studio's own pages: its Origin (which browsers always
 * send on POST, PUT, PATCH and DELETE) names the host the request was sent to. SameSite cookies
 * already stop most cross-site posts; this also stops same-site siblings and old browsers.
 */
export function isSameOrigin(request: Request, publicUrl?: string): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && originUrl.origin === new URL(publicUrl).origin) return true;
  return originUrl.origin === requestOrigin(request);
}

/**
 * What the checks need: accounts, the session cache, the studio's configured public URL, and the
 * verifier of personal access tokens (without one, a Bearer token is refused).
 */
export interface Gate {
  auth: StudioAuth;
  sessions?: SessionCache;
  publicUrl?: string | undefined;
  tokens?: TokenGate;
}

/** The signed-in user of a request (session cookie), or null. */
export async function sessionUser(gate: Gate, headers: Headers): Promise<SessionUser | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const cached = gate.sessions?.get(cookie);
  if (cached !== undefined) return cached;
  const found = await gate.auth.api.getSession({ headers });
  const u = found?.user as { id: string; name: string; email: string; role?: unknown } | undefined;
  const user: SessionUser | null = u
    ? { id: u.id, name: u.name, email: u.email, role: isRole(u.role) ? u.role : "viewer" }
    : null;
  gate.sessions?.set(cookie, user);
  return user;
}

/**
 * The signed-in user of a request with the id of the session its cookie names, or null. Read
 * afresh (no cache): for the relay, which keeps a socket per session, and for signing out.
 */
export async function sessionOf(
  gate: Gate,
  headers: Headers,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!headers.get("cookie")) return null;
  const found = await gate.auth.api.getSession({ headers });
  const u = found?.user as { id: string; name: string; email: string; role?: unknown } | undefined;
  if (!u || !found?.session.id) return null;
  return {
    user: { id: u.id, name: u.name, email: u.email, role: isRole(u.role) ? u.role : "viewer" },
    sessionId: found.session.id,
  };
}
