import "server-only";
import { GuardedFetchError } from "@/lib/platform/net/errors";
import { guardedRequest, type NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import { realSleep, type Sleep } from "./sleep";

/**
 * Sends a result to the task's `uploadEndpoint`: HTTP PUT of the raw bytes (contract), through
 * the guarded fetcher, redirects not followed (a presigned URL answers directly; a 3xx is a
 * failure). Success is a 2xx.
 *
 * Retry: at most 3 attempts, waiting 500 ms then 1000 ms, and only after a failure a retry can
 * fix: a 5xx, 408 or 429 answer, a timeout, or a network error. Other 4xx answers (an expired or
 * wrong presigned URL), 3xx answers, refused addresses and schemes fail at once.
 */

export const UPLOAD_RETRY_DELAYS_MS = [500, 1_000] as const;
/** Per attempt; results can be tens of megabytes. */
export const UPLOAD_ATTEMPT_TIMEOUT_MS = 120_000;

export interface UploadOptions {
  network?: NetworkOptions;
  sleep?: Sleep;
  /** Default 120 s per attempt. */
  timeoutMs?: number;
  /** Cancels the upload (engine shutdown). */
  signal?: AbortSignal;
}

export type UploadOutcome =
  | { ok: true; status: number; attempts: number }
  | { ok: false; error: GuardedFetchError; attempts: number };

function retryable(error: GuardedFetchError): boolean {
  if (error.reason === "timeout" || error.reason === "network") return true;
  if (error.reason !== "httpStatus" || error.status === undefined) return false;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** PUTs `bytes` to `url`. Never rejects: the outcome says whether the upload succeeded. */
export async function uploadResult(
  url: string,
  bytes: Uint8Array,
  contentType: string,
  options: UploadOptions = {},
): Promise<UploadOutcome> {
  const sleep = options.sleep ?? realSleep;
  const signal = options.signal ?? new AbortController().signal;
  const maxAttempts = UPLOAD_RETRY_DELAYS_MS.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await guardedRequest(url, {
        ...options.network,
        method: "PUT",
        headers: { "content-type": contentType },
        body: bytes,
        maxRedirects: 0,
        discardBody: true,
        timeoutMs: options.timeoutMs ?? UPLOAD_ATTEMPT_TIMEOUT_MS,
        signal,
      });
      return { ok: true, status: res.status, attempts: attempt };
    } catch (err) {
      const error =
        err instanceof GuardedFetchError
          ? err
          : new GuardedFetchError("network", "Upload failed.", { url, cause: err });
      const delay = UPLOAD_RETRY_DELAYS_MS[attempt - 1];
      if (attempt >= maxAttempts || delay === undefined || !retryable(error) || signal.aborted) {
        return { ok: false, error, attempts: attempt };
      }
      await sleep(delay, signal);
    }
  }
}
