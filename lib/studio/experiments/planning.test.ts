import { describe, expect, it } from "vitest";
import { estimateRun, nextBatch, type PastTask, workOf } from "./planning";

describe("sending an experiment's tasks", () => {
  it("sends no more than a request holds, nor more than the free slots", () => {
    const pending = Array.from({ length: 30 }, (_, i) => i);
    expect(nextBatch(pending, 0, { perRequest: 10, concurrency: 4 })).toEqual([0, 1, 2, 3]);
    expect(nextBatch(pending, 2, { perRequest: 10, concurrency: 4 })).toEqual([0, 1]);
    expect(nextBatch(pending, 0, { perRequest: 3, concurrency: 8 })).toEqual([0, 1, 2]);
    expect(nextBatch(pending, 9, { perRequest: 3, concurrency: 8 })).toEqual([]);
    expect(nextBatch([], 0, { perRequest: 3, concurrency: 8 })).toEqual([]);
  });
});

describe("the estimate before running", () => {
  const image = { taskType: "imageInference", width: 1024, height: 1024, steps: 20, model: "m:1@1" };

  it("scales an image's work with its pixels, steps and results, a video's with its length", () => {
    expect(workOf(image)).toBe(20);
    expect(workOf({ ...image, width: 512, height: 512, numberResults: 2 })).toBe(10);
    expect(workOf({ taskType: "videoInference", duration: 8 })).toBe(8);
  });

  it("uses the team's past tasks of the same model: time per unit of work, and the reported cost", () => {
    const history: PastTask[] = [
      { taskType: "imageInference", model: "m:1@1", seconds: 2, work: 20, cost: 0.002 },
      { taskType: "imageInference", model: "m:1@1", seconds: 4, work: 20, cost: 0.004 },
      { taskType: "imageInference", model: "m:1@1", seconds: 3, work: 20, cost: 0.003 },
      { taskType: "imageInference", model: "other", seconds: 100, work: 20, cost: 1 },
    ];
    const out = estimateRun([image, image, image, image], history, 2);
    expect(out).toEqual({ tasks: 4, seconds: 6, fromHistory: true, cost: 0.012 });
  });

  it("falls back to a default time and an unknown cost without history", () => {
    const out = estimateRun([image], [], 4);
    expect(out.fromHistory).toBe(false);
    expect(out.cost).toBeNull();
    expect(out.seconds).toBeCloseTo(1, 6);
    expect(estimateRun([], [], 4)).toEqual({ tasks: 0, seconds: 0, fromHistory: false, cost: null });
  });
});
