import { route } from "@/lib/server/api/route";
import { ballotOf } from "@/lib/server/votes/ballot";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";

export const GET = route(api.votes.ballot, async ({ params, user, db }) => {
  return ballotOf(db, await existingVote(db, params.id), user.id);
});
