"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import { call, endpointKey } from "../endpoint-client";

/** While a prompt still runs, its results come in on the next read. */
const REFRESH_MS = 2000;

/** Every page of one search and member filter of the history. */
const promptHistoryKey = (q: string, member: string) => [...endpointKey(api.prompts.history), q, member];

/**
 * Every prompt run matching `q`, by `member` ("me": the asking member), newest first, a page at
 * a time.
 */
export function usePromptHistory(q: string, member: string) {
  return useInfiniteQuery({
    queryKey: promptHistoryKey(q, member),
    queryFn: ({ pageParam }) =>
      call(api.prompts.history, {
        query: {
          q: q || undefined,
          member: member === "me" ? undefined : member,
          cursor: pageParam || undefined,
        },
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.runs.some((r) => r.status === "queued" || r.status === "processing"),
      )
        ? REFRESH_MS
        : false,
  });
}
