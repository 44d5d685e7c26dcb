import { getRuntime } from "@/lib/server/runtime";

/**
 * better-auth's endpoints (sign-in, sign-out, session). Accounts are created only through the
 * owner's set-up and invitations, so its public sign-up path is not served here at all.
 */
async function handle(request: Request): Promise<Response> {
  if (new URL(request.url).pathname.startsWith("/api/auth/sign-up")) {
    return Response.json(
      { errors: [{ code: "notFound", message: "Accounts are created by invitation.", parameter: "path" }] },
      { status: 404 },
    );
  }
  const { auth, gate } = await getRuntime();
  const response = await auth.handler(request);
  // A signed-out cookie must stop opening pages at once, not when the cache would expire.
  if (new URL(request.url).pathname === "/api/auth/sign-out") gate.sessions.clear();
  return response;
}

export const GET = handle;
export const POST = handle;
