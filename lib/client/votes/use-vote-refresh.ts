"use client";

import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ballotKey, invalidateVotesOf, resultsKey, voteKey } from "./keys";

/**
 * Finer refreshes of one blind vote than its endpoints' declarations give (they refresh every
 * vote): after a pick, a close, or a question about who is voting now.
 */
export function useVoteRefresh() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      /** The vote's ranking and who is voting now. */
      results: (voteId: string) => client.invalidateQueries({ queryKey: resultsKey(voteId) }),
      /** The lists of the experiment or set the vote belongs to (their counts). */
      anchor: (anchorId: string) => invalidateVotesOf(client, anchorId),
      /** A ballot, member's or guest's, read again. */
      ballot: (queryKey: QueryKey) => client.invalidateQueries({ queryKey }),
      /** All of the vote: its page, results and ballot, and its anchor's lists. */
      vote: (voteId: string, anchorId: string) =>
        Promise.all([
          invalidateVotesOf(client, anchorId),
          ...[voteKey(voteId), resultsKey(voteId), ballotKey(voteId)].map((queryKey) =>
            client.invalidateQueries({ queryKey }),
          ),
        ]).then(() => undefined),
    }),
    [client],
  );
}
