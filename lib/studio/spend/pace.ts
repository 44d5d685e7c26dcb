/**
 * How long tasks will take, from the pace this studio measured on its own past tasks: how long
 * one image of a given work takes, how many tasks the service runs at once, and the work already
 * queued ahead. The answer is a range, as sure as the measurements are: a few tasks alike say
 * little, many agreeing say more. Pure (no server or browser imports): the estimate endpoint and
 * the tests use it alike.
 */

/** A finished task as measured: its work per image, its images, when it was sent and ended. */
export interface TimedTask {
  model: string | null;
  /** Work of one image: megapixels x steps for an image, megapixels x seconds for a video. */
  work: number;
  images: number;
  createdMs: number;
  completedMs: number;
}

/** A task to come, or one queued ahead. */
export interface PlannedTask {
  work: number;
  images: number;
}

export interface PaceInput {
  /** This studio's finished tasks of the same type (any order). */
  history: readonly TimedTask[];
  model: string | null;
  tasks: readonly PlannedTask[];
  /** At most this many of `tasks` in flight at once (an experiment's runner); all when absent. */
  concurrency?: number;
  /** Work sent before these and not finished: queued (not started) and processing (started). */
  ahead?: { queued: readonly PlannedTask[]; processing: readonly PlannedTask[] };
}

export interface TimeRange {
  lowSeconds: number;
  highSeconds: number;
  /** Past tasks the range was measured on. */
  samples: number;
  /** False when this model has too few measured tasks and its type's others were used. */
  sameModel: boolean;
}

/** Fewest tasks of the model itself before its type's other models stop being used. */
const ENOUGH = 3;
/**
 * However many agree, a range no narrower than this either way: the service's pace moves with
 * its load, which no history of this studio sees.
 */
const FLOOR_SPREAD = 0.15;

/** Units of work of a task: what its time scales with. */
export function workOf(task: {
  taskType: string;
  width?: number;
  height?: number;
  steps?: number;
  duration?: number;
}): number {
  const megapixels = ((task.width ?? 1024) * (task.height ?? 1024)) / 1_048_576;
  if (task.taskType === "videoInference") return Math.max(0.01, megapixels * (task.duration ?? 5));
  return Math.max(0.001, megapixels * (task.steps ?? 20));
}

const units = (t: PlannedTask) => Math.max(1, t.images) * t.work;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}

/** Tasks whose lives overlap, chained: each burst is what ran together. */
export function bursts(history: readonly TimedTask[]): TimedTask[][] {
  const ordered = [...history]
    .filter((t) => t.completedMs > t.createdMs && t.work > 0)
    .sort((a, b) => a.createdMs - b.createdMs);
  const out: TimedTask[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of ordered) {
    const last = out.at(-1);
    if (last && task.createdMs < end) {
      last.push(task);
      end = Math.max(end, task.completedMs);
    } else {
      out.push([task]);
      end = task.completedMs;
    }
  }
  return out;
}

/** Most tasks of a burst in flight at one moment. */
function peakInFlight(burst: readonly TimedTask[]): number {
  const edges = burst.flatMap((t) => [
    [t.createdMs, 1],
    [t.completedMs, -1],
  ]);
  edges.sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
  let now = 0;
  let peak = 0;
  for (const [, step] of edges) {
    now += step as number;
    peak = Math.max(peak, now);
  }
  return peak;
}

/** What one burst measured: its images, its length, and how many of its tasks ran at once. */
interface Measured {
  tasks: number;
  images: number;
  /** Mean images a task. */
  perTask: number;
  /** Mean work of an image. */
  work: number;
  /** Seconds from the first sent to the last done. */
  span: number;
  /** Tasks in flight at once, at most. */
  peak: number;
  startedMs: number;
}

function measured(burst: readonly TimedTask[]): Measured {
  const images = burst.reduce((sum, t) => sum + Math.max(1, t.images), 0);
  const from = Math.min(...burst.map((t) => t.createdMs));
  return {
    tasks: burst.length,
    images,
    perTask: images / burst.length,
    work: burst.reduce((sum, t) => sum + units(t), 0) / images,
    span: (Math.max(...burst.map((t) => t.completedMs)) - from) / 1000,
    peak: peakInFlight(burst),
    startedMs: from,
  };
}

/** Bursts compared at most: the nearest in shape, the newest first among equals. */
const NEAREST = 8;
/** How much less alike a burst counts for each newer one: ten newer weigh as a doubled size. */
const AGEING = 0.07;

/**
 * The bursts most like what is asked: run the same way (one task alone, or several at once) and
 * nearest in the work of an image and the images of a task. The service's pace differs more by
 * how tasks are sent than by anything else: a task alone pays its whole overhead, a grid shares it.
 */
function alike(all: readonly Measured[], ask: { together: boolean; work: number; perTask: number }) {
  const sameWay = all.filter((b) => b.peak > 1 === ask.together);
  const pool = sameWay.length > 0 ? sameWay : all;
  // The service's pace drifts (a cold start, other customers' load): an older burst counts as a
  // little less alike for each newer one of its kind.
  const newest = [...pool].sort((a, b) => b.startedMs - a.startedMs);
  const distance = (b: Measured, age: number) =>
    Math.abs(Math.log(b.work / ask.work)) + Math.abs(Math.log(b.perTask / ask.perTask)) + AGEING * age;
  const near = newest
    .map((b, age) => ({ b, d: distance(b, age) }))
    .sort((x, y) => x.d - y.d)
    .slice(0, NEAREST)
    .map((x) => x.b);
  return { near, sameWay: sameWay.length > 0 };
}

/**
 * How long `tasks` will take, as a range; null when this studio has measured no task of the kind.
 * Each burst of past tasks alike says how many seconds an image took, sent that way: its length
 * over its images, which holds both the time of an image and how many ran at once. The quick end
 * is the quick bursts' pace, the slow end the slow ones', for the images asked and those ahead.
 */
export function estimateTime(input: PaceInput): TimeRange | null {
  if (input.tasks.length === 0) return null;
  const own = input.history.filter((t) => t.model === input.model);
  const narrow = own.length >= ENOUGH;
  const pool = narrow ? own : input.history;
  const sameModel = own.length > 0 && (narrow || own.length === input.history.length);
  const all = bursts(pool).map(measured);
  if (all.length === 0) return null;
  const inFlight = Math.max(1, Math.min(input.concurrency ?? input.tasks.length, input.tasks.length));
  const images = input.tasks.reduce((sum, t) => sum + Math.max(1, t.images), 0);
  const work = input.tasks.reduce((sum, t) => sum + units(t), 0) / images;
  const { near, sameWay } = alike(all, {
    together: inFlight > 1,
    work,
    perTask: images / input.tasks.length,
  });
  // Sent together, tasks share the service and an image is the unit of its time; a task alone
  // pays its own overhead, which is most of a small task's time, so the task is the unit.
  const together = inFlight > 1 && sameWay;
  const rates = near.map((b) => b.span / (together ? b.images : b.tasks)).sort((a, b) => a - b);
  let quick = quantile(rates, 0.1);
  let slow = quantile(rates, 0.9);
  if (!sameWay) {
    // Measured only alone and asked for several at once (or the other way): as quick as
    // sharing the service among them all, as slow as one after another.
    if (inFlight > 1) quick /= inFlight;
    else slow *= Math.max(1, near[0]?.peak ?? 1);
  }
  const queued = input.ahead?.queued ?? [];
  const processing = input.ahead?.processing ?? [];
  const count = (list: readonly PlannedTask[]) => list.reduce((sum, t) => sum + Math.max(1, t.images), 0);
  // Tasks already running are taken as half done at the quick end, not started at the slow one.
  const aheadQuick = count(queued) + count(processing) / 2;
  const aheadSlow = count(queued) + count(processing);
  const asked = together ? images : input.tasks.length;
  const low = (asked + aheadQuick) * quick;
  const high = (asked + aheadSlow) * slow;
  // Few bursts alike, another model's or another way of sending: less sure, so wider.
  const spread = FLOOR_SPREAD + (sameModel ? 0 : 0.25) + (sameWay ? 0 : 0.25) + 0.5 / Math.sqrt(near.length);
  return {
    lowSeconds: low * (1 - spread / 2),
    highSeconds: Math.max(high, low) * (1 + spread),
    samples: near.reduce((sum, b) => sum + b.tasks, 0),
    sameModel,
  };
}

/** A number of seconds as a person says it: "12 s", "3 min", "1.5 h". */
function span(seconds: number): { value: number; unit: string } {
  if (seconds < 90) return { value: Math.max(1, Math.round(seconds)), unit: "s" };
  if (seconds < 90 * 60) return { value: Math.round(seconds / 60), unit: "min" };
  return { value: Math.round(seconds / 360) / 10, unit: "h" };
}

/** "about 10-15 s", "about 2-4 min", or that nothing is measured yet. */
export function timeWords(range: TimeRange | null): string {
  if (range === null) return "No measurement yet of how long this takes";
  const low = span(range.lowSeconds);
  const high = span(range.highSeconds);
  if (low.unit === high.unit) {
    if (low.value === high.value) return `About ${low.value} ${low.unit}`;
    return `About ${low.value}–${high.value} ${high.unit}`;
  }
  return `About ${low.value} ${low.unit} to ${high.value} ${high.unit}`;
}
