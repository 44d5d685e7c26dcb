import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/studio/api/addresses";
import { queryKeyOf } from "../endpoint-client";
import { experimentKey, experimentsKey } from "../experiments/keys";
import { applyExperimentChange } from "./experiment-changes";

const change = (experimentId: string) => ({ kind: "experiment" as const, experimentId });

describe("experiment events", () => {
  it("patches and refetches the very queries the pages read through the declared endpoints", () => {
    expect(experimentKey("a")).toEqual(queryKeyOf(api.experiments.get, { params: { id: "a" } }));
    expect(experimentsKey).toEqual(queryKeyOf(api.experiments.list));
  });

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gathers a burst into one refetch in flight and one after it", async () => {
    const client = new QueryClient();
    const waiting: (() => void)[] = [];
    const release = () => {
      for (const done of waiting.splice(0)) done();
    };
    const spy = vi
      .spyOn(client, "invalidateQueries")
      .mockImplementation(() => new Promise<void>((resolve) => waiting.push(resolve)));
    applyExperimentChange(client, change("a"));
    await vi.advanceTimersByTimeAsync(0);
    // The page and the list: two reads for the first event.
    expect(spy).toHaveBeenCalledTimes(2);
    for (let i = 0; i < 20; i++) applyExperimentChange(client, change("a"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(spy).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    // The twenty events that came meanwhile: one more refetch, after the gap.
    expect(spy).toHaveBeenCalledTimes(4);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("keeps experiments apart", async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    applyExperimentChange(client, change("a"));
    applyExperimentChange(client, change("b"));
    await vi.advanceTimersByTimeAsync(0);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      experimentKey("a"),
      experimentsKey,
      experimentKey("b"),
      experimentsKey,
    ]);
  });

  it("updates a loaded grid's cells in place, and reads the experiment when a cell is unknown", async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    const pending = {
      key: "0-0",
      coords: [0, 0],
      params: {},
      status: "sent" as const,
      errors: [],
      attempts: 1,
      taskUUID: "t1",
      seconds: null,
      items: [],
    };
    client.setQueryData(experimentKey("a"), {
      id: "a",
      cells: [pending],
      progress: { done: 0, failed: 0, refused: 0, running: 1, total: 1 },
    });
    const item = { id: "i1", kind: "image" as const, url: "/m/i1.png", width: 8, height: 8, cost: null };
    applyExperimentChange(client, {
      ...change("a"),
      cells: [{ ...pending, status: "done", seconds: 0.4, items: [item] }],
    });
    // At the next frame.
    await vi.advanceTimersByTimeAsync(20);
    const view = client.getQueryData<{
      cells: { status: string; items: unknown[] }[];
      progress: { done: number };
    }>(experimentKey("a"));
    expect(view?.cells[0]?.status).toBe("done");
    expect(view?.cells[0]?.items).toEqual([item]);
    expect(view?.progress.done).toBe(1);
    // Only the list (its progress) is read again, not the grid.
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([experimentsKey]);

    await vi.advanceTimersByTimeAsync(1_000);
    spy.mockClear();
    applyExperimentChange(client, { ...change("a"), cells: [{ ...pending, key: "5-5" }] });
    await vi.advanceTimersByTimeAsync(20);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      experimentKey("a"),
      experimentsKey,
    ]);
  });

  it("patches a frame's burst of cell events in one update, each cell as its last event left it", async () => {
    const client = new QueryClient();
    vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    const cell = (key: string) => ({
      key,
      coords: key.split("-").map(Number),
      params: {},
      status: "pending" as const,
      errors: [],
      attempts: 0,
      taskUUID: null,
      seconds: null,
      items: [],
    });
    const keys = Array.from({ length: 8 }, (_, i) => `0-${i}`);
    client.setQueryData(experimentKey("a"), {
      id: "a",
      cells: keys.map(cell),
      progress: { done: 0, failed: 0, refused: 0, running: 0, total: 8 },
    });
    const updates = vi.spyOn(client, "setQueryData");
    const item = (key: string) => ({
      id: `i${key}`,
      kind: "image" as const,
      url: "/m.png",
      width: 8,
      height: 8,
      cost: null,
    });
    // A service finishing eight tasks at once: each cell sent, then done, in sixteen events.
    for (const key of keys)
      applyExperimentChange(client, {
        ...change("a"),
        cells: [{ ...cell(key), status: "sent", attempts: 1, taskUUID: `t${key}` }],
      });
    for (const key of keys)
      applyExperimentChange(client, {
        ...change("a"),
        cells: [
          { ...cell(key), status: "done", attempts: 1, taskUUID: `t${key}`, seconds: 2, items: [item(key)] },
        ],
      });
    expect(updates).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(updates).toHaveBeenCalledTimes(1);
    const view = client.getQueryData<{
      cells: { status: string; items: { id: string }[] }[];
      progress: { done: number };
    }>(experimentKey("a"));
    expect(view?.cells.map((c) => [c.status, c.items.map((i) => i.id)])).toEqual(
      keys.map((k) => ["done", [`i${k}`]]),
    );
    expect(view?.progress.done).toBe(8);
    // A later event is a later update, not lost to the one before.
    applyExperimentChange(client, {
      ...change("a"),
      cells: [{ ...cell("0-0"), status: "error", attempts: 2, taskUUID: "t" }],
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(updates).toHaveBeenCalledTimes(2);
    expect(client.getQueryData<{ cells: { status: string }[] }>(experimentKey("a"))?.cells[0]?.status).toBe(
      "error",
    );
  });
});
