import "server-only";
import { TIMELINE_POINTS, type TimelinePoint } from "@/lib/studio/api/ops";
import { studioMetrics } from "./metrics";

export { TIMELINE_POINTS, type TimelinePoint };

/** Timelines kept, at most (the oldest go first): a few grids' worth. */
const KEPT = 2_000;

/** Wall-clock milliseconds with the monotonic clock's fraction, comparable with a browser's `timeOrigin + now()`. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Where a task's time goes, point by point, from the runner picking its cell to its live event
 * handed to the browsers' sockets. Each point is stamped once (the first time it is reached), and
 * the time since the task's previous point goes into `studio_task_stage_seconds{stage=<point>}`,
 * so Prometheus shows the same stages as `GET /api/ops/timelines` shows task by task.
 */
export class TaskTimelines {
  private readonly byTask = new Map<string, Partial<Record<TimelinePoint, number>>>();

  constructor(
    private readonly observe: (stage: TimelinePoint, seconds: number) => void = () => undefined,
    private readonly kept = KEPT,
  ) {}

  /** Stamps `point` on `taskUUID`'s timeline (a second stamp of the same point is ignored). */
  mark(taskUUID: string, point: TimelinePoint, at = wallNow()): void {
    let timeline = this.byTask.get(taskUUID);
    if (!timeline) {
      // Only the first points start a timeline: a late point of a forgotten task is not one.
      if (point !== "picked" && point !== "submitted") return;
      timeline = {};
      this.byTask.set(taskUUID, timeline);
      if (this.byTask.size > this.kept) {
        const oldest = this.byTask.keys().next().value;
        if (oldest !== undefined) this.byTask.delete(oldest);
      }
    }
    if (timeline[point] !== undefined) return;
    timeline[point] = at;
    const before = previousAt(timeline, point);
    if (before !== undefined) this.observe(point, Math.max(0, at - before) / 1000);
  }

  /** The kept timelines, oldest first; `only` narrows them to those tasks. */
  list(only?: ReadonlySet<string>): { taskUUID: string; at: Partial<Record<TimelinePoint, number>> }[] {
    const out: { taskUUID: string; at: Partial<Record<TimelinePoint, number>> }[] = [];
    for (const [taskUUID, at] of this.byTask)
      if (!only || only.has(taskUUID)) out.push({ taskUUID, at: { ...at } });
    return out;
  }
}

/** The stamp of the latest point before `point` that the timeline has. */
function previousAt(
  timeline: Partial<Record<TimelinePoint, number>>,
  point: TimelinePoint,
): number | undefined {
  for (let i = TIMELINE_POINTS.indexOf(point) - 1; i >= 0; i--) {
    const at = timeline[TIMELINE_POINTS[i] as TimelinePoint];
    if (at !== undefined) return at;
  }
  return undefined;
}

// Route Handlers are bundled apart from server.ts: one set of timelines per process, on globalThis.
const KEY = Symbol.for("media-studio.task-timelines");
type Holder = { [KEY]?: TaskTimelines };
const holder = globalThis as Holder;

export function taskTimelines(): TaskTimelines {
  holder[KEY] ??= new TaskTimelines((stage, seconds) =>
    studioMetrics().taskStage.observe({ stage }, seconds),
  );
  return holder[KEY];
}

/** Stamps a point on a task's timeline (see `TaskTimelines`). */
export function stampTask(taskUUID: string, point: TimelinePoint): void {
  taskTimelines().mark(taskUUID, point);
}
