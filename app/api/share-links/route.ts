import { route } from "@/lib/server/api/route";
import { requestOrigin } from "@/lib/server/http/origin";
import { actorOf } from "@/lib/server/items/actor";
import { createShareLink, listShareLinks, shareUrl } from "@/lib/server/share/links";
import { api } from "@/lib/studio/api";

export const GET = route(api.shareLinks.list, ({ user, query, deps }) =>
  listShareLinks(deps, actorOf(user), query),
);

export const POST = route(api.shareLinks.create, async ({ runtime, user, body, request, deps }) => {
  const { link, token } = await createShareLink(deps, actorOf(user), body);
  return { link, url: shareUrl(runtime.env.STUDIO_URL ?? requestOrigin(request), token) };
});
