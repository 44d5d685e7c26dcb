"use client";

import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { call } from "../endpoint-client";
import { taskKey } from "../gallery/cache";
import { restoreMedia } from "./recall-media";
import { recallMediaDeps } from "./recall-media-deps";

/** A recorded task as recall reads it: fetched once, then kept (a finished task does not change). */
export function recallTaskQuery(taskUUID: string) {
  return {
    queryKey: taskKey(taskUUID),
    queryFn: (): Promise<TaskView> => call(api.tasks.get, { params: { taskUUID } }),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * Looks a task and its media up before its recall link is followed (the pointer on it, or focus),
 * through the same caches the form reads: by the time the workflow page is drawn, recall has
 * nothing left to wait for. A failure here is left for the form to meet and explain.
 */
export function prefetchRecall(client: QueryClient, taskUUID: string): void {
  void client
    .fetchQuery(recallTaskQuery(taskUUID))
    .then((task) => restoreMedia(task.params, recallMediaDeps(client)))
    .catch(() => undefined);
}
