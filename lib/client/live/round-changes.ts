"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

/**
 * Query keys of blind votes: the rounds of an experiment or evaluation set (its id, the "anchor"),
 * and each round's ballot and results.
 */
export const roundsKey = (anchorId: string) => ["rounds", "of", anchorId] as const;
export const roundKey = (roundId: string) => ["rounds", roundId] as const;
export const ballotKey = (roundId: string) => ["rounds", roundId, "ballot"] as const;
export const resultsKey = (roundId: string) => ["rounds", roundId, "results"] as const;

/**
 * A teammate voted, or a round opened or closed: the experiment's or set's list (counts) and that
 * round's results refetch. The ballot refetches too, so a round closed elsewhere stops taking votes
 * here; a set's side by side refetches the votes each run received.
 */
export function applyRoundChange(
  client: QueryClient,
  change: Extract<GalleryChange, { kind: "round" }>,
): void {
  void client.invalidateQueries({ queryKey: roundsKey(change.anchorId) });
  void client.invalidateQueries({ queryKey: roundKey(change.roundId) });
  // The set's side by side (its key in components/eval-sets/types.ts), when the anchor is a set.
  void client.invalidateQueries({ queryKey: ["eval-sets", change.anchorId, "compare"] });
}
