import { describe, expect, it } from "vitest";
import { TaskTimelines } from "./task-timeline";

describe("task timelines", () => {
  it("stamps each point once and observes the time since the task's previous point", () => {
    const observed: [string, number][] = [];
    const timelines = new TaskTimelines((stage, seconds) => observed.push([stage, seconds]));
    timelines.mark("t1", "picked", 1_000);
    timelines.mark("t1", "submitted", 1_004);
    timelines.mark("t1", "sent", 1_010);
    // A point skipped (no webhook, say) is measured from the latest point before it.
    timelines.mark("t1", "fetched", 1_110);
    timelines.mark("t1", "fetched", 2_000);
    expect(timelines.list()).toEqual([
      { taskUUID: "t1", at: { picked: 1_000, submitted: 1_004, sent: 1_010, fetched: 1_110 } },
    ]);
    expect(observed).toEqual([
      ["submitted", 0.004],
      ["sent", 0.006],
      ["fetched", 0.1],
    ]);
  });

  it("starts a timeline only at its first points, so a late point of a forgotten task is dropped", () => {
    const timelines = new TaskTimelines();
    timelines.mark("late", "relayed", 5);
    timelines.mark("own", "submitted", 1);
    timelines.mark("own", "relayed", 9);
    expect(timelines.list().map((t) => t.taskUUID)).toEqual(["own"]);
  });

  it("keeps the newest timelines only, and narrows to the tasks asked for", () => {
    const timelines = new TaskTimelines(undefined, 2);
    for (const id of ["a", "b", "c"]) timelines.mark(id, "submitted", 1);
    expect(timelines.list().map((t) => t.taskUUID)).toEqual(["b", "c"]);
    expect(timelines.list(new Set(["c"])).map((t) => t.taskUUID)).toEqual(["c"]);
  });
});
