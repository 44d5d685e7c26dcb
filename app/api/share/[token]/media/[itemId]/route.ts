import { route } from "@/lib/server/api/route";
import { sharedMediaKey } from "@/lib/server/gallery/share-view";
import { mediaResponse } from "@/lib/server/http/media-response";
import { api } from "@/lib/studio/api";

export const GET = route(api.share.media, async ({ runtime, params, request }) => {
  const deps = { db: runtime.database.db, log: runtime.log };
  const { storageKey } = await sharedMediaKey(deps, params.token, params.itemId);
  const response = await mediaResponse(runtime.storage, storageKey, request.headers.get("range"));
  // Not kept by the browser: a revoked link must stop showing the media at once.
  response.headers.set("cache-control", "no-store");
  return response;
});
