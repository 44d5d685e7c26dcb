"use client";

import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { WaitingQueue } from "@/lib/studio/api/queue";
import { endpointKey, invalidateResources } from "../endpoint-client";

/**
 * A task of this member's left the waiting list (it went to the service, or ended): an open queue
 * that shows it reads its order again. Only then: progress of a task already at work refetches
 * nothing.
 */
export function taskLeftWaiting(client: QueryClient, task: { taskUUID: string; status: string }): void {
  if (task.status === "queued") return;
  const shown = client
    .getQueriesData<WaitingQueue>({ queryKey: endpointKey(api.queue.list) })
    .some(([, data]) => data?.tasks.some((t) => t.taskUUID === task.taskUUID));
  if (shown) void invalidateResources(client, ["queue"]);
}
