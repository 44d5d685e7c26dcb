"use client";

import type { QueryClient } from "@tanstack/react-query";
import { queryKeyOf } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { ballotKey, invalidateVotesOf, resultsKey, voteKey } from "../votes/keys";

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
