import { requireUser } from "@/lib/server/auth/guard";
import { itemIdParam, itemNotFound } from "@/lib/server/gallery/gallery-params";
import { itemMedia } from "@/lib/server/gallery/item-media";
import { storedImageResponse } from "@/lib/server/gallery/thumb-response";
import { ensureThumb, thumbFormat } from "@/lib/server/gallery/thumbnails";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { THUMB_WIDTHS, type ThumbWidth } from "@/lib/studio/gallery-urls";

type Params = { params: Promise<{ id: string }> };

/** The item's thumbnail `?w=320|640|1280` wide (a video's poster frame), AVIF, WebP or JPEG by Accept. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = itemIdParam((await params).id);
  if (id instanceof Response) return id;
  const width = Number(new URL(request.url).searchParams.get("w") ?? "320") as ThumbWidth;
  if (!THUMB_WIDTHS.includes(width)) {
    return Response.json(
      {
        errors: [
          {
            code: "invalidW",
            message: `w is one of ${THUMB_WIDTHS.join(", ")} (pixels).`,
            parameter: "w",
            type: "integer",
          },
        ],
      },
      { status: 400 },
    );
  }
  const media = await itemMedia(runtime.database.db, id, user.role);
  if (!media) return itemNotFound();
  const format = thumbFormat(request.headers.get("accept"), width);
  const made = await ensureThumb(runtime.storage, media, width, format);
  return storedImageResponse(runtime.storage, made, request.headers.get("if-none-match"));
});
