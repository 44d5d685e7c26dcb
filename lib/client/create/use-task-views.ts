"use client";

import { useQueries } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { call } from "../endpoint-client";
import { taskKey } from "../gallery/cache";
import { useStreamStore } from "../shell/stream-store";

const POLL_MS = 3000;
/**
 * While the relay is up, a task still in flight is read again this often all the same: an event
 * the relay lost (a socket that dropped and came back between two of a task's events, say) would
 * otherwise leave the page waiting for a result the studio already holds.
 */
const LIVE_BACKSTOP_MS = 15_000;

/** How often a task's view is read again: never once it has ended; seldom while the relay is up. */
export function rereadEvery(live: boolean, task: Pick<TaskView, "status"> | undefined): number | false {
  if (!isInFlight(task)) return false;
  return live ? LIVE_BACKSTOP_MS : POLL_MS;
}

export function isInFlight(task: Pick<TaskView, "status"> | undefined): boolean {
  return task?.status === "queued" || task?.status === "processing";
}

/**
 * The tasks a page sent, each with its results. The relay keeps them current; while it is down,
 * tasks still in flight are polled, and while it is up they are read again now and then, so a
 * result is never missed (only later).
 */
export function useTaskViews(taskUUIDs: readonly string[]): TaskView[] {
  const live = useStreamStore((s) => s.state === "live");
  const queries = useQueries({
    queries: taskUUIDs.map((uuid) => ({
      queryKey: taskKey(uuid),
      queryFn: (): Promise<TaskView> => call(api.tasks.get, { params: { taskUUID: uuid } }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchInterval: (query: { state: { data?: TaskView } }) => rereadEvery(live, query.state.data),
    })),
  });
  return queries.flatMap((q) => (q.data ? [q.data] : []));
}
