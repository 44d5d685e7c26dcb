import "server-only";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { logger } from "@/lib/platform/logger";

/**
 * Collects the server's JavaScript heap once it has gone quiet after work. V8 collects when
 * allocation asks it to; a studio that has just kept a burst of results and then idles allocates
 * too little for that, so the garbage the burst left (request and result objects, the Buffers of
 * images, and the native memory those hold) stays resident for as long as the studio stays idle:
 * 30 s after 1,000 results the main thread held 108 MB (105 used, 39 MB of Buffers) in one run and
 * 65 MB in another, the studio 372 MB against 277 MB, depending only on whether a collection had
 * happened to come. Collected, both held 64-68 MB and the studio 216-219 MB
 * (`BENCH_DETAIL=1 npm run bench:memory`).
 *
 * The embedded database's thread has a collector of its own (db/embedded/thread-recycler.ts).
 */

export interface QuietHeapPolicy {
  /** How often the event loop and the heap are looked at. */
  checkMs: number;
  /** Checks in a row the event loop must have been quiet for before a collection. */
  quietChecks: number;
  /** The event loop's share of busy time (0..1) over a check above which it is not quiet. */
  busyUtilization: number;
  /**
   * How much the used heap must have grown since the last collection for another: an idle
   * studio's own timers allocate a little all the time, which V8 collects well enough alone.
   */
  growthBytes: number;
}

/**
 * Quiet for two checks of 10 s (the event loop busy under 5% of each: the studio's timers, a page
 * or two) and 16 MB grown since the last collection: a full collection of a 60-100 MB heap takes
 * some tens of milliseconds of one core, at a moment nobody is waiting.
 */
export const DEFAULT_QUIET_HEAP_POLICY: QuietHeapPolicy = {
  checkMs: 10_000,
  quietChecks: 2,
  busyUtilization: 0.05,
  growthBytes: 16 * 1024 * 1024,
};

/** What the collector reads and does; the process's own by default (`processHeap`). */
export interface HeapProbe {
  /** Bytes of the heap in use now. */
  usedBytes(): number;
  /** The event loop's share of busy time since the last call (0..1). */
  utilization(): number;
  /** A full collection of the heap. */
  collect(): void;
}

/**
 * The process's heap. `gc` is V8's, exposed to a new context: V8's flags are the process's, and
 * the studio otherwise runs without `--expose-gc` (as jest's leak detector does it).
 */
export function processHeap(): HeapProbe {
  let last = performance.eventLoopUtilization();
  let gc: (() => void) | undefined;
  return {
    usedBytes: () => v8.getHeapStatistics().used_heap_size,
    utilization() {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, last);
      last = now;
      return since.utilization;
    },
    collect() {
      if (!gc) {
        v8.setFlagsFromString("--expose-gc");
        gc = vm.runInNewContext("gc") as () => void;
      }
      gc();
    },
  };
}

/** What one check did: nothing (busy, not yet quiet long enough, little grown) or a collection. */
export type QuietHeapStep =
  | { collected: false; reason: "busy" | "settling" | "small" }
  | { collected: true; before: number; after: number };

/**
 * Decides, check by check, when to collect: after `quietChecks` quiet checks in a row, once for
 * each quiet spell, and then again only if the heap has grown by `growthBytes` since.
 */
export class QuietHeapCollector {
  #quiet = 0;
  /** The used heap right after the last collection; none yet, so the first quiet spell collects. */
  #floor = 0;

  constructor(
    private readonly probe: HeapProbe,
    private readonly policy: QuietHeapPolicy = DEFAULT_QUIET_HEAP_POLICY,
  ) {}

  check(): QuietHeapStep {
    if (this.probe.utilization() > this.policy.busyUtilization) {
      this.#quiet = 0;
      return { collected: false, reason: "busy" };
    }
    this.#quiet += 1;
    if (this.#quiet < this.policy.quietChecks) return { collected: false, reason: "settling" };
    const before = this.probe.usedBytes();
    if (before - this.#floor < this.policy.growthBytes) return { collected: false, reason: "small" };
    this.probe.collect();
    const after = this.probe.usedBytes();
    this.#floor = after;
    return { collected: true, before, after };
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** Checks every `policy.checkMs` (the timer never holds the process open) until stopped. */
export function startQuietHeapCollector(
  probe: HeapProbe = processHeap(),
  policy: QuietHeapPolicy = DEFAULT_QUIET_HEAP_POLICY,
): { stop(): void } {
  const collector = new QuietHeapCollector(probe, policy);
  probe.utilization();
  const timer = setInterval(() => {
    const step = collector.check();
    if (step.collected) {
      logger().debug(
        { beforeMB: mb(step.before), afterMB: mb(step.after) },
        "heap collected while the studio was quiet",
      );
    }
  }, policy.checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
