import "server-only";
import { GuardedFetchError, redactUrl } from "@/lib/platform/net/errors";
import { guardedRequest, type NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import { realSleep, type Sleep } from "./sleep";

/**
 * Webhook delivery as the contract describes it: POST of the result object as JSON to
 * `webhookURL`; success is a 2xx answer; on failure, retry after 250 ms, doubling, capped at 8 s,
 * with random jitter up to 20 %; stop at the first 2xx. A 3xx is a failure and is not followed.
 *
 * Jitter is additive: each wait is `floor(base + base * 0.2 * random())`, so it lies in
 * [base, 1.2 * base]: never shorter than the contract's delay, at most 20 % longer.
 *
 * Bound: `maxAttempts` (default 10) attempts in all, i.e. 9 retries. The waits then sum to
 * 250 + 500 + 1000 + 2000 + 4000 + 4 * 8000 = 39 750 ms before jitter (at most 47.7 s with it),
 * plus at most 5 s per attempt for the receiver's answer.
 *
 * URLs, refused schemes and forbidden addresses are not retried: no retry can fix them, and
 * repeating a refused request would only probe the network on the sender's behalf.
 */

export const WEBHOOK_FIRST_DELAY_MS = 250;
export const WEBHOOK_MAX_DELAY_MS = 8_000;
/** Jitter adds up to this fraction of each delay. */
export const WEBHOOK_JITTER = 0.2;
export const DEFAULT_WEBHOOK_MAX_ATTEMPTS = 10;
/** The contract asks receivers to answer within 5 s; a slower answer counts as a failure. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
/** Failures no retry can fix. */
const NOT_RETRIED = new Set(["badUrl", "badScheme", "forbiddenAddress"]);

/** The base waits (no jitter) before attempts 2..maxAttempts: 250, 500, 1000, ..., 8000, 8000. */
export function webhookDelays(maxAttempts: number): number[] {
  const delays: number[] = [];
  for (let i = 0; i < maxAttempts - 1; i++) {
    delays.push(Math.min(WEBHOOK_FIRST_DELAY_MS * 2 ** i, WEBHOOK_MAX_DELAY_MS));
  }
  return delays;
}

/** `base` plus 0 to 20 % of it. `random` returns [0, 1) like `Math.random`; it is clamped to [0, 1]. */
export function withJitter(baseMs: number, random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  // Rounded down to whole milliseconds, so never more than the 20 % the contract allows.
  return Math.floor(baseMs + baseMs * WEBHOOK_JITTER * r);
}

export interface WebhookOutcome {
  delivered: boolean;
  attempts: number;
  /** Status of the last answer, when there was one. */
  status?: number;
  /** Why the last attempt failed, when delivery failed. */
  error?: GuardedFetchError;
  /** True when `close()` stopped the delivery. */
  cancelled?: boolean;
}

export interface WebhookSenderOptions {
  /** `allowPrivate` from `ENGINE_ALLOW_PRIVATE_URLS`; resolver and policy for tests. */
  network?: NetworkOptions;
  random?: () => number;
  sleep?: Sleep;
  /** Attempts in all, first one included. Default 10. */
  maxAttempts?: number;
  /** Default 5000 ms. */
  attemptTimeoutMs?: number;
  /** Called once per delivery when it ends. Default: a warning for a delivery that failed. */
  onOutcome?: (url: string, outcome: WebhookOutcome) => void;
}

export interface WebhookSender {
  /**
   * Starts delivering `body` (JSON-serialised) to `url` in the background. The promise never
   * rejects; callers may ignore it.
   */
  deliver(url: string, body: unknown): Promise<WebhookOutcome>;
  /** Resolves when every delivery started so far has ended (delivered or given up). */
  drain(): Promise<void>;
  /** Stops retries and in-flight requests, then drains. Later `deliver` calls end at once. */
  close(): Promise<void>;
  /** Deliveries in progress. */
  readonly pending: number;
}

function defaultOnOutcome(url: string, outcome: WebhookOutcome): void {
  if (outcome.delivered || outcome.cancelled) return;
  const why = outcome.error ? `${outcome.error.reason}: ${outcome.error.message}` : "unknown";
  console.warn(`webhook to ${redactUrl(url)} failed after ${outcome.attempts} attempt(s) (${why})`);
}

export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_WEBHOOK_MAX_ATTEMPTS);
  const delays = webhookDelays(maxAttempts);
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? WEBHOOK_ATTEMPT_TIMEOUT_MS;
  const onOutcome = options.onOutcome ?? defaultOnOutcome;
  const inFlight = new Set<Promise<WebhookOutcome>>();
  const shutdown = new AbortController();

  async function run(url: string, body: unknown): Promise<WebhookOutcome> {
    // A body JSON cannot encode (cycle, BigInt) throws here and ends as a `network` failure below.
    const payload = JSON.stringify(body);
    let last: WebhookOutcome = { delivered: false, attempts: 0 };
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (shutdown.signal.aborted) return { ...last, cancelled: true };
      try {
        const res = await guardedRequest(url, {
          ...options.network,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: payload,
          maxRedirects: 0,
          discardBody: true,
          timeoutMs: attemptTimeoutMs,
          signal: shutdown.signal,
        });
        return { delivered: true, attempts: attempt, status: res.status };
      } catch (err) {
        const error =
          err instanceof GuardedFetchError
            ? err
            : new GuardedFetchError("network", "Webhook attempt failed.", { url, cause: err });
        last = { delivered: false, attempts: attempt, error };
        if (error.status !== undefined) last.status = error.status;
        if (NOT_RETRIED.has(error.reason)) return last;
      }
      const base = delays[attempt - 1];
      if (base === undefined) break;
      await sleep(withJitter(base, random), shutdown.signal);
    }
    return shutdown.signal.aborted ? { ...last, cancelled: true } : last;
  }

  function deliver(url: string, body: unknown): Promise<WebhookOutcome> {
    const task = run(url, body)
      .catch(
        (cause: unknown): WebhookOutcome => ({
          delivered: false,
          attempts: 0,
          error: new GuardedFetchError("network", "Webhook delivery failed.", { url, cause }),
        }),
      )
      .then((outcome) => {
        try {
          onOutcome(url, outcome);
        } catch {
          // A logging callback must not turn a finished delivery into a rejection.
        }
        return outcome;
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    return task;
  }

  async function drain(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  return {
    deliver,
    drain,
    async close() {
      shutdown.abort();
      await drain();
    },
    get pending() {
      return inFlight.size;
    },
  };
}
