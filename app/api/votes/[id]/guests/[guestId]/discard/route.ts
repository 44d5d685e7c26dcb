import { route } from "@/lib/server/api/route";
import { discardGuestVoter } from "@/lib/server/votes/guest-voters";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { voteAnchor } from "@/lib/studio/votes/input";

export const POST = route(api.guestVotes.discard, async ({ params, user, db, log }) => {
  const vote = await existingVote(db, params.id);
  const { votes } = await discardGuestVoter(db, vote, params.guestId, user.id);
  // Every open page of the vote refetches its counts, rankings and guests.
  log.publishGallery({ kind: "round", anchorId: voteAnchor(vote), roundId: vote.id });
  return { id: params.guestId, votes };
});
