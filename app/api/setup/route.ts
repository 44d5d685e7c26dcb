import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { newAccountSchema } from "@/lib/studio/accounts";

/** Whether this studio still needs its owner (the first visit's set-up page asks). */
export const GET = handled(async () => {
  const { team } = await getRuntime();
  return Response.json({ data: { needsSetup: await team.needsSetup() } });
});

/** Creates the owner of a fresh studio and signs them in; 409 once the studio has one. */
export const POST = handled(async (request: Request) => {
  const { team, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, newAccountSchema);
  if (!body.ok) return body.response;
  return withCookieSecurity(
    await team.setupOwner(body.value, request.headers),
    wantsSecureCookies(request, env.STUDIO_URL),
  );
});
