import { route } from "@/lib/server/api/route";
import { ballotOf } from "@/lib/server/votes/ballot";
import { castVote } from "@/lib/server/votes/cast";
import { existingVote } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { voteAnchor } from "@/lib/studio/votes/input";

export const POST = route(api.votes.pick, async ({ params, body, user, db, log }) => {
  const vote = await existingVote(db, params.id);
  const pick = await castVote(db, vote, user.id, body);
  log.publishGallery({ kind: "round", anchorId: voteAnchor(vote), roundId: vote.id });
  return { ...pick, ballot: await ballotOf(db, vote, user.id) };
});
