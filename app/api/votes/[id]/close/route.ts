import { route } from "@/lib/server/api/route";
import { closeVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { voteAnchor } from "@/lib/studio/votes/input";

export const POST = route(api.votes.close, async ({ runtime, params, user }) => {
  const vote = await closeVote(runtime.database.db, params.id, user.id);
  runtime.log.publishGallery({ kind: "round", anchorId: voteAnchor(vote), roundId: vote.id });
  return { id: vote.id, status: vote.status };
});
