import { requireUser } from "@/lib/server/auth/guard";
import { itemIdParam, itemNotFound } from "@/lib/server/gallery/gallery-params";
import { itemMedia } from "@/lib/server/gallery/item-media";
import { storedImageResponse } from "@/lib/server/gallery/thumb-response";
import { ensureScrub } from "@/lib/server/gallery/thumbnails";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** A video's strip of frames side by side (JPEG), for scrubbing on a card by hovering across it. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = itemIdParam((await params).id);
  if (id instanceof Response) return id;
  const media = await itemMedia(runtime.database.db, id, user.role);
  if (!media) return itemNotFound();
  if (media.kind !== "video") {
    return Response.json(
      { errors: [{ code: "notFound", message: "Only videos have a scrub strip.", parameter: "id" }] },
      { status: 404 },
    );
  }
  const made = await ensureScrub(runtime.storage, media);
  return storedImageResponse(runtime.storage, made, request.headers.get("if-none-match"));
});
