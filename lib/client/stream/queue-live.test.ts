import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { api } from "@/lib/studio/api/addresses";
import type { WaitingQueue } from "@/lib/studio/api/queue";
import { queryKeyOf } from "../endpoint-client";
import { taskLeftWaiting } from "./queue-live";

const shown: WaitingQueue = {
  tasks: [
    {
      taskUUID: "t-1",
      taskType: "imageInference",
      authorId: "u",
      authorName: "Uma",
      prompt: "a fox",
      width: 512,
      height: 512,
      steps: 20,
      CFGScale: null,
      paused: false,
      priority: "normal",
      createdAt: "2026-01-01T00:00:00.000Z",
      yours: true,
    },
  ],
  experiments: [],
  paused: { mine: false, team: false },
  canSteerOthers: false,
};

function cached() {
  const client = new QueryClient();
  const key = queryKeyOf(api.queue.list, { query: { scope: "mine" } });
  client.setQueryData(key, shown);
  return { client, stale: () => client.getQueryState(key)?.isInvalidated };
}

describe("an open queue and its tasks' events", () => {
  it("reads again when a task it shows goes to the service", () => {
    const { client, stale } = cached();
    taskLeftWaiting(client, { taskUUID: "t-1", status: "processing" });
    expect(stale()).toBe(true);
  });

  it("stays as it is for a task it does not show, or one that still waits", () => {
    const { client, stale } = cached();
    taskLeftWaiting(client, { taskUUID: "t-2", status: "success" });
    taskLeftWaiting(client, { taskUUID: "t-1", status: "queued" });
    expect(stale()).toBe(false);
  });
});
