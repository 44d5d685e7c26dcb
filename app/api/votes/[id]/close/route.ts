import { route } from "@/lib/server/api/route";
import { closeVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { voteAnchor } from "@/lib/studio/votes/input";

export const POST = route(api.votes.close, async ({ params, user, db, log }) => {
  const vote = await closeVote(db, params.id, user.id);
  log.publishGallery({ kind: "round", anchorId: voteAnchor(vote), roundId: vote.id });
  return { id: vote.id, status: vote.status };
});
