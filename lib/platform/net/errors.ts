import "server-only";
/**
 * Why an outbound request failed. Every failure of `guardedRequest` is one of these, carried by a
 * `GuardedFetchError`; nothing else is ever thrown or rejected.
 */
export type GuardedFetchReason =
  /** The URL could not be parsed, or has no host. */
  | "badUrl"
  /** A scheme other than http or https (at the start or in a redirect). */
  | "badScheme"
  /** The host is, or resolved to, an address the policy refuses (loopback, private, ...). */
  | "forbiddenAddress"
  /** `Content-Length` or the streamed body exceeded `maxBytes`. */
  | "tooLarge"
  /** The total time limit (`timeoutMs`, across DNS, connect, redirects and body) ran out. */
  | "timeout"
  /** More redirects than `maxRedirects` (> 0) allows. */
  | "tooManyRedirects"
  /** DNS failure, refused or reset connection, TLS failure, cancellation. */
  | "network"
  /** The final response was not 2xx (with `maxRedirects: 0`, a 3xx is such an answer). */
  | "httpStatus";

export interface GuardedFetchErrorDetails {
  url: string;
  /** The HTTP status, for `httpStatus` (and `tooLarge` when known from the response). */
  status?: number;
  /** The refused address, for `forbiddenAddress`. */
  address?: string;
  /** The policy's range name for the refused address (`loopback`, `private`, `cloudMetadata`...). */
  range?: string;
  cause?: unknown;
}

export class GuardedFetchError extends Error {
  readonly reason: GuardedFetchReason;
  readonly url: string;
  readonly status: number | undefined;
  readonly address: string | undefined;
  readonly range: string | undefined;

  constructor(reason: GuardedFetchReason, message: string, details: GuardedFetchErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "GuardedFetchError";
    this.reason = reason;
    this.url = redactUrl(details.url);
    this.status = details.status;
    this.address = details.address;
    this.range = details.range;
  }
}

export function isGuardedFetchError(value: unknown): value is GuardedFetchError {
  return value instanceof GuardedFetchError;
}

/**
 * Webhook and upload URLs carry their credentials in the query string (contract: tokens in
 * `webhookURL`, presigned `uploadEndpoint`), so errors and logs keep only origin and path.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return "(unparsable URL)";
  }
}
