import { route } from "@/lib/server/api/route";
import { existingEvalSet } from "@/lib/server/eval-sets/records";
import { createEvalSetVote } from "@/lib/server/votes/eval-set-votes";
import { listVotes } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";

export const GET = route(api.votes.ofEvalSet, async ({ params, user, db }) => {
  await existingEvalSet(db, params.id);
  return { items: await listVotes(db, { evalSetId: params.id }, user.id) };
});

export const POST = route(api.votes.startOnEvalSet, async ({ params, body, user, db, log }) => {
  const vote = await createEvalSetVote(db, params.id, body, user.id);
  log.publishGallery({ kind: "round", anchorId: params.id, roundId: vote.id });
  return { id: vote.id, name: vote.name };
});
