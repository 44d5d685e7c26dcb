import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import {
  type HeapProbe,
  processHeap,
  QuietHeapCollector,
  type QuietHeapPolicy,
  startQuietHeapCollector,
} from "./quiet-heap";

const MB = 1024 * 1024;
const policy: QuietHeapPolicy = {
  checkMs: 1_000,
  quietChecks: 2,
  busyUtilization: 0.05,
  growthBytes: 16 * MB,
};

/** A heap whose use and event loop the test sets; a collection brings the use down to `live`. */
function fakeHeap(used: number, live: number) {
  const heap = { used, live, busy: 0, collections: 0 };
  const probe: HeapProbe = {
    usedBytes: () => heap.used,
    utilization: () => heap.busy,
    collect() {
      heap.collections += 1;
      heap.used = heap.live;
    },
  };
  return { heap, probe };
}

describe("the quiet heap collector", () => {
  it("collects once the event loop has been quiet for the checks asked, and not while it is busy", () => {
    const { heap, probe } = fakeHeap(120 * MB, 60 * MB);
    const collector = new QuietHeapCollector(probe, policy);
    heap.busy = 0.6;
    expect(collector.check()).toEqual({ collected: false, reason: "busy" });
    expect(collector.check()).toEqual({ collected: false, reason: "busy" });
    heap.busy = 0.01;
    expect(collector.check()).toEqual({ collected: false, reason: "settling" });
    expect(collector.check()).toEqual({ collected: true, before: 120 * MB, after: 60 * MB });
    expect(heap.collections).toBe(1);
  });

  it("a busy check in the middle of a quiet spell starts the count again", () => {
    const { heap, probe } = fakeHeap(120 * MB, 60 * MB);
    const collector = new QuietHeapCollector(probe, policy);
    heap.busy = 0;
    collector.check();
    heap.busy = 0.2;
    collector.check();
    heap.busy = 0;
    expect(collector.check()).toEqual({ collected: false, reason: "settling" });
    expect(heap.collections).toBe(0);
    expect(collector.check().collected).toBe(true);
  });

  it("collects again only once the heap has grown by the growth asked since the last collection", () => {
    const { heap, probe } = fakeHeap(120 * MB, 60 * MB);
    const collector = new QuietHeapCollector(probe, policy);
    collector.check();
    collector.check();
    expect(heap.collections).toBe(1);
    // Idle: the studio's timers allocate a little, check after check.
    for (let i = 0; i < 10; i++) {
      heap.used += MB;
      expect(collector.check()).toEqual({ collected: false, reason: "small" });
    }
    heap.used = 60 * MB + 16 * MB;
    expect(collector.check().collected).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it("after work and a new quiet spell, collects what the work left", () => {
    const { heap, probe } = fakeHeap(120 * MB, 60 * MB);
    const collector = new QuietHeapCollector(probe, policy);
    collector.check();
    collector.check();
    heap.busy = 0.9;
    heap.used = 300 * MB;
    heap.live = 70 * MB;
    collector.check();
    heap.busy = 0;
    expect(collector.check().collected).toBe(false);
    expect(collector.check()).toEqual({ collected: true, before: 300 * MB, after: 70 * MB });
  });

  it("on the process's own heap, frees garbage no allocation has asked V8 to collect", () => {
    const probe = processHeap();
    // Objects only reachable until the function returns: some 40 MB of garbage in the old space.
    (() => {
      let kept: unknown[] = [];
      for (let i = 0; i < 200; i++) kept.push(Array.from({ length: 25_000 }, (_, j) => ({ j })));
      v8.getHeapStatistics();
      kept = [];
      return kept;
    })();
    const before = probe.usedBytes();
    probe.collect();
    const after = probe.usedBytes();
    expect(before - after).toBeGreaterThan(20 * MB);
    expect(probe.utilization()).toBeGreaterThanOrEqual(0);
    expect(probe.utilization()).toBeLessThanOrEqual(1);
  });

  it("runs its checks on a timer that a stop ends", async () => {
    const { heap, probe } = fakeHeap(120 * MB, 60 * MB);
    const checks = { count: 0 };
    const counted: HeapProbe = {
      ...probe,
      utilization() {
        checks.count += 1;
        return probe.utilization();
      },
    };
    const running = startQuietHeapCollector(counted, { ...policy, checkMs: 5 });
    await expect.poll(() => heap.collections).toBe(1);
    running.stop();
    const seen = checks.count;
    heap.used = 500 * MB;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks.count).toBe(seen);
    expect(heap.collections).toBe(1);
  });
});
