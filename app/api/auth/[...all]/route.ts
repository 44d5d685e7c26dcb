import { handleAuthRequest } from "@/lib/server/auth/auth-endpoint";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** better-auth's endpoints (sign-in, sign-out, session, password change) under the studio's rules. */
async function handle(request: Request): Promise<Response> {
  const { auth, gate, signInLimit, team, env } = await getRuntime();
  return handleAuthRequest({ auth, gate, signInLimit, team, studioUrl: env.STUDIO_URL }, request);
}

export const GET = handled(handle);
export const POST = handled(handle);
