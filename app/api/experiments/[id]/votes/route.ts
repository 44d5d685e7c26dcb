import { route } from "@/lib/server/api/route";
import { axisNames, createExperimentVote, listVotes } from "@/lib/server/votes/records";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.votes.ofExperiment, async ({ params, user, db }) => {
  const names = await axisNames(db, params.id);
  if (!names) throw studioErrors.experimentNotFound();
  return { items: await listVotes(db, { experimentId: params.id }, user.id, names) };
});

export const POST = route(api.votes.startOnExperiment, async ({ params, body, user, db, log }) => {
  const vote = await createExperimentVote(db, params.id, body, user.id);
  log.publishGallery({ kind: "round", anchorId: params.id, roundId: vote.id });
  return { id: vote.id, name: vote.name };
});
