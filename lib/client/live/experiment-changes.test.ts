import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyExperimentChange } from "./experiment-changes";

const change = (experimentId: string) => ({ kind: "experiment" as const, experimentId });

describe("experiment events", () => {
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
      ["experiments", "a"],
      ["experiments"],
      ["experiments", "b"],
      ["experiments"],
    ]);
  });
});
