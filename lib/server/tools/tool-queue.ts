import "server-only";

/**
 * Image tools (a ControlNet preprocess decodes its input, and keeps the guide it gets back) run
 * a few at a time: two, one per core of the machines the studio is sized for, so thirty editors
 * pressing Preprocess at once hold two images in memory, not thirty. Up to `maxWaiting` more wait
 * their turn, in order; beyond that the studio answers busy at once rather than pile up work.
 */
export const TOOL_CONCURRENCY = 2;
export const TOOL_MAX_WAITING = 16;

export class ToolQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} image tools already wait their turn`);
    this.name = "ToolQueueFullError";
  }
}

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

  /** Runs `work` when a slot is free; rejects with `ToolQueueFullError` at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ToolQueueFullError(this.waiting.length);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays as it is.
      if (next) next();
      else this.running--;
    }
  }
}
