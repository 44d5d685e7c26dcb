"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import { call, endpointKey, queryKeyOf } from "../endpoint-client";

/** While a run fills, its progress and new results come in on the next read. */
const REFRESH_MS = 1500;

/** One set's page; its side by side (each pair of runs compared, by run ids). */
export const evalSetKey = (id: string) => queryKeyOf(api.evalSets.get, { params: { id } });
export const evalCompareKey = (id: string, runs: readonly string[]) =>
  queryKeyOf(api.evalSets.compare, { params: { id }, query: { runs: runs.join(",") } });
/** The list of sets read a page at a time, under the list's own key. */
const evalSetPagesKey = [...endpointKey(api.evalSets.list), "pages"];

/** The team's evaluation sets, most recently changed first, a page at a time. */
export function useEvalSetPages() {
  return useInfiniteQuery({
    queryKey: evalSetPagesKey,
    queryFn: ({ pageParam, signal }) =>
      call(api.evalSets.list, { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One set with its runs, read again while any run is still filling. */
export function useEvalSet(id: string) {
  return useQuery({
    queryKey: evalSetKey(id),
    queryFn: ({ signal }) => call(api.evalSets.get, { params: { id } }, { signal }),
    // A run's ratings are given in the viewer: coming back reads them again.
    refetchOnMount: "always",
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.status === "running") ? REFRESH_MS : false),
  });
}

/** The chosen runs side by side, read again while one of them fills. */
export function useEvalCompare(setId: string, runIds: readonly string[]) {
  return useQuery({
    queryKey: evalCompareKey(setId, runIds),
    queryFn: ({ signal }) =>
      call(api.evalSets.compare, { params: { id: setId }, query: { runs: runIds.join(",") } }, { signal }),
    enabled: runIds.length > 0,
    // Ratings are given in the viewer: coming back reads them again.
    refetchOnMount: "always",
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.status === "running") ? REFRESH_MS : false),
  });
}
