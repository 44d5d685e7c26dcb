import { requireUser } from "@/lib/server/auth/guard";
import { itemIdParam, itemNotFound } from "@/lib/server/gallery/gallery-params";
import { attachmentHeader, downloadName, itemMedia } from "@/lib/server/gallery/item-media";
import { handled } from "@/lib/server/http/handle";
import { mediaResponse } from "@/lib/server/http/media-response";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** The original file as it was made, saved under a name from its prompt. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = itemIdParam((await params).id);
  if (id instanceof Response) return id;
  const media = await itemMedia(runtime.database.db, id, user.role);
  if (!media) return itemNotFound();
  const response = await mediaResponse(runtime.storage, media.storageKey, request.headers.get("range"));
  if (response.ok) response.headers.set("content-disposition", attachmentHeader(downloadName(media)));
  return response;
});
