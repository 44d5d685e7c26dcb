import { route } from "@/lib/server/api/route";
import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { api } from "@/lib/studio/api";

export const POST = route(api.invitations.accept, async ({ runtime, body, request }) => {
  const { token, ...account } = body;
  return withCookieSecurity(
    await runtime.team.acceptInvitation(token, account, request.headers),
    wantsSecureCookies(request, runtime.env.STUDIO_URL),
  );
});
