import type { RouteContext } from "@/lib/server/api/route";
import { route } from "@/lib/server/api/route";
import { handleAuthRequest } from "@/lib/server/auth/auth-endpoint";
import { api } from "@/lib/studio/api";
import type { AnyEndpoint } from "@/lib/studio/api/endpoint";

/** better-auth's endpoints (sign-in, sign-out, session, password change) under the studio's rules. */
function handle({ runtime, request }: RouteContext<AnyEndpoint>): Promise<Response> {
  const { auth, gate, signInLimit, team, env } = runtime;
  return handleAuthRequest({ auth, gate, signInLimit, team, studioUrl: env.STUDIO_URL }, request);
}

export const GET = route(api.auth.read, handle);
export const POST = route(api.auth.act, handle);
