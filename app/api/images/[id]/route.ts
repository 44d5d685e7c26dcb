import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { getRuntime } from "@/lib/server/runtime";
import { studioImage } from "@/lib/server/tools/studio-images";

/** An image by the studio's id (an upload's id or a gallery image's mediaUUID), for previews. */
export const GET = handled(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const image = await studioImage(runtime.database.db, id);
  if (!image) return errorResponse(studioErrors.notFound("image with this id", "id"));
  return Response.json({ data: image });
});
