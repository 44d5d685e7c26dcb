import { route } from "@/lib/server/api/route";
import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { api } from "@/lib/studio/api";

export const POST = route(api.passwordResets.redeem, async ({ runtime, body, request }) =>
  withCookieSecurity(
    await runtime.resets.redeem(body.token, body.password, request.headers),
    wantsSecureCookies(request, runtime.env.STUDIO_URL),
  ),
);
