"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { ServiceError } from "@/lib/protocol/errors";
import { api } from "@/lib/studio/api/addresses";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { batchSent } from "../done-alerts/done-alerts";
import { callEnvelope } from "../endpoint-client";
import { taskKey, updateTask } from "../gallery/cache";
import { useCreateStore } from "./drafts";
import { workflows } from "./workflows";

interface Accepted {
  taskType: string;
  taskUUID: string;
  status: "queued";
}

export type GenerateOutcome = { ok: true; taskUUIDs: string[] } | { ok: false; errors: ServiceError[] };

/** The entry a task has in the cache from the moment it is accepted, before any result. */
export function queuedTaskView(task: Record<string, unknown>, authorId = ""): TaskView {
  const count = task.taskType === "videoInference" ? 1 : Number(task.numberResults ?? 1);
  return {
    taskUUID: String(task.taskUUID),
    taskType: String(task.taskType),
    status: "queued",
    progress: null,
    itemCount: Number.isFinite(count) && count > 0 ? count : 1,
    itemsDone: 0,
    error: null,
    params: task,
    authorId,
    createdAt: new Date().toISOString(),
    items: [],
  };
}

/**
 * Sends tasks through `POST /api/tasks` for a Create page. Accepted tasks go into the query cache
 * at once (the result strip and the queue show them as queued) and into the page's list of sent
 * tasks; the relay then fills in their progress and results.
 */
export function useGenerate(slug: string) {
  const client = useQueryClient();
  const addSent = useCreateStore((s) => s.addSent);
  const [pending, setPending] = useState(false);

  const generate = useCallback(
    async (tasks: Record<string, unknown>[]): Promise<GenerateOutcome> => {
      setPending(true);
      // Into the cache before the request: on a fast service the first result can come over
      // the relay before the answer to the send does, and it needs an entry to join.
      for (const task of tasks) {
        const key = taskKey(String(task.taskUUID));
        if (!client.getQueryData(key)) client.setQueryData(key, queuedTaskView(task));
      }
      try {
        // Read whole, not through `call`: an answer may accept some tasks and refuse others.
        const result = await callEnvelope(api.tasks.submit, { body: tasks });
        const accepted: Accepted[] = result.ok ? ((result.data as Accepted[] | undefined) ?? []) : [];
        for (const task of tasks) {
          const uuid = String(task.taskUUID);
          if (accepted.some((a) => a.taskUUID === uuid)) {
            const view = client.getQueryData<TaskView>(taskKey(uuid)) ?? queuedTaskView(task);
            updateTask(client, view);
          } else client.removeQueries({ queryKey: taskKey(uuid), exact: true });
        }
        if (!result.ok) return { ok: false, errors: result.errors };
        const uuids = accepted.map((a) => a.taskUUID);
        if (uuids.length > 0) {
          addSent(slug, uuids);
          const workflow = workflows.find((w) => w.slug === slug);
          const prompt = tasks.find((t) => typeof t.positivePrompt === "string")?.positivePrompt;
          batchSent({
            taskUUIDs: uuids,
            workflow: workflow?.title ?? "Create",
            subject: typeof prompt === "string" ? prompt : undefined,
            medium: workflow?.medium ?? "image",
            href: `/create/${slug}`,
          });
        }
        const errors = result.errors;
        return errors.length > 0 ? { ok: false, errors } : { ok: true, taskUUIDs: uuids };
      } finally {
        setPending(false);
      }
    },
    [client, addSent, slug],
  );

  return { generate, pending };
}
