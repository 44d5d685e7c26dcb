import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import { queryKeyOf } from "../endpoint-client";

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
