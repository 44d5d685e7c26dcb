import { route } from "@/lib/server/api/route";
import { guestVotersOf } from "@/lib/server/votes/guest-voters";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";

export const GET = route(api.guestVotes.voters, async ({ params, db }) => {
  return guestVotersOf(db, await existingVote(db, params.id));
});
