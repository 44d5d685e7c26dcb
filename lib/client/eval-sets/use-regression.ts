"use client";

import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { Regression } from "@/lib/studio/api/eval-set-regression";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { call, queryKeyOf } from "../endpoint-client";

/** While either run fills, its new results come in on the next read. */
const REFRESH_MS = 1500;

/** Every regression view of a set, whichever runs it reads. */
const regressionsOf = (setId: string) =>
  queryKeyOf(api.evalSets.regression, { params: { id: setId } }).slice(0, 4);

export const regressionKey = (setId: string, run: string, baseline: string | null) =>
  queryKeyOf(api.evalSets.regression, {
    params: { id: setId },
    query: baseline ? { run, baseline } : { run },
  });

/** A run against a baseline (the set's when `baseline` is null), case by case. */
export function useRegression(setId: string, run: string, baseline: string | null) {
  return useQuery({
    queryKey: regressionKey(setId, run, baseline),
    queryFn: ({ signal }) =>
      call(
        api.evalSets.regression,
        { params: { id: setId }, query: baseline ? { run, baseline } : { run } },
        { signal },
      ),
    refetchOnMount: "always",
    refetchInterval: (q) =>
      q.state.data && [q.state.data.run, q.state.data.baseline].some((r) => r.status === "running")
        ? REFRESH_MS
        : false,
  });
}

/**
 * A teammate's rating or vote, applied to open regression views: a rating of a result one shows
 * reads it again; a vote of the set opened, cast or closed reads every view of that set again
 * (its picks count once it closes).
 */
export function applyRegressionChange(client: QueryClient, change: GalleryChange): void {
  if (change.kind === "round") {
    void client.invalidateQueries({ queryKey: regressionsOf(change.anchorId) });
    return;
  }
  if (change.kind !== "review") return;
  const shows = (data: Regression | undefined) =>
    data?.rows.some((r) => r.baseline?.item?.id === change.itemId || r.run?.item?.id === change.itemId) ??
    false;
  void client.invalidateQueries({
    queryKey: ["api", "evalSets", "regression"],
    predicate: (query) => shows(query.state.data as Regression | undefined),
  });
}
