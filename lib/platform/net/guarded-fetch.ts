import "server-only";
import http from "node:http";
import https from "node:https";
import {
  type AddressPolicy,
  checkDestination,
  type DestinationGuard,
  defaultAddressPolicy,
  guardedLookup,
  type Resolver,
  systemResolver,
} from "./destination";
import { GuardedFetchError, type GuardedFetchReason } from "./errors";

export type { AddressCheckContext, AddressPolicy, ResolvedAddress, Resolver } from "./destination";
export { defaultAddressPolicy, systemResolver } from "./destination";

/**
 * The one way out to the network for URLs that users name: the engine's input media (GET),
 * webhooks (POST) and `uploadEndpoint` (PUT), and the studio's fetches of user URLs, all go
 * through `guardedRequest`. Every hop (redirects included) meets the destination rules of
 * `destination.ts`, checked at connect time; size, time and redirect limits apply to the whole
 * exchange.
 */

export interface GuardedRequestOptions {
  /** Default `GET`. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Response body limit; larger bodies fail with `tooLarge`. Default 50 MiB. */
  maxBytes?: number;
  /** Limit for the whole exchange, redirects included. Default 30 s. */
  timeoutMs?: number;
  /** Skip the address policy (`ENGINE_ALLOW_PRIVATE_URLS=1`). Scheme checks still apply. */
  allowPrivate?: boolean;
  /** Redirects to follow, each re-checked. Default 3 for GET/HEAD, 0 otherwise. */
  maxRedirects?: number;
  /** Resolve as soon as a 2xx status arrives, without reading the body (webhooks, uploads). */
  discardBody?: boolean;
  /** Cancels the request; it then fails with reason `network`. */
  signal?: AbortSignal;
  /**
   * Leaves the connection open for the next request to the same host (the configured service's
   * media, fetched for every result kept), instead of a new one each time. Only with the default
   * resolver and address policy: connections are pooled apart by `allowPrivate`, so a request
   * only reuses one whose address the same rules allowed.
   */
  reuseConnections?: boolean;
  resolver?: Resolver;
  addressPolicy?: AddressPolicy;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
}

/** The destination rules a caller passes around with its requests (which addresses, how resolved). */
export type NetworkOptions = Pick<GuardedRequestOptions, "allowPrivate" | "resolver" | "addressPolicy">;

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

interface Hop {
  url: URL;
  index: number;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

type HopResult =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "final"; response: GuardedResponse };

interface Settings extends DestinationGuard {
  /** Where the connection comes from: false for a new one per request. */
  agent: (protocol: string) => http.Agent | false;
  maxBytes: number;
  discardBody: boolean;
  maxRedirects: number;
  signal: AbortSignal;
  /** Maps an abort of `signal` to the error it stands for (timeout or caller cancellation). */
  abortError: () => GuardedFetchError;
}

function fail(reason: GuardedFetchReason, message: string, url: string, extra: object = {}) {
  return new GuardedFetchError(reason, message, { url, ...extra });
}

function parseUrl(raw: string | URL, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch (cause) {
    throw fail("badUrl", "The URL cannot be parsed.", String(raw), { cause });
  }
}

function toGuardedError(err: unknown, url: URL, s: Settings): GuardedFetchError {
  if (s.signal.aborted) return s.abortError();
  if (err instanceof GuardedFetchError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return fail("network", `Request failed: ${message}`, url.href, { cause: err });
}

function sendHop(hop: Hop, s: Settings): Promise<HopResult> {
  checkDestination(hop.url, hop.index, s);
  const { url } = hop;
  return new Promise<HopResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    const failWith = (err: unknown) => {
      settle(() => reject(toGuardedError(err, url, s)));
      req.destroy();
    };
    const transport = url.protocol === "https:" ? https : http;
    const headers: Record<string, string> = { ...hop.headers };
    if (hop.body !== undefined) headers["content-length"] = String(Buffer.byteLength(hop.body));
    const req = transport.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers,
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
      // A fresh connection per request unless asked: a pooled socket skips `lookup`, so it may
      // only serve requests under the rules that checked it (see `sharedAgent`).
      agent: s.agent(url.protocol),
      lookup: guardedLookup(url, hop.index, s),
      signal: s.signal,
    });
    // Listeners stay attached after settling, so late socket errors are never unhandled.
    req.on("error", failWith);
    req.on("response", (res) => {
      res.on("error", failWith);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location && s.maxRedirects > 0) {
        settle(() => resolve({ kind: "redirect", status, location }));
        res.destroy();
        return;
      }
      const declared = Number(res.headers["content-length"]);
      if (status < 200 || status > 299) {
        failWith(fail("httpStatus", `The server answered ${status}.`, url.href, { status }));
        return;
      }
      const final = (body: Buffer) => ({
        status,
        headers: res.headers,
        body,
        url: url.href,
        redirects: hop.index,
      });
      if (s.discardBody) {
        settle(() => resolve({ kind: "final", response: final(Buffer.alloc(0)) }));
        res.destroy();
        return;
      }
      if (Number.isFinite(declared) && declared > s.maxBytes) {
        failWith(
          fail("tooLarge", `Content-Length ${declared} exceeds ${s.maxBytes} bytes.`, url.href, { status }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > s.maxBytes) {
          failWith(fail("tooLarge", `The body exceeds ${s.maxBytes} bytes.`, url.href, { status }));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => settle(() => resolve({ kind: "final", response: final(Buffer.concat(chunks)) })));
      res.on("close", () => {
        if (!res.complete)
          failWith(fail("network", "The connection closed before the body ended.", url.href));
      });
    });
    req.end(hop.body);
  });
}

/** The request a redirect leads to (RFC 9110 15.4): 303, and 301/302 after POST, become GET. */
function nextHop(hop: Hop, status: number, location: string): Hop {
  const url = parseUrl(location, hop.url);
  const toGet =
    hop.method !== "GET" &&
    hop.method !== "HEAD" &&
    (status === 303 || (hop.method === "POST" && (status === 301 || status === 302)));
  let method = hop.method;
  let body = hop.body;
  const headers = { ...hop.headers };
  if (toGet) {
    method = "GET";
    body = undefined;
    delete headers["content-type"];
  }
  if (url.origin !== hop.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return { url, index: hop.index + 1, method, headers, body };
}

/**
 * Makes one HTTP(S) request under the destination rules and resolves with the final 2xx
 * response. Rejects only with `GuardedFetchError`.
 */
export async function guardedRequest(
  rawUrl: string | URL,
  options: GuardedRequestOptions = {},
): Promise<GuardedResponse> {
  const method = (options.method ?? "GET").toUpperCase();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let hop: Hop | undefined;
  const reuse =
    options.reuseConnections === true &&
    (options.resolver ?? systemResolver) === systemResolver &&
    (options.addressPolicy ?? defaultAddressPolicy) === defaultAddressPolicy;
  const settings: Settings = {
    agent: (protocol) => (reuse ? sharedAgent(protocol, options.allowPrivate ?? false) : false),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    discardBody: options.discardBody ?? false,
    allowPrivate: options.allowPrivate ?? false,
    maxRedirects: options.maxRedirects ?? (method === "GET" || method === "HEAD" ? 3 : 0),
    resolver: options.resolver ?? systemResolver,
    policy: options.addressPolicy ?? defaultAddressPolicy,
    signal: controller.signal,
    abortError: () =>
      timedOut
        ? fail("timeout", `No complete answer within ${timeoutMs} ms.`, hop?.url.href ?? String(rawUrl))
        : fail("network", "The request was cancelled.", hop?.url.href ?? String(rawUrl)),
  };
  try {
    hop = {
      url: parseUrl(rawUrl),
      index: 0,
      method,
      headers: {
        "user-agent": "media-studio-engine",
        // Bodies are used as received; a compressed body would also dodge the size limit's meaning.
        "accept-encoding": "identity",
        ...lowerCaseKeys(options.headers ?? {}),
      },
      body: options.body,
    };
    for (;;) {
      if (controller.signal.aborted) throw settings.abortError();
      const result = await sendHop(hop, settings);
      if (result.kind === "final") return result.response;
      if (hop.index >= settings.maxRedirects) {
        throw fail("tooManyRedirects", `More than ${settings.maxRedirects} redirects.`, hop.url.href);
      }
      hop = nextHop(hop, result.status, result.location);
    }
  } catch (err) {
    if (err instanceof GuardedFetchError) throw err;
    throw fail("network", "Request failed.", hop?.url.href ?? String(rawUrl), { cause: err });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/**
 * Kept-alive connections, one pool for requests that may reach private addresses and one for those
 * that may not (both with the default resolver and policy): a socket connected under one set of
 * rules never serves a request under the other.
 */
const sharedAgents = new Map<string, http.Agent>();

function sharedAgent(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate ? "private" : "public"}`;
  let agent = sharedAgents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxFreeSockets: 16 };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    sharedAgents.set(key, agent);
  }
  return agent;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
