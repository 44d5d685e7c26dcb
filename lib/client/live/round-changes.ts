"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

/** Query keys of blind votes: an experiment's list of rounds, and each round's ballot and results. */
export const roundsKey = (experimentId: string) => ["rounds", "of", experimentId] as const;
export const roundKey = (roundId: string) => ["rounds", roundId] as const;
export const ballotKey = (roundId: string) => ["rounds", roundId, "ballot"] as const;
export const resultsKey = (roundId: string) => ["rounds", roundId, "results"] as const;

/**
 * A teammate voted, or a round opened or closed: the experiment's list (counts) and that round's
 * results refetch. The ballot refetches too, so a round closed elsewhere stops taking votes here.
 */
export function applyRoundChange(
  client: QueryClient,
  change: Extract<GalleryChange, { kind: "round" }>,
): void {
  void client.invalidateQueries({ queryKey: roundsKey(change.experimentId) });
  void client.invalidateQueries({ queryKey: roundKey(change.roundId) });
}
