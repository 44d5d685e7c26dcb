import { route } from "@/lib/server/api/route";
import { existingVote, listVotes } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";

/** In the shape of an experiment's or a set's list, so the vote's own page shows the same card. */
export const GET = route(api.votes.get, async ({ params, user, db }) => {
  const vote = await existingVote(db, params.id);
  return { items: await listVotes(db, { voteId: vote.id }, user.id) };
});
