import { handleAuthRequest } from "@/lib/server/auth/auth-endpoint";
import { getRuntime } from "@/lib/server/runtime";

/** better-auth's endpoints (sign-in, sign-out, session, password change) under the studio's rules. */
async function handle(request: Request): Promise<Response> {
  const { auth, gate, signInLimit, env } = await getRuntime();
  return handleAuthRequest({ auth, gate, signInLimit, studioUrl: env.STUDIO_URL }, request);
}

export const GET = handle;
export const POST = handle;
