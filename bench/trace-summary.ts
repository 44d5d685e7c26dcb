/**
 * Where a thread's time went in a Chromium trace (the JSON `browser.stopTracing()` answers): each
 * event's own time, without the events inside it, summed by name for the threads asked for. Thread
 * CPU time (`tdur`) where the trace has it, wall time (`dur`) otherwise.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Each "pid:tid" named `threadName` in the trace's metadata. */
export function threadsNamed(events: TraceEvent[], threadName: string): Set<string> {
  const found = new Set<string>();
  for (const e of events) {
    if (e.ph === "M" && e.name === "thread_name" && e.args?.name === threadName)
      found.add(`${e.pid}:${e.tid}`);
  }
  return found;
}

/** An event's span on its thread: from its start, as long as it lasted there. */
interface Span {
  name: string;
  start: number;
  end: number;
  /** Its time: thread CPU where measured, else wall. */
  time: number;
}

/** The complete events ("X") of one thread as spans, outermost first where two start together. */
function spansOf(events: TraceEvent[]): Span[] {
  return events
    .filter((e) => e.ph === "X" && e.dur !== undefined)
    .map((e) => ({ name: e.name, start: e.ts, end: e.ts + (e.dur ?? 0), time: e.tdur ?? e.dur ?? 0 }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Milliseconds of own time by event name on the threads `threads` ("pid:tid"), largest first. */
export function selfTimes(events: TraceEvent[], threads: Set<string>): { name: string; ms: number }[] {
  const own = new Map<string, number>();
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!threads.has(key)) continue;
    const list = byThread.get(key);
    if (list) list.push(e);
    else byThread.set(key, [e]);
  }
  for (const list of byThread.values()) {
    const open: Span[] = [];
    for (const span of spansOf(list)) {
      while (open.length > 0 && (open.at(-1)?.end ?? 0) <= span.start) open.pop();
      const parent = open.at(-1);
      // The parent's own time loses what this event inside it took.
      if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - span.time);
      own.set(span.name, (own.get(span.name) ?? 0) + span.time);
      open.push(span);
    }
  }
  return [...own].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
}

/** The categories a page load's trace records: the main thread's tasks, script, style, layout, paint. */
export const PAGE_LOAD_CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "disabled-by-default-v8.compile",
  "blink",
  "cc",
  "viz",
  "loading",
];

/** The largest own times of each thread kind that matters to a page load, printed under `title`. */
export function printTrace(title: string, events: TraceEvent[]) {
  const threads = [
    ["CrRendererMain", 15],
    ["ThreadPoolForegroundWorker", 8],
    ["Compositor", 5],
    ["VizCompositorThread", 5],
    ["CrBrowserMain", 5],
  ] as const;
  console.info(`\n${title}: own time by trace event, ms (thread CPU where recorded)`);
  for (const [thread, rows] of threads) {
    const times = selfTimes(events, threadsNamed(events, thread));
    const total = times.reduce((sum, t) => sum + t.ms, 0);
    console.info(`  ${thread} (${total.toFixed(0)} ms)`);
    for (const { name, ms } of times.slice(0, rows))
      console.info(`    ${name.padEnd(44)}${ms.toFixed(0).padStart(8)}`);
  }
}

/** What the main thread's own time is spent on, by trace event name. */
export type WorkKind = "script" | "style" | "layout" | "paint" | "other";

const KIND_OF: [RegExp, WorkKind][] = [
  [/UpdateLayoutTree|RecalculateStyles|recalcStyle|Blink\.Style|ParseAuthorStyleSheet/, "style"],
  [/Layout|ComputeIntersections|IntersectionObserver|HitTest/, "layout"],
  [/Paint|Layerize|Commit|Raster|Decode|Composit|UpdateLayer|BeginMainFrame|UpdateLifecycle/, "paint"],
  [
    /FunctionCall|EvaluateScript|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|^V8\.|^v8|GC|XHR|ParseHTML|MessagePort|PostMessage|IdleCallback|handle\w*Event/,
    "script",
  ],
];

/** The kind of work a trace event's own time is. */
export function kindOf(name: string): WorkKind {
  for (const [re, kind] of KIND_OF) if (re.test(name)) return kind;
  return "other";
}

/**
 * Own time by kind of the events of `threads` that start in [from, to) (trace microseconds): where
 * one stretch of a thread went, e.g. the frames after a press.
 */
export function kindsWithin(
  events: TraceEvent[],
  threads: Set<string>,
  from: number,
  to: number,
): Record<WorkKind, number> {
  const out: Record<WorkKind, number> = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const inside = events.filter((e) => e.ph !== "X" || (e.ts >= from && e.ts < to));
  for (const { name, ms } of selfTimes(inside, threads)) out[kindOf(name)] += ms;
  return out;
}
