import { route } from "@/lib/server/api/route";
import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { api } from "@/lib/studio/api";

export const GET = route(api.setup.status, async ({ runtime }) => ({
  needsSetup: await runtime.team.needsSetup(),
}));

export const POST = route(api.setup.create, async ({ runtime, body, request }) =>
  withCookieSecurity(
    await runtime.team.setupOwner(body, request.headers),
    wantsSecureCookies(request, runtime.env.STUDIO_URL),
  ),
);
