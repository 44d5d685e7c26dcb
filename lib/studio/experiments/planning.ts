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

/** A past task of the team, as the estimate learns from it. */
export interface PastTask {
  taskType: string;
  model: string | null;
  /** Seconds from sent to its last result. */
  seconds: number;
  /** Pixels × steps of an image task, or seconds of video; what its time scales with. */
  work: number;
  /** Cost of one result as the service reported it, when the task asked for it. */
  cost: number | null;
}

/** What a task's time scales with: megapixel-steps for an image, seconds for a video. */
export function workOf(task: TaskShape): number {
  if (task.taskType === "videoInference") return Math.max(1, task.duration ?? 5);
  const pixels = ((task.width ?? 1024) * (task.height ?? 1024)) / 1_048_576;
  return Math.max(0.01, pixels * (task.steps ?? 20) * Math.max(1, task.numberResults ?? 1));
}

/** Seconds per unit of work when the team has no history yet (the embedded engine's order). */
const DEFAULT_SECONDS_PER_WORK: Record<string, number> = { imageInference: 0.05, videoInference: 2 };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface Estimate {
  tasks: number;
  /** Wall-clock seconds with `concurrency` tasks at a time. */
  seconds: number;
  /** True when the time comes from the team's own past tasks of that kind, not a default. */
  fromHistory: boolean;
  /** USD, from the costs the service reported for past tasks of the same model; null when unknown. */
  cost: number | null;
}

/** The time and cost of running `tasks`, learnt from `history` (newest first is fine). */
export function estimateRun(
  tasks: readonly TaskShape[],
  history: readonly PastTask[],
  concurrency: number,
): Estimate {
  let serialSeconds = 0;
  let fromHistory = tasks.length > 0;
  let cost: number | null = tasks.length > 0 ? 0 : null;
  for (const task of tasks) {
    const alike = history.filter((h) => h.taskType === task.taskType && h.work > 0);
    const sameModel = alike.filter((h) => h.model === (task.model ?? null));
    const rates = (sameModel.length >= 3 ? sameModel : alike).map((h) => h.seconds / h.work);
    const rate = median(rates);
    if (rate === null) fromHistory = false;
    serialSeconds += (rate ?? DEFAULT_SECONDS_PER_WORK[task.taskType] ?? 1) * workOf(task);
    const unit = median(sameModel.flatMap((h) => (h.cost === null ? [] : [h.cost])));
    cost = cost === null || unit === null ? null : cost + unit * Math.max(1, task.numberResults ?? 1);
  }
  return {
    tasks: tasks.length,
    seconds: serialSeconds / Math.max(1, Math.min(concurrency, tasks.length)),
    fromHistory,
    cost,
  };
}
