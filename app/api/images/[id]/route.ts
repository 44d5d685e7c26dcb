import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { getRuntime } from "@/lib/server/runtime";
import { studioImage } from "@/lib/server/tools/studio-images";

/** An image by the studio's id (an upload's id or a gallery image's mediaUUID), for previews. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const { id } = await params;
  const image = await studioImage(runtime.database.db, id);
  if (!image) return errorResponse(studioErrors.notFound("image with this id", "id"));
  return Response.json({ data: image });
}
