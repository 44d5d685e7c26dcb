"use client";

import { useQueries } from "@tanstack/react-query";
import { api } from "@/lib/studio/api";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { call } from "../endpoint-client";
import { taskKey } from "../gallery/cache";
import { useStreamStore } from "../shell/stream-store";

const POLL_MS = 3000;

export function isInFlight(task: Pick<TaskView, "status"> | undefined): boolean {
  return task?.status === "queued" || task?.status === "processing";
}

/**
 * The tasks a page sent, each with its results. The relay keeps them current; while it is down,
 * tasks still in flight are polled, so a result is never missed (only later).
 */
export function useTaskViews(taskUUIDs: readonly string[]): TaskView[] {
  const live = useStreamStore((s) => s.state === "live");
  const queries = useQueries({
    queries: taskUUIDs.map((uuid) => ({
      queryKey: taskKey(uuid),
      queryFn: (): Promise<TaskView> => call(api.tasks.get, { params: { taskUUID: uuid } }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchInterval: (query: { state: { data?: TaskView } }) =>
        !live && isInFlight(query.state.data) ? POLL_MS : false,
    })),
  });
  return queries.flatMap((q) => (q.data ? [q.data] : []));
}
