import { describe, expect, it } from "vitest";
import { kindOf, kindsWithin, selfTimes, type TraceEvent, threadsNamed } from "./trace-summary";

const main = { pid: 1, tid: 10 };
const other = { pid: 1, tid: 11 };
const meta = (where: { pid: number; tid: number }, name: string): TraceEvent => ({
  ...where,
  name: "thread_name",
  ph: "M",
  ts: 0,
  args: { name },
});
const span = (name: string, ts: number, dur: number, tdur?: number, where = main): TraceEvent => ({
  ...where,
  name,
  ph: "X",
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});

describe("threadsNamed", () => {
  it("finds the threads the metadata names so", () => {
    const events = [meta(main, "CrRendererMain"), meta(other, "Compositor")];
    expect([...threadsNamed(events, "CrRendererMain")]).toEqual(["1:10"]);
  });
});

describe("selfTimes", () => {
  it("takes what an event inside another took out of the outer one's own time", () => {
    const events = [
      span("RunTask", 0, 10_000),
      span("v8.compile", 1_000, 3_000),
      span("Layout", 5_000, 2_000),
    ];
    expect(selfTimes(events, new Set(["1:10"]))).toEqual([
      { name: "RunTask", ms: 5 },
      { name: "v8.compile", ms: 3 },
      { name: "Layout", ms: 2 },
    ]);
  });

  it("counts thread time where the trace has it, and only the threads asked for", () => {
    const events = [span("RunTask", 0, 10_000, 4_000), span("RunTask", 0, 10_000, 9_000, other)];
    expect(selfTimes(events, new Set(["1:10"]))).toEqual([{ name: "RunTask", ms: 4 }]);
  });

  it("nests three deep and closes an event once the next starts after it", () => {
    const events = [
      span("RunTask", 0, 10_000),
      span("FunctionCall", 0, 6_000),
      span("v8.compile", 1_000, 1_000),
      span("Paint", 7_000, 1_000),
    ];
    expect(selfTimes(events, new Set(["1:10"]))).toEqual([
      { name: "FunctionCall", ms: 5 },
      { name: "RunTask", ms: 3 },
      { name: "v8.compile", ms: 1 },
      { name: "Paint", ms: 1 },
    ]);
  });
});

describe("kindsWithin", () => {
  it("sums the own time of the events starting in the stretch, by kind of work", () => {
    const events = [
      span("EventDispatch", 0, 1_000),
      span("RunTask", 10_000, 10_000),
      span("FunctionCall", 10_000, 4_000),
      span("UpdateLayoutTree", 14_000, 2_000),
      span("Layout", 16_000, 1_000),
      span("Paint", 17_000, 1_000),
      span("FunctionCall", 30_000, 5_000),
    ];
    expect(kindsWithin(events, new Set(["1:10"]), 10_000, 30_000)).toEqual({
      script: 4,
      style: 2,
      layout: 1,
      paint: 1,
      other: 2,
    });
  });
});

describe("kindOf", () => {
  it("reads Blink's own names for style, layout and paint as those kinds", () => {
    expect(kindOf("Document::recalcStyle")).toBe("style");
    expect(kindOf("LocalFrameView::performLayout")).toBe("layout");
    expect(kindOf("Blink.PrePaint.UpdateTime")).toBe("paint");
    expect(kindOf("MessagePort::Accept")).toBe("script");
    expect(kindOf("ThreadControllerImpl::RunTask")).toBe("other");
  });
});
