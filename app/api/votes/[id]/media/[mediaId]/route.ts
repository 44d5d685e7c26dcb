import { route } from "@/lib/server/api/route";
import { mediaResponse } from "@/lib/server/http/media-response";
import { ballotMediaKey } from "@/lib/server/votes/ballot-media";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.votes.media, async ({ runtime, params, user, request }) => {
  const vote = await existingVote(runtime.database.db, params.id);
  const key = await ballotMediaKey(runtime.database.db, vote, params.mediaId, user.role);
  if (!key) throw studioErrors.voteMediaNotFound();
  return mediaResponse(runtime.storage, key, request.headers.get("range"));
});
