import { route } from "@/lib/server/api/route";
import { guestItemMedia } from "@/lib/server/approvals/guest";
import { mediaResponse } from "@/lib/server/http/media-response";
import { api } from "@/lib/studio/api";

export const GET = route(api.approvalLinks.media, async ({ db, storage, link, params, request }) => {
  const { storageKey } = await guestItemMedia(db, link, params.itemId);
  const response = await mediaResponse(storage, storageKey, request.headers.get("range"));
  response.headers.set("cache-control", "no-store");
  return response;
});
