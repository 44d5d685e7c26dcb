import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/studio/api";
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
    await vi.advanceTimersByTimeAsync(0);
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
    await vi.advanceTimersByTimeAsync(0);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      experimentKey("a"),
      experimentsKey,
    ]);
  });
});
