"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

/** Query keys of experiments: the list, and each experiment's page. */
export const experimentsKey = ["experiments"] as const;
export const experimentKey = (id: string) => ["experiments", id] as const;

/** A cell filled or failed, or an experiment paused, resumed or ended: its page and the list refetch. */
export function applyExperimentChange(
  client: QueryClient,
  change: Extract<GalleryChange, { kind: "experiment" }>,
): void {
  void client.invalidateQueries({ queryKey: experimentKey(change.experimentId) });
  void client.invalidateQueries({ queryKey: experimentsKey, exact: true });
}
