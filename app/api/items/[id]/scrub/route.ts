import { route } from "@/lib/server/api/route";
import { itemMedia } from "@/lib/server/items/item-media";
import { storedImageResponse } from "@/lib/server/items/thumb-response";
import { ensureScrub } from "@/lib/server/items/thumbnails";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.items.scrub, async ({ user, params, request, db, storage }) => {
  const media = await itemMedia(db, params.id, user.role);
  if (!media) throw studioErrors.itemNotFound();
  if (media.kind !== "video") throw studioErrors.noScrubStrip();
  const made = await ensureScrub(storage, media);
  return storedImageResponse(storage, made, request.headers.get("if-none-match"));
});
