import { route } from "@/lib/server/api/route";
import { assertDownloadable } from "@/lib/server/approvals/holds";
import { mediaResponse } from "@/lib/server/http/media-response";
import { attachmentHeader, downloadName, itemMedia } from "@/lib/server/items/item-media";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.items.download, async ({ user, params, request, db, storage }) => {
  const media = await itemMedia(db, params.id, user.role);
  if (!media) throw studioErrors.itemNotFound();
  await assertDownloadable(db, user.role, [params.id], "id");
  const response = await mediaResponse(storage, media.storageKey, request.headers.get("range"));
  if (response.ok) response.headers.set("content-disposition", attachmentHeader(downloadName(media)));
  return response;
});
