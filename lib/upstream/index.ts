import "server-only";
import type { GrowthOptions } from "./backoff";
import type { UpstreamConfig } from "./config";
import { exchange, HTTP_DEFAULTS, type HttpOptions, type RequestOptions, requestTasks } from "./http";
import { POLL_DEFAULTS, pollTask, type WatchOptions, watchTask } from "./poll";
import { reshapeWebhook, type WebhookDelivery } from "./reshape";
import type { PollOutcome, RequestOutcome, WatchOutcome } from "./types";
import type { WireTask } from "./wire";
import { WS_DEFAULTS, type WsOptions } from "./ws-options";
import { UpstreamSession, type WsDeps } from "./ws-session";

/**
 * The studio server's one client of the configured media service (the embedded engine or the real
 * one): HTTP requests with retries, polling, and one resumable WebSocket session.
 */

export interface UpstreamOptions {
  http?: Partial<HttpOptions>;
  ws?: Partial<WsOptions>;
  /** `watch`'s poll pace. */
  poll?: Partial<GrowthOptions>;
}

export interface UpstreamDeps {
  /** The fetch every HTTP call goes through (tests pass their own). */
  fetch?: typeof fetch;
  /** Jitter source, in [0, 1). */
  random?: () => number;
  now?: () => number;
  options?: UpstreamOptions;
  /** Opens the service's socket (tests pass a double of the service, see ws-double.ts). */
  openSocket?: WsDeps["openSocket"];
}

export interface UpstreamClient {
  /** POSTs tasks: `{ data, errors }`, never throws. Retries as http.ts describes. */
  request(tasks: readonly WireTask[], options?: RequestOptions): Promise<RequestOutcome>;
  /** One `getResponse` for a task. */
  poll(taskUUID: string, options?: RequestOptions): Promise<PollOutcome>;
  /** Polls until every item of the task is finished (poll.ts). */
  watch(taskUUID: string, options?: WatchOptions): Promise<WatchOutcome>;
  /** A body the service POSTed to the studio's webhook, read and scrubbed (reshape.ts). */
  readWebhook(body: unknown): WebhookDelivery | null;
  /** The WebSocket session; it connects on `start()` or the first `send`. */
  socket: UpstreamSession;
  /** Closes the socket and ends HTTP calls and watches in progress (`requestAborted`). */
  close(): Promise<void>;
}

export function createUpstreamClient(config: UpstreamConfig, deps: UpstreamDeps = {}): UpstreamClient {
  const options = deps.options ?? {};
  const httpDeps = {
    fetch: deps.fetch ?? globalThis.fetch,
    random: deps.random ?? Math.random,
    now: deps.now ?? Date.now,
  };
  const http: HttpOptions = { ...HTTP_DEFAULTS, ...options.http };
  const delays: GrowthOptions = { ...POLL_DEFAULTS, ...options.poll };
  const closing = new AbortController();
  const withClose = <T extends RequestOptions>(o: T | undefined): T =>
    ({ ...o, signal: o?.signal ? AbortSignal.any([o.signal, closing.signal]) : closing.signal }) as T;
  const exchanger = (tasks: readonly unknown[], requestOptions: RequestOptions) =>
    exchange(config, httpDeps, http, tasks, requestOptions);
  const socket = new UpstreamSession(
    config,
    { ...WS_DEFAULTS, ...options.ws },
    { random: httpDeps.random, ...(deps.openSocket ? { openSocket: deps.openSocket } : {}) },
  );
  return {
    request: (tasks, o) => requestTasks(config, httpDeps, http, tasks, withClose(o)),
    poll: (taskUUID, o) => pollTask(exchanger, config.apiKey, taskUUID, withClose(o)),
    watch: (taskUUID, o) => watchTask(exchanger, config.apiKey, taskUUID, { delays, ...withClose(o) }),
    readWebhook: (body) => reshapeWebhook(body, config.apiKey),
    socket,
    close: () => {
      closing.abort();
      return socket.close();
    },
  };
}

export { scrubSecret, type UpstreamConfig, type UpstreamEnv, upstreamConfigFromEnv } from "./config";
export { TRANSIENT_CODES } from "./errors";
export type { HttpOptions, RequestOptions } from "./http";
export type { WatchOptions } from "./poll";
export { NOT_FOUND_GRACE_MS, POLL_DEFAULTS } from "./poll";
export type { WebhookDelivery } from "./reshape";
export type * from "./types";
export type { WireTask } from "./wire";
export type { WsOptions } from "./ws-options";
export type { Listener } from "./ws-router";
export type { UpstreamSession } from "./ws-session";
