import { tokenParam, uuidParam } from "@/lib/server/gallery/organize-common";
import { sharedMediaKey } from "@/lib/server/gallery/share-view";
import { handled } from "@/lib/server/http/handle";
import { mediaResponse } from "@/lib/server/http/media-response";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ token: string; itemId: string }> };

/** Public: the media of an item the link names, checked on every request (ranges for video). */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const { token: rawToken, itemId: rawItemId } = await params;
  const token = tokenParam(rawToken);
  if (token instanceof Response) return token;
  const itemId = uuidParam(rawItemId, "itemId");
  if (itemId instanceof Response) return itemId;
  const { storageKey } = await sharedMediaKey({ db: runtime.database.db, log: runtime.log }, token, itemId);
  const response = await mediaResponse(runtime.storage, storageKey, request.headers.get("range"));
  // Not kept by the browser: a revoked link must stop showing the media at once.
  response.headers.set("cache-control", "no-store");
  return response;
});
