import { describe, expect, it } from "vitest";
import { estimateRun, workOf as oldWorkOf, type PastTask } from "@/lib/studio/experiments/planning";
import recorded from "./fixtures/task-timings.json";
import { estimateTime, type TimedTask, timeWords, workOf } from "./pace";

/**
 * Runs recorded on a studio with the built-in engine (scripts/record-task-timings.ts): single
 * tasks from Create and grids through the experiment runner, of different sizes, one after
 * another. Each run is estimated from the runs recorded before it, as the studio would have.
 */
interface Run {
  label: string;
  concurrency: number;
  width: number;
  height: number;
  steps: number;
  images: number;
  tasks: { createdMs: number; completedMs: number }[];
}
const runs = (recorded as { runs: Run[] }).runs.filter((r) => r.tasks.length > 0);
const MODEL = "runware:100@1";

const timed = (run: Run): TimedTask[] =>
  run.tasks.map((t) => ({
    model: MODEL,
    work: workOf({ taskType: "imageInference", width: run.width, height: run.height, steps: run.steps }),
    images: run.images,
    ...t,
  }));

const makespan = (run: Run) =>
  (Math.max(...run.tasks.map((t) => t.completedMs)) - Math.min(...run.tasks.map((t) => t.createdMs))) / 1000;

/** The old estimate's view of the same history: each task's time and the load it ran under. */
function pastTasks(history: readonly TimedTask[]): PastTask[] {
  return history.map((t) => {
    const seconds = (t.completedMs - t.createdMs) / 1000;
    const overlap = history.reduce((sum, o) => {
      const from = Math.max(o.createdMs, t.createdMs);
      const to = Math.min(o.completedMs, t.completedMs);
      return to > from ? sum + (to - from) / 1000 : sum;
    }, 0);
    return {
      taskType: "imageInference",
      model: MODEL,
      seconds,
      work: oldWorkOf({
        taskType: "imageInference",
        width: Math.sqrt(t.work / 20) * 1024,
        height: Math.sqrt(t.work / 20) * 1024,
        steps: 20,
        numberResults: t.images,
      }),
      load: seconds > 0 ? Math.max(1, overlap / seconds) : 1,
    };
  });
}

describe("time estimates against recorded runs", () => {
  const cases = runs.slice(1).map((run, i) => {
    const history = runs.slice(0, i + 1).flatMap(timed);
    const tasks = timed(run).map(({ work, images }) => ({ work, images }));
    const range = estimateTime({ history, model: MODEL, tasks, concurrency: run.concurrency });
    const shape = { taskType: "imageInference", width: run.width, height: run.height, steps: run.steps };
    const old = estimateRun(
      run.tasks.map(() => ({ ...shape, numberResults: run.images, model: MODEL })),
      pastTasks(history),
      run.concurrency,
    ).seconds;
    return { label: run.label, actual: makespan(run), range, old };
  });

  it("has several runs of different sizes to test against", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(runs.map((r) => r.width * r.height * r.images)).size).toBeGreaterThanOrEqual(5);
  });

  it("gives a range that holds the actual time in most runs, where the old single figure misses", () => {
    const table = cases.map((c) => ({
      run: c.label,
      actual: c.actual.toFixed(1),
      range: c.range ? `${c.range.lowSeconds.toFixed(1)}-${c.range.highSeconds.toFixed(1)}` : "none",
      old: c.old.toFixed(1),
    }));
    const within = cases.filter(
      (c) => c.range && c.range.lowSeconds <= c.actual && c.actual <= c.range.highSeconds,
    );
    // The old figure "holds" the actual time when it is within a quarter of it either way.
    const oldNear = cases.filter((c) => c.old >= c.actual * 0.75 && c.old <= c.actual * 1.25);
    expect(within.length / cases.length, JSON.stringify(table, null, 1)).toBeGreaterThan(0.5);
    expect(oldNear.length / cases.length, JSON.stringify(table, null, 1)).toBeLessThan(0.5);
    expect(within.length).toBeGreaterThan(oldNear.length * 2);
  });

  it("says a range a person can plan with: in the median run, the slow end within four times the quick", () => {
    const ratios = cases
      .flatMap((c) => (c.range ? [c.range.highSeconds / Math.max(0.1, c.range.lowSeconds)] : []))
      .sort((a, b) => a - b);
    expect(ratios.length).toBe(cases.length);
    expect(ratios[Math.floor(ratios.length / 2)]).toBeLessThanOrEqual(4);
  });
});

describe("time estimates", () => {
  const alone = (createdMs: number, seconds: number, images = 1): TimedTask => ({
    model: MODEL,
    work: 20,
    images,
    createdMs,
    completedMs: createdMs + seconds * 1000,
  });

  it("has no figure without a measured task, and says so", () => {
    expect(estimateTime({ history: [], model: MODEL, tasks: [{ work: 20, images: 1 }] })).toBeNull();
    expect(timeWords(null)).toBe("No measurement yet of how long this takes");
  });

  it("waits behind the work queued ahead", () => {
    const history = [alone(0, 2), alone(10_000, 2), alone(20_000, 2)];
    const tasks = [{ work: 20, images: 1 }];
    const free = estimateTime({ history, model: MODEL, tasks });
    const behind = estimateTime({
      history,
      model: MODEL,
      tasks,
      ahead: { queued: Array.from({ length: 5 }, () => ({ work: 20, images: 1 })), processing: [] },
    });
    expect(free && behind).toBeTruthy();
    expect(behind?.lowSeconds).toBeGreaterThan((free?.highSeconds ?? 0) * 2);
  });

  it("is less sure of another model's pace: a wider range", () => {
    const history = [alone(0, 2), alone(10_000, 2), alone(20_000, 2)];
    const tasks = [{ work: 20, images: 1 }];
    const own = estimateTime({ history, model: MODEL, tasks });
    const other = estimateTime({ history, model: "civitai:1@1", tasks });
    expect(other?.sameModel).toBe(false);
    expect(own?.sameModel).toBe(true);
    const width = (r: typeof own) => (r ? r.highSeconds / r.lowSeconds : 0);
    expect(width(other)).toBeGreaterThan(width(own));
  });

  it("writes a range in words", () => {
    expect(timeWords({ lowSeconds: 9.6, highSeconds: 15.2, samples: 4, sameModel: true })).toBe(
      "About 10–15 s",
    );
    expect(timeWords({ lowSeconds: 50, highSeconds: 200, samples: 4, sameModel: true })).toBe(
      "About 50 s to 3 min",
    );
    expect(timeWords({ lowSeconds: 2, highSeconds: 2.2, samples: 4, sameModel: true })).toBe("About 2 s");
  });
});
