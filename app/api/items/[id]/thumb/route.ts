import { route } from "@/lib/server/api/route";
import { itemMedia } from "@/lib/server/items/item-media";
import { storedImageResponse } from "@/lib/server/items/thumb-response";
import { ensureThumb, thumbFormat } from "@/lib/server/items/thumbnails";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ThumbWidth } from "@/lib/studio/api/gallery-urls";

export const GET = route(api.items.thumb, async ({ user, params, query, request, db, storage }) => {
  const media = await itemMedia(db, params.id, user.role);
  if (!media) throw studioErrors.itemNotFound();
  const width = query.w as ThumbWidth;
  const made = await ensureThumb(storage, media, width, thumbFormat(request.headers.get("accept")));
  return storedImageResponse(storage, made, request.headers.get("if-none-match"));
});
