import { dataResponse, route } from "@/lib/server/api/route";
import { addGuestComment, sharedComments } from "@/lib/server/gallery/share-comments";
import { api } from "@/lib/studio/api";

export const GET = route(api.share.comments, async ({ runtime, params, query }) => {
  const { itemId, ...page } = query;
  const deps = { db: runtime.database.db, log: runtime.log };
  return dataResponse(await sharedComments(deps, params.token, itemId, page), {
    headers: { "cache-control": "no-store" },
  });
});

export const POST = route(api.share.comment, async ({ runtime, params, query, body }) => ({
  comment: await addGuestComment(
    { db: runtime.database.db, log: runtime.log, limits: runtime.rateLimits },
    params.token,
    query.itemId,
    body,
  ),
}));
