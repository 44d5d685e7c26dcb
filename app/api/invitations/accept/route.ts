import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { errorResponse, StudioErrorException } from "@/lib/server/auth/studio-errors";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { acceptInvitationSchema } from "@/lib/studio/accounts";

/** Accepting an invitation link: the new member's account, signed in, with the invited role. */
export async function POST(request: Request) {
  const { team, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, acceptInvitationSchema);
  if (!body.ok) return body.response;
  const { token, ...account } = body.value;
  try {
    return withCookieSecurity(
      await team.acceptInvitation(token, account, request.headers),
      wantsSecureCookies(request, env.STUDIO_URL),
    );
  } catch (err) {
    if (err instanceof StudioErrorException) return errorResponse(err.studioError);
    throw err;
  }
}
