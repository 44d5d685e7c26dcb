import { route } from "@/lib/server/api/route";
import { mediaResponse } from "@/lib/server/http/media-response";
import { guestBallotMediaKey } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const GET = route(api.guestVotes.media, async ({ deps, storage, link, params, request }) => {
  const key = await guestBallotMediaKey(deps, link, params.mediaId);
  return mediaResponse(storage, key, request.headers.get("range"));
});
