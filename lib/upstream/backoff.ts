import "server-only";

/**
 * Waiting between tries. Retries use exponential backoff with full jitter (a uniform delay in
 * `[0, min(cap, base * 2^attempt))`): when many requests fail together, as they do when the
 * service restarts, jitter spreads their retries instead of sending them back in one wave.
 */

export interface BackoffOptions {
  /** The first retry's upper bound. */
  baseMs: number;
  /** No delay exceeds this. */
  capMs: number;
}

/** Delay before retry number `attempt` (0 for the first retry). */
export function fullJitter(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` in ms: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or
 * unreadable, so the caller falls back to its own backoff.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or early (with false) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      resolve(false);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export interface GrowthOptions {
  initialMs: number;
  factor: number;
  maxMs: number;
}

/** The poll delay after `previous` (undefined for the first): grows by `factor` up to `maxMs`. */
export function nextDelay(previous: number | undefined, options: GrowthOptions): number {
  if (previous === undefined) return options.initialMs;
  return Math.min(options.maxMs, Math.round(previous * options.factor));
}
