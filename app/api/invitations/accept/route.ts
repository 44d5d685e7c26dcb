import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { acceptInvitationSchema } from "@/lib/studio/accounts";

/** Accepting an invitation link: the new member's account, signed in, with the invited role. */
export const POST = handled(async (request: Request) => {
  const { team, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, acceptInvitationSchema);
  if (!body.ok) return body.response;
  const { token, ...account } = body.value;
  return withCookieSecurity(
    await team.acceptInvitation(token, account, request.headers),
    wantsSecureCookies(request, env.STUDIO_URL),
  );
});
