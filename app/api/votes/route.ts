import { route } from "@/lib/server/api/route";
import { createPickedResultsVote } from "@/lib/server/votes/picked-results";
import { api } from "@/lib/studio/api";

export const POST = route(api.votes.startOnResults, async ({ body, user, db, log }) => {
  const vote = await createPickedResultsVote(db, body, user.id);
  log.publishGallery({ kind: "round", anchorId: vote.id, roundId: vote.id });
  return { id: vote.id, name: vote.name };
});
