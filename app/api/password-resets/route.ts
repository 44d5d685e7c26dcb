import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { answer } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { resetPasswordSchema } from "@/lib/studio/accounts";

/** Uses a reset link: the new password, every other session ended, and this browser signed in. */
export async function POST(request: Request) {
  const { resets, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, resetPasswordSchema);
  if (!body.ok) return body.response;
  return answer(async () =>
    withCookieSecurity(
      await resets.redeem(body.value.token, body.value.password, request.headers),
      wantsSecureCookies(request, env.STUDIO_URL),
    ),
  );
}
