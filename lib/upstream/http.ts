import "server-only";
import { type BackoffOptions, fullJitter, retryAfterMs, sleep } from "./backoff";
import { scrubSecret, type UpstreamConfig } from "./config";
import { upstreamErrors } from "./errors";
import { accepted, reshapeEnvelope } from "./reshape";
import type { RequestOutcome, UpstreamError } from "./types";
import { parseEnvelopeText, type WireEnvelope, type WireTask } from "./wire";

export interface HttpOptions {
  /** Tries per request, the first included. */
  maxAttempts: number;
  /** One try's limit, body included. Sync image tasks answer only when rendered. */
  attemptTimeoutMs: number;
  /** Every try and wait of one request together. */
  deadlineMs: number;
  backoff: BackoffOptions;
}

export const HTTP_DEFAULTS: HttpOptions = {
  maxAttempts: 4,
  attemptTimeoutMs: 120_000,
  deadlineMs: 180_000,
  // 0.5 s, 1 s, 2 s... under the jitter: long enough for a restarting service, short for a user.
  backoff: { baseMs: 500, capMs: 8_000 },
};

export interface HttpDeps {
  fetch: typeof fetch;
  random: () => number;
  now: () => number;
}

/** What one try came to. */
type Answer =
  | { kind: "response"; status: number; retryAfter: string | null; envelope: WireEnvelope | null }
  | { kind: "network"; detail: string }
  | { kind: "timeout"; ms: number }
  | { kind: "aborted" };

/** Statuses retried: the notes' list. 400, 401, 402, 403 and 404 are final. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function networkDetail(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return err instanceof Error ? err.message : "network error";
}

/**
 * The one fetch function: every HTTP call to the service goes through here
 * (docs/conventions.md, "An upstream adapter with its own wire types").
 * POSTs a task array with the key in the Authorization header and reads the envelope.
 */
export async function upstreamFetch(
  config: UpstreamConfig,
  deps: HttpDeps,
  body: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  if (signal?.aborted) return { kind: "aborted" };
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  try {
    const res = await deps.fetch(config.httpUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${config.apiKey}`,
      },
      body,
      signal: combined,
    });
    const text = await res.text();
    return {
      kind: "response",
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      envelope: parseEnvelopeText(text),
    };
  } catch (err) {
    if (signal?.aborted) return { kind: "aborted" };
    if (timer.signal.aborted) return { kind: "timeout", ms: timeoutMs };
    return { kind: "network", detail: scrubSecret(networkDetail(err), config.apiKey) };
  } finally {
    clearTimeout(handle);
  }
}

/** The error a failed try stands for, when no retry follows it. */
function errorOf(answer: Exclude<Answer, { kind: "aborted" }>, attemptTimeoutMs: number): UpstreamError {
  switch (answer.kind) {
    case "network":
      return upstreamErrors.unreachable(answer.detail);
    case "timeout":
      return upstreamErrors.timeout(answer.ms, answer.ms < attemptTimeoutMs ? "the request" : "one try");
    case "response":
      return upstreamErrors.forStatus(answer.status);
  }
}

/** The service's envelope (`retried`: it answers a try after the first), or why there is none. */
export type Exchange =
  | { ok: true; envelope: WireEnvelope; retried: boolean }
  | { ok: false; error: UpstreamError };

export interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * POSTs `tasks` until the service answers with a final status; never throws. Retries 408, 429
 * and 5xx (after `Retry-After` when the answer gives one), network errors and timed-out tries, with full-jitter
 * backoff, at most `maxAttempts` tries within `deadlineMs`. 400, 401, 402, 403, 404 (any other
 * status) are final. The last retryable answer's error objects, when it has some, are returned as
 * the service's answer.
 */
export async function exchange(
  config: UpstreamConfig,
  deps: HttpDeps,
  options: HttpOptions,
  tasks: readonly unknown[],
  { signal }: RequestOptions = {},
): Promise<Exchange> {
  const body = JSON.stringify(tasks);
  const started = deps.now();
  const left = () => options.deadlineMs - (deps.now() - started);
  const fail = (error: UpstreamError): Exchange => ({ ok: false, error });
  for (let attempt = 1; ; attempt++) {
    const remaining = left();
    if (remaining <= 0) return fail(upstreamErrors.timeout(options.deadlineMs, "the request"));
    const answer = await upstreamFetch(
      config,
      deps,
      body,
      Math.min(options.attemptTimeoutMs, remaining),
      signal,
    );
    if (answer.kind === "aborted") return fail(upstreamErrors.aborted());
    const retried = attempt > 1;
    if (answer.kind === "response" && !retryable(answer.status)) {
      if (answer.envelope) return { ok: true, envelope: answer.envelope, retried };
      if (answer.status < 300)
        return fail(upstreamErrors.malformed(`HTTP ${answer.status} with no envelope`));
      return fail(upstreamErrors.forStatus(answer.status));
    }
    const last = (): Exchange =>
      answer.kind === "response" && answer.envelope && answer.envelope.errors.length > 0
        ? { ok: true, envelope: answer.envelope, retried }
        : fail(errorOf(answer, options.attemptTimeoutMs));
    if (attempt >= options.maxAttempts) return last();
    // Every answer that names its wait is honoured: a 503 or 408 as much as a 429 (RFC 9110).
    const hinted = answer.kind === "response" ? retryAfterMs(answer.retryAfter, deps.now()) : undefined;
    const delay = hinted ?? fullJitter(attempt - 1, options.backoff, deps.random);
    // A wait that would outlast the deadline is not worth starting: answer now.
    if (delay >= left()) return last();
    if (!(await sleep(delay, signal))) return fail(upstreamErrors.aborted());
  }
}

/**
 * An answer after a retry: a `conflictTaskUUID` for one of the request's tasks means an earlier
 * try reached the service, which now holds that task. It is reported as accepted (via
 * `conflictOnRetry`), not as a failure; its results come by push or by `getResponse`. On the first
 * try the same code is a real conflict (a reused taskUUID) and stays an error.
 */
export function acceptConflicts(outcome: RequestOutcome, tasks: readonly WireTask[]): RequestOutcome {
  const sent = new Map(tasks.flatMap((t) => (t.taskUUID ? [[t.taskUUID, t.taskType] as const] : [])));
  const data = [...outcome.data];
  const errors: UpstreamError[] = [];
  for (const error of outcome.errors) {
    const taskType = error.taskUUID === undefined ? undefined : sent.get(error.taskUUID);
    if (error.code === "conflictTaskUUID" && error.taskUUID !== undefined && taskType !== undefined) {
      data.push(accepted(error.taskType ?? taskType, error.taskUUID, "conflictOnRetry"));
    } else errors.push(error);
  }
  return { data, errors };
}

/**
 * POSTs `tasks` and returns `{ data, errors }` (see `exchange` for retries); never throws. A
 * request that ends without the service's answer returns one error without a taskUUID: it
 * concerns every task of the request.
 */
export async function requestTasks(
  config: UpstreamConfig,
  deps: HttpDeps,
  options: HttpOptions,
  tasks: readonly WireTask[],
  requestOptions: RequestOptions = {},
): Promise<RequestOutcome> {
  const result = await exchange(config, deps, options, tasks, requestOptions);
  if (!result.ok) return { data: [], errors: [result.error] };
  const outcome = reshapeEnvelope(result.envelope, config.apiKey);
  return result.retried ? acceptConflicts(outcome, tasks) : outcome;
}
