import { route } from "@/lib/server/api/route";
import { existingVote } from "@/lib/server/votes/records";
import { voteResults } from "@/lib/server/votes/results";
import { api } from "@/lib/studio/api";

export const GET = route(api.votes.results, async ({ params, db }) => {
  return voteResults(db, await existingVote(db, params.id));
});
