import { route } from "@/lib/server/api/route";
import { mediaResponse } from "@/lib/server/http/media-response";
import { api } from "@/lib/studio/api";

export const GET = route(api.share.media, async ({ storage, link, request }) => {
  const response = await mediaResponse(storage, link.item.storageKey, request.headers.get("range"));
  // Not kept by the browser: a revoked link must stop showing the media at once.
  response.headers.set("cache-control", "no-store");
  return response;
});
