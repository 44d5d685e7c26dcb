import { route } from "@/lib/server/api/route";
import { existingVote } from "@/lib/server/votes/records";
import { voteResults } from "@/lib/server/votes/results";
import { api } from "@/lib/studio/api";
import { can } from "@/lib/studio/roles";

export const GET = route(api.votes.results, async ({ runtime, params, user }) => {
  const db = runtime.database.db;
  // A member who may vote counts among those whose votes are still to come.
  return voteResults(db, await existingVote(db, params.id), can(user.role, "review") ? user.id : null);
});
