import { route } from "@/lib/server/api/route";
import { mediaResponse } from "@/lib/server/http/media-response";
import { guestBallotMediaKey } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const GET = route(api.guestVotes.media, async ({ runtime, params, request }) => {
  const deps = { db: runtime.database.db, log: runtime.log };
  const key = await guestBallotMediaKey(deps, params.token, params.mediaId);
  return mediaResponse(runtime.storage, key, request.headers.get("range"));
});
