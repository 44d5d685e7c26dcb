import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { mediaResponse } from "@/lib/server/http/media-response";
import { getRuntime } from "@/lib/server/runtime";
import { ballotMediaKey } from "@/lib/server/votes/ballot-media";
import { roundParam } from "@/lib/server/votes/http";

type Params = { params: Promise<{ id: string; mediaId: string }> };

/**
 * A ballot's picture (reviewer and up, as the ballot): by the round's own id for it, so nothing
 * in the address matches the gallery's media. Ranges for video.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const { id, mediaId } = await params;
  const round = await roundParam(runtime.database.db, id);
  if (round instanceof Response) return round;
  const key = await ballotMediaKey(runtime.database.db, round, mediaId, user.role);
  if (!key) {
    return errorsResponse(404, [{ code: "notFound", message: "No such media.", parameter: "mediaId" }]);
  }
  return mediaResponse(runtime.storage, key, request.headers.get("range"));
});
