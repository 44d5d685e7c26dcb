/**
 * How an experiment's tasks go out, and how long and how much the studio expects them to take.
 * The runner keeps at most `concurrency` of an experiment's tasks in flight (so one experiment
 * never takes a member's whole share of the service) and sends them in requests of at most
 * `perRequest` tasks (the owner's cap on tasks per request).
 */

export interface SendLimits {
  perRequest: number;
  concurrency: number;
}

/** The tasks to send now: the next of `pending`, within the request size and the free slots. */
export function nextBatch<T>(pending: readonly T[], inFlight: number, limits: SendLimits): T[] {
  const free = Math.max(0, limits.concurrency - inFlight);
  return pending.slice(0, Math.max(0, Math.min(limits.perRequest, free)));
}

/** What a task looks like for the estimate: its kind and the fields that drive its time. */
export interface TaskShape {
  taskType: string;
  width?: number;
  height?: number;
  steps?: number;
  numberResults?: number;
  duration?: number;
  model?: string;
}

/** A past task of this studio, as the estimate learns from it. */
export interface PastTask {
  taskType: string;
  model: string | null;
  /** Seconds from sent to its last result. */
  seconds: number;
  /** Pixels × steps of an image task, or seconds of video; what its time scales with. */
  work: number;
  /**
   * The studio's tasks in flight while it ran, on average, itself included (1: it ran alone).
   * Ten tasks sent at once each take longer than one alone when the service runs fewer at a time.
   */
  load: number;
}

/** What a task's time scales with: megapixel-steps for an image, seconds for a video. */
export function workOf(task: TaskShape): number {
  if (task.taskType === "videoInference") return Math.max(1, task.duration ?? 5);
  const pixels = ((task.width ?? 1024) * (task.height ?? 1024)) / 1_048_576;
  return Math.max(0.01, pixels * (task.steps ?? 20) * Math.max(1, task.numberResults ?? 1));
}

/**
 * Seconds per unit of work of one task running alone when this studio has no history of the
 * kind: about 6 s for a 1024×1024 image at 20 steps, the embedded engine's order on a shared
 * two-core machine and a hosted service's under load.
 */
const DEFAULT_SECONDS_PER_WORK: Record<string, number> = { imageInference: 0.3, videoInference: 2 };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface RunTime {
  tasks: number;
  /** Wall-clock seconds with `concurrency` tasks at a time. */
  seconds: number;
  /** True when the time comes from this studio's own past tasks of that kind, not a default. */
  fromHistory: boolean;
}

export interface Estimate extends RunTime {
  /** USD, as the spend estimate prices the runnable cells (the one the Vary dialog shows); null when unknown. */
  cost: number | null;
}

/** Fewest past tasks that make a narrower choice (same model, similar size, similar load) worth it. */
const ENOUGH = 3;

/** The past tasks most like `task`: same type, the same model and a similar size when there are enough. */
function alikeTasks(task: TaskShape, history: readonly PastTask[]): PastTask[] {
  const kind = history.filter((h) => h.taskType === task.taskType && h.work > 0 && h.seconds > 0);
  const model = kind.filter((h) => h.model === (task.model ?? null));
  const pool = model.length >= ENOUGH ? model : kind;
  const work = workOf(task);
  const similar = pool.filter((h) => h.work >= work / 2 && h.work <= work * 2);
  return similar.length >= ENOUGH ? similar : pool;
}

/**
 * Wall-clock seconds per unit of work with `slots` tasks in flight, from past tasks (null with
 * none). Tasks that ran under about that load say it directly: in flight `load` at a time, each
 * taking `seconds`, the service finished one every `seconds / load` (Little's law), whatever it
 * runs at once. Tasks that ran under a lighter load (one at a time from the Create form) give
 * the time of one task alone (less the wait behind others when the load passed what the service
 * runs at once), then shared among as many at once as the service runs: `parallelism`, or every
 * slot when that is not known.
 */
function wallPerWork(alike: readonly PastTask[], slots: number, parallelism: number): number | null {
  const loaded = alike.filter((h) => h.load >= slots * 0.75);
  if (loaded.length >= ENOUGH || (loaded.length > 0 && loaded.length === alike.length)) {
    return median(loaded.map((h) => h.seconds / (Math.max(1, h.load) * h.work)));
  }
  const alone = median(alike.map((h) => h.seconds / (Math.max(1, h.load / parallelism) * h.work)));
  return alone === null ? null : alone / Math.max(1, Math.min(slots, parallelism));
}

/**
 * The time of running `tasks` with at most `concurrency` in flight, learnt from
 * `history`. `parallelism` is how many tasks the service runs at once when known (the embedded
 * engine's render threads); unknown, it is taken to run every task sent.
 */
export function estimateRun(
  tasks: readonly TaskShape[],
  history: readonly PastTask[],
  concurrency: number,
  parallelism = Number.POSITIVE_INFINITY,
): RunTime {
  const slots = Math.max(1, Math.min(concurrency, tasks.length));
  let seconds = 0;
  let fromHistory = tasks.length > 0;
  for (const task of tasks) {
    const alike = alikeTasks(task, history);
    let rate = wallPerWork(alike, slots, parallelism);
    if (rate === null) {
      fromHistory = false;
      const alone = DEFAULT_SECONDS_PER_WORK[task.taskType] ?? 1;
      rate = alone / Math.max(1, Math.min(slots, parallelism));
    }
    seconds += rate * workOf(task);
  }
  return { tasks: tasks.length, seconds, fromHistory };
}
