import { dataResponse, route } from "@/lib/server/api/route";
import { wantsSecureCookies } from "@/lib/server/auth/cookie-security";
import { addGuestComment, sharedComments } from "@/lib/server/comments/guest-comments";
import { guestCookie, guestKeyOf, guestSecretOf, newGuestSecret } from "@/lib/server/comments/guest-identity";
import { api } from "@/lib/studio/api";

export const GET = route(api.share.comments, async ({ deps, link, query, request }) => {
  const { itemId, ...page } = query;
  const secret = guestSecretOf(request);
  return dataResponse(await sharedComments(deps, link, itemId, secret ? guestKeyOf(secret) : null, page), {
    headers: { "cache-control": "no-store" },
  });
});

export const POST = route(
  api.share.comment,
  async ({ runtime, deps, limits, link, params, query, body, request }) => {
    const known = guestSecretOf(request);
    const secret = known ?? newGuestSecret();
    const comment = await addGuestComment({ ...deps, limits }, link, query.itemId, guestKeyOf(secret), body);
    const headers = new Headers();
    // A new guest is named here, once their comment was taken.
    if (!known)
      headers.set(
        "set-cookie",
        guestCookie(params.token, secret, wantsSecureCookies(request, runtime.env.STUDIO_URL)),
      );
    return dataResponse({ comment }, { status: 201, headers });
  },
);
