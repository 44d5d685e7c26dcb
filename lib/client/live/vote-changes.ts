"use client";

import type { QueryClient } from "@tanstack/react-query";
import { queryKeyOf } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api";
import type { GalleryChange } from "@/lib/studio/api/stream-events";

/**
 * Query keys of blind votes, from their endpoints: the votes of an experiment, an evaluation set
 * or a vote's own page (its id, the "anchor"), and each vote's ballot and results.
 */
export const votesOfExperimentKey = (id: string) => queryKeyOf(api.votes.ofExperiment, { params: { id } });
export const votesOfEvalSetKey = (id: string) => queryKeyOf(api.votes.ofEvalSet, { params: { id } });
export const voteKey = (id: string) => queryKeyOf(api.votes.get, { params: { id } });
export const ballotKey = (id: string) => queryKeyOf(api.votes.ballot, { params: { id } });
export const resultsKey = (id: string) => queryKeyOf(api.votes.results, { params: { id } });

/** Every list a vote of this anchor may be shown in: its experiment's, its set's, its own page's. */
export function votesOfAnchorKeys(anchorId: string) {
  return [votesOfExperimentKey(anchorId), votesOfEvalSetKey(anchorId), voteKey(anchorId)];
}

export function invalidateVotesOf(client: QueryClient, anchorId: string): Promise<void> {
  return Promise.all(
    votesOfAnchorKeys(anchorId).map((queryKey) => client.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/**
 * A teammate voted, or a vote opened or closed: the experiment's or set's list (counts) and that
 * vote's results refetch. The ballot refetches too, so a vote closed elsewhere stops taking picks
 * here; a set's side by side refetches the votes each run received.
 */
export function applyVoteChange(
  client: QueryClient,
  change: Extract<GalleryChange, { kind: "round" }>,
): void {
  void invalidateVotesOf(client, change.anchorId);
  for (const queryKey of [
    voteKey(change.roundId),
    ballotKey(change.roundId),
    resultsKey(change.roundId),
    queryKeyOf(api.guestVotes.voters, { params: { id: change.roundId } }),
  ])
    void client.invalidateQueries({ queryKey });
  // Every comparison of the set's runs, whichever runs it shows.
  void client.invalidateQueries({
    queryKey: queryKeyOf(api.evalSets.compare, { params: { id: change.anchorId } }).slice(0, 4),
  });
}
