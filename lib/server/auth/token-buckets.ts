import "server-only";

/** Past this many keys, keys that are full again (or whose window is over) are dropped. */
const PRUNE_AT = 10_000;

/**
 * A token bucket per key: `capacity` requests at once, refilled evenly over `periodMs`. A steady
 * client gets `capacity` per period; a burst gets the whole bucket, then waits for the refill.
 */
export class TokenBucket {
  private readonly levels = new Map<string, { level: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly periodMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one for the key: 0 when granted, else the whole seconds until one is back. */
  take(key: string): number {
    const now = this.now();
    const rate = this.capacity / this.periodMs;
    const held = this.levels.get(key);
    const level = held ? Math.min(this.capacity, held.level + (now - held.at) * rate) : this.capacity;
    if (level < 1) {
      this.levels.set(key, { level, at: now });
      return Math.max(1, Math.ceil((1 - level) / rate / 1000));
    }
    if (this.levels.size >= PRUNE_AT) this.prune(now, rate);
    this.levels.set(key, { level: level - 1, at: now });
    return 0;
  }

  private prune(now: number, rate: number): void {
    for (const [key, held] of this.levels) {
      if (held.level + (now - held.at) * rate >= this.capacity) this.levels.delete(key);
    }
  }
}

/** Failures counted per key in a fixed window; a key over `max` is held until its window ends. */
export class FailureWindow {
  private readonly windows = new Map<string, { count: number; start: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the key must still wait, or 0. */
  blockedFor(key: string): number {
    const held = this.current(key);
    if (!held || held.count < this.max) return 0;
    return Math.max(1, Math.ceil((held.start + this.windowMs - this.now()) / 1000));
  }

  add(key: string): void {
    const now = this.now();
    const held = this.current(key);
    if (!held && this.windows.size >= PRUNE_AT) {
      for (const [k, w] of this.windows) if (w.start + this.windowMs <= now) this.windows.delete(k);
    }
    this.windows.set(key, held ? { count: held.count + 1, start: held.start } : { count: 1, start: now });
  }

  private current(key: string) {
    const held = this.windows.get(key);
    return held && held.start + this.windowMs > this.now() ? held : undefined;
  }
}
