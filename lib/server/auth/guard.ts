import "server-only";
import { requestOrigin } from "@/lib/server/http/origin";
import type { StudioAuth } from "./create-auth";
import { can, isRole, type Permission, type Role, roleFor } from "./roles";
import { errorResponse, studioErrors } from "./studio-errors";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

/** The signed-in user of a request (session cookie), or null. */
export async function sessionUser(auth: StudioAuth, headers: Headers): Promise<SessionUser | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const u = found.user as { id: string; name: string; email: string; role?: unknown };
  return { id: u.id, name: u.name, email: u.email, role: isRole(u.role) ? u.role : "viewer" };
}

/**
 * The gate of every Route Handler: a mutating request from another origin is refused (403),
 * a request without a session is refused (401), and one whose role lacks the permission (403).
 * Answers the user, or the error Response to return as is.
 */
export async function requireUser(
  auth: StudioAuth,
  request: Request,
  permission: Permission,
  publicUrl?: string,
): Promise<SessionUser | Response> {
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request, publicUrl)) {
    return errorResponse(studioErrors.invalidOrigin());
  }
  const user = await sessionUser(auth, request.headers);
  if (!user) return errorResponse(studioErrors.notSignedIn());
  if (!can(user.role, permission)) return errorResponse(studioErrors.forbiddenRole(roleFor(permission)));
  return user;
}

/** For handlers that need no session (set-up, accepting an invitation): only the origin check. */
export function requireSameOrigin(request: Request, publicUrl?: string): Response | null {
  return isSameOrigin(request, publicUrl) ? null : errorResponse(studioErrors.invalidOrigin());
}
