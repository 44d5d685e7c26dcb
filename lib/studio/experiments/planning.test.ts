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

  it("uses this studio's past tasks of the same model: time per unit of work", () => {
    const history: PastTask[] = [
      { taskType: "imageInference", model: "m:1@1", seconds: 2, work: 20, load: 1 },
      { taskType: "imageInference", model: "m:1@1", seconds: 4, work: 20, load: 1 },
      { taskType: "imageInference", model: "m:1@1", seconds: 3, work: 20, load: 1 },
      { taskType: "imageInference", model: "other", seconds: 100, work: 20, load: 1 },
    ];
    const out = estimateRun([image, image, image, image], history, 2);
    expect(out).toEqual({ tasks: 4, seconds: 6, fromHistory: true });
  });

  it("falls back to a default time without history", () => {
    const out = estimateRun([image], [], 4);
    expect(out.fromHistory).toBe(false);
    expect(out.seconds).toBeCloseTo(6, 6);
    expect(estimateRun([], [], 4)).toEqual({ tasks: 0, seconds: 0, fromHistory: false });
  });

  // Recorded on the embedded engine (two render threads) on a shared two-core machine.
  const cell512x3 = {
    taskType: "imageInference",
    width: 512,
    height: 512,
    numberResults: 3,
    model: "runware:100@1",
  };
  const tiny = { taskType: "imageInference", width: 128, height: 128, steps: 1, model: "runware:100@1" };
  const past = (shape: typeof cell512x3 | typeof tiny, seconds: number, load: number): PastTask => ({
    taskType: "imageInference",
    model: "runware:100@1",
    seconds,
    work: workOf(shape),
    load,
  });
  const withinAThird = (estimate: number, actual: number) => Math.abs(estimate - actual) / actual;

  it("does not share tasks among more slots than the service runs at once", () => {
    // Two cells of three 512×512 images, sent together, took 6.95 s and 7.07 s: one per thread.
    const history = [past(cell512x3, 6.949, 2), past(cell512x3, 7.072, 1.98)];
    // Eighteen such cells four at a time run two at a time: nine rounds of about seven seconds.
    const actual = 9 * 7.01;
    const out = estimateRun(Array(18).fill(cell512x3), history, 4, 2);
    expect(out.fromHistory).toBe(true);
    expect(withinAThird(out.seconds, actual)).toBeLessThan(1 / 3);
    // Not knowing how many run at once, a service is taken to run every slot: the hosted case.
    expect(estimateRun(Array(18).fill(cell512x3), history, 4).seconds).toBeCloseTo(actual / 2, 0);
  });

  it("reads a run under the same load directly: eight recorded cells four at a time predict the next six", () => {
    // An eight-cell run at concurrency 4: each cell's seconds and the load it ran under.
    const run: [number, number][] = [
      [0.564, 4],
      [0.655, 3.936],
      [0.77, 3.845],
      [0.807, 3.82],
      [0.269, 3.569],
      [0.175, 3.497],
      [0.123, 3.203],
      [0.07, 3.786],
    ];
    const history = run.map(([seconds, load]) => past(tiny, seconds, load));
    // The next run, six such cells four at a time, took 0.921 s from first sent to last done.
    const out = estimateRun(Array(6).fill(tiny), history, 4, 2);
    expect(withinAThird(out.seconds, 0.921)).toBeLessThan(1 / 3);
  });
});
