import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { errorResponse, StudioErrorException } from "@/lib/server/auth/studio-errors";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { newAccountSchema } from "@/lib/studio/accounts";

/** Whether this studio still needs its owner (the first visit's set-up page asks). */
export async function GET() {
  const { team } = await getRuntime();
  return Response.json({ data: { needsSetup: await team.needsSetup() } });
}

/** Creates the owner of a fresh studio and signs them in; 409 once the studio has one. */
export async function POST(request: Request) {
  const { team, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, newAccountSchema);
  if (!body.ok) return body.response;
  try {
    return withCookieSecurity(
      await team.setupOwner(body.value, request.headers),
      wantsSecureCookies(request, env.STUDIO_URL),
    );
  } catch (err) {
    if (err instanceof StudioErrorException) return errorResponse(err.studioError);
    throw err;
  }
}
