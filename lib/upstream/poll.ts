import "server-only";
import { type GrowthOptions, nextDelay, sleep } from "./backoff";
import { TRANSIENT_CODES, upstreamErrors } from "./errors";
import type { Exchange, RequestOptions } from "./http";
import { reshapeError, reshapePollItem } from "./reshape";
import type { FinishedPollItem, PollItem, PollOutcome, WatchOutcome } from "./types";

/**
 * Polling an async task with `getResponse` (docs/real-service.md, "Polling: getResponse"): one item per
 * generation, in a
 * stable order, the whole state on every poll.
 */

/** Start about 1 s, grow by half each time, cap about 10 s (the notes' advice). */
export const POLL_DEFAULTS: GrowthOptions = { initialMs: 1_000, factor: 1.5, maxMs: 10_000 };

type Exchanger = (tasks: readonly unknown[], options: RequestOptions) => Promise<Exchange>;

export async function pollTask(
  exchange: Exchanger,
  secret: string,
  taskUUID: string,
  options: RequestOptions = {},
): Promise<PollOutcome> {
  const result = await exchange([{ taskType: "getResponse", taskUUID }], options);
  if (!result.ok) return { ok: false, error: result.error };
  const { envelope } = result;
  // Only this task's items count; an error about it (or about the request) ends the poll.
  const items = envelope.data
    .filter((item) => item.taskUUID === taskUUID)
    .map((item, index) => reshapePollItem(item, index, secret));
  const error = envelope.errors.find((e) => e.taskUUID === undefined || e.taskUUID === taskUUID);
  if (items.length === 0 && error) return { ok: false, error: reshapeError(error, secret) };
  if (items.length === 0) {
    return { ok: false, error: upstreamErrors.malformed("getResponse answered with no item for the task") };
  }
  return { ok: true, items };
}

export interface WatchOptions extends RequestOptions {
  /** Overall progress, 0-100 (finished items count as 100), after every poll that changed it. */
  onProgress?: (progress: number, items: readonly PollItem[]) => void;
  /** Each finished item (success or error), once, in the order they were seen finished. */
  onItem?: (item: FinishedPollItem) => void;
  delays?: GrowthOptions;
  /**
   * For this long after the watch starts, `taskNotFound` means "not yet": a service may not know a
   * task for a moment after acknowledging it. Polls go on at the usual pace meanwhile. Default 0.
   */
  notFoundGraceMs?: number;
  now?: () => number;
}

/** How long `taskNotFound` counts as "not yet" for the studio's watches (see `notFoundGraceMs`). */
export const NOT_FOUND_GRACE_MS = 45_000;

function progressOf(items: readonly PollItem[]): number {
  if (items.length === 0) return 0;
  const sum = items.reduce(
    (acc, item) => acc + (item.status === "processing" ? (item.progress ?? 0) : 100),
    0,
  );
  return Math.round(sum / items.length);
}

/**
 * Polls `taskUUID` until every item is `success` or `error`. `taskNotFound` (after the grace
 * period), `taskExpired` and any other final error end the watch with that error; transient ones (service unavailable, timeouts,
 * rate limits) are waited out at the poll pace, since the task keeps running meanwhile. Never
 * throws; `signal` ends it with `requestAborted`.
 */
export async function watchTask(
  exchange: Exchanger,
  secret: string,
  taskUUID: string,
  options: WatchOptions = {},
): Promise<WatchOutcome> {
  const delays = options.delays ?? POLL_DEFAULTS;
  const now = options.now ?? Date.now;
  const graceEnds = now() + (options.notFoundGraceMs ?? 0);
  const finished = new Map<number, FinishedPollItem>();
  const collected = () => [...finished.values()].sort((a, b) => a.index - b.index);
  let delay: number | undefined;
  let lastProgress = -1;
  for (;;) {
    const outcome = await pollTask(exchange, secret, taskUUID, { signal: options.signal });
    if (!outcome.ok) {
      if (options.signal?.aborted) return { ok: false, error: upstreamErrors.aborted(), items: collected() };
      const notYet = outcome.error.code === "taskNotFound" && now() < graceEnds;
      if (!notYet && !TRANSIENT_CODES.has(outcome.error.code))
        return { ok: false, error: outcome.error, items: collected() };
    } else {
      for (const item of outcome.items) {
        if (item.status === "processing" || finished.has(item.index)) continue;
        finished.set(item.index, item);
        options.onItem?.(item);
      }
      const progress = progressOf(outcome.items);
      if (progress !== lastProgress) {
        lastProgress = progress;
        options.onProgress?.(progress, outcome.items);
      }
      if (outcome.items.every((item) => item.status !== "processing"))
        return { ok: true, items: collected() };
    }
    delay = nextDelay(delay, delays);
    if (!(await sleep(delay, options.signal))) {
      return { ok: false, error: upstreamErrors.aborted(), items: collected() };
    }
  }
}
