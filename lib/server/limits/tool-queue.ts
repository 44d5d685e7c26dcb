import "server-only";

/**
 * Image tools (a ControlNet preprocess decodes its input, and keeps the guide it gets back) run
 * a few at a time: two, one per core of the machines the studio is sized for, so thirty editors
 * pressing Preprocess at once hold two images in memory, not thirty. Up to `maxWaiting` more wait
 * their turn, in order; beyond that the studio answers busy at once rather than pile up work.
 */
export const TOOL_CONCURRENCY = 2;
export const TOOL_MAX_WAITING = 16;

/**
 * What `run` answers: the work's value, or that the queue was full (a value, not a thrown class:
 * the queue is made by server.ts and used by Route Handlers that Next.js bundles apart, where an
 * `instanceof` of another copy of a class is false).
 */
export type ToolRun<T> = { full: false; value: T } | { full: true; waiting: number };

export class ToolQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = TOOL_CONCURRENCY,
    readonly maxWaiting = TOOL_MAX_WAITING,
  ) {}

  get usage(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` when a slot is free; answers `full` at once when the waiting line is full. */
  async run<T>(work: () => Promise<T>): Promise<ToolRun<T>> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return { full: true, waiting: this.waiting.length };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return { full: false, value: await work() };
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays as it is.
      if (next) next();
      else this.running--;
    }
  }
}
