import { route } from "@/lib/server/api/route";
import { mediaResponse } from "@/lib/server/http/media-response";
import { ballotMediaKey } from "@/lib/server/votes/ballot-media";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.votes.media, async ({ params, user, request, db, storage }) => {
  const vote = await existingVote(db, params.id);
  const key = await ballotMediaKey(db, vote, params.mediaId, user.role);
  if (!key) throw studioErrors.voteMediaNotFound();
  return mediaResponse(storage, key, request.headers.get("range"));
});
