import { wantsSecureCookies, withCookieSecurity } from "@/lib/server/auth/cookie-security";
import { requireSameOrigin } from "@/lib/server/auth/guard";
import { errorResponse } from "@/lib/server/auth/studio-errors";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { resetPasswordSchema } from "@/lib/studio/accounts";

/** Uses a reset link: the new password, every other session ended, and this browser signed in. */
export const POST = handled(async (request: Request) => {
  const { resets, env } = await getRuntime();
  const refused = requireSameOrigin(request, env.STUDIO_URL);
  if (refused) return refused;
  const body = await readJson(request, resetPasswordSchema);
  if (!body.ok) return body.response;
  const redeemed = await resets.redeem(body.value.token, body.value.password, request.headers);
  if (!redeemed.ok) return errorResponse(redeemed.error);
  return withCookieSecurity(redeemed.value, wantsSecureCookies(request, env.STUDIO_URL));
});
