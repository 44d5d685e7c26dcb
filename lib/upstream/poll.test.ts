import "server-only";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, imageTask, startHarness, videoTask } from "@/lib/engine";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import type { FinishedPollItem, WireTask } from "./index";
import { createUpstreamClient, type UpstreamClient } from "./index";
import { startFakeService } from "./test-support";

const DELAYS = { initialMs: 50, factor: 1.5, maxMs: 200 };

let harness: Harness;
let client: UpstreamClient;
beforeAll(async () => {
  harness = await startHarness();
  client = createUpstreamClient(
    { httpUrl: harness.url, wsUrl: harness.wsUrl, apiKey: harness.key },
    { options: { poll: DELAYS, http: { backoff: { baseMs: 20, capMs: 80 } } } },
  );
});
afterAll(async () => {
  await client?.close();
  await harness?.close();
  harness?.cleanup();
});

describe("polling", () => {
  it("collects a video with watch: acknowledged, progress reported, each item once", {
    timeout: 60_000,
  }, async () => {
    const task = videoTask(DEFAULT_VIDEO_MODEL, { numberResults: 2 }) as WireTask;
    const submitted = await client.request([task]);
    expect(submitted.errors).toEqual([]);
    expect(submitted.data).toEqual([
      { kind: "accepted", taskType: "videoInference", taskUUID: task.taskUUID, via: "ack" },
    ]);
    const progress: number[] = [];
    const seen: FinishedPollItem[] = [];
    const outcome = await client.watch(String(task.taskUUID), {
      onProgress: (p) => progress.push(p),
      onItem: (item) => seen.push(item),
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.items).toHaveLength(2);
    expect(seen.map((i) => i.index).sort()).toEqual([0, 1]);
    for (const item of outcome.items) {
      expect(item.status).toBe("success");
      if (item.status !== "success") continue;
      expect(item.item.kind).toBe("video");
      expect(item.item.id).not.toBe(task.taskUUID);
    }
    expect(progress.at(-1)).toBe(100);
    // Reported progress never goes back.
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it("polls an async image once with poll()", async () => {
    const task = imageTask({ deliveryMethod: "async" }) as WireTask;
    await client.request([task]);
    const outcome = await client.watch(String(task.taskUUID));
    expect(outcome.ok).toBe(true);
    const again = await client.poll(String(task.taskUUID));
    expect(again.ok && again.items.map((i) => i.status)).toEqual(["success"]);
  });

  it("ends a watch on taskNotFound", async () => {
    const taskUUID = randomUUID();
    const outcome = await client.watch(taskUUID);
    expect(outcome).toEqual({
      ok: false,
      items: [],
      error: expect.objectContaining({ code: "taskNotFound", taskUUID }),
    });
  });

  it("ends a watch on taskExpired, keeping items already finished, and reports failed items", async () => {
    const taskUUID = randomUUID();
    const items = (second: Record<string, unknown>) => ({
      data: [
        {
          taskType: "videoInference",
          taskUUID,
          status: "error",
          error: { code: "nsfwContentDetected", message: "flagged" },
        },
        { taskType: "videoInference", taskUUID, ...second },
      ],
    });
    const fake = await startFakeService((n) =>
      n === 0
        ? { status: 200, body: items({ status: "processing", progress: 40 }) }
        : { status: 404, body: { errors: [{ code: "taskExpired", message: "gone", taskUUID }] } },
    );
    const watcher = createUpstreamClient(
      { httpUrl: fake.url, wsUrl: harness.wsUrl, apiKey: "k-fake" },
      { options: { poll: DELAYS } },
    );
    const progress: number[] = [];
    const outcome = await watcher.watch(taskUUID, { onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([70]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe("taskExpired");
    expect(outcome.items).toEqual([
      expect.objectContaining({
        status: "error",
        index: 0,
        error: expect.objectContaining({ code: "nsfwContentDetected" }),
      }),
    ]);
    await fake.close();
  });

  it("waits out a transient failure while watching", async () => {
    const task = imageTask({ deliveryMethod: "async" }) as WireTask;
    await client.request([task]);
    let failures = 0;
    const fake = await startFakeService(async (_n, body) => {
      if (failures++ < 1) return { status: 200, hangUp: true };
      const answer = await harness.post(body);
      return { status: answer.status, body: answer.body };
    });
    const watcher = createUpstreamClient(
      { httpUrl: fake.url, wsUrl: harness.wsUrl, apiKey: harness.key },
      { options: { poll: DELAYS, http: { maxAttempts: 1 } } },
    );
    const outcome = await watcher.watch(String(task.taskUUID));
    expect(outcome.ok).toBe(true);
    await fake.close();
  });

  it("takes taskNotFound for 'not yet' within the grace period, and for final after it", async () => {
    const taskUUID = randomUUID();
    const notFound = {
      status: 400,
      body: { errors: [{ code: "taskNotFound", message: "unknown", taskUUID }] },
    };
    const done = {
      status: 200,
      body: {
        data: [
          {
            taskType: "videoInference",
            taskUUID,
            status: "success",
            videoUUID: randomUUID(),
            videoURL: "http://x/v.mp4",
            seed: 1,
          },
        ],
      },
    };
    // A service that does not know the task for its first three polls (it registers it late).
    const fake = await startFakeService((n) => (n < 3 ? notFound : done));
    const watcher = createUpstreamClient(
      { httpUrl: fake.url, wsUrl: harness.wsUrl, apiKey: "k-fake" },
      { options: { poll: DELAYS } },
    );
    const outcome = await watcher.watch(taskUUID, { notFoundGraceMs: 60_000 });
    expect(outcome.ok && outcome.items.map((i) => i.status)).toEqual(["success"]);
    expect(fake.requests).toHaveLength(4);
    // The grace period over (a clock that has moved on by the second poll), it is final.
    let clock = 0;
    const lagging = await startFakeService(() => notFound);
    const late = createUpstreamClient(
      { httpUrl: lagging.url, wsUrl: harness.wsUrl, apiKey: "k-fake" },
      { options: { poll: DELAYS } },
    );
    const ended = await late.watch(taskUUID, {
      notFoundGraceMs: 1_000,
      now: () => {
        clock += 600;
        return clock;
      },
    });
    expect(ended).toMatchObject({ ok: false, error: { code: "taskNotFound" } });
    expect(lagging.requests).toHaveLength(2);
    await Promise.all([fake.close(), lagging.close(), watcher.close(), late.close()]);
  });
});
