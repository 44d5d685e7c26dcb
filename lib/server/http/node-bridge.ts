import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "@/lib/platform/logger";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import { errorAnswerOf } from "./error-answer";
import { bodyTooLarge } from "./read-body";

/** A handler written against the web's Request and Response, as Route Handlers are. */
export type WebHandler = (request: Request) => Promise<Response>;

export interface NodeBridgeOptions {
  /**
   * The most body bytes the handler may receive. A declared Content-Length over it is answered
   * 413 before the handler runs; a chunked body is cut off as soon as it passes it. Either way
   * the connection closes after the answer, so the rest is never read.
   */
  bodyLimitBytes: number;
  /**
   * Host name and port the request's URL is built on, as Next.js builds it: the configured ones,
   * not the Host header (origin checks read that header from the headers themselves).
   */
  hostname: string;
  port: number;
  /** Told of every failure a client only sees as a 500 without details. */
  onError?: (err: unknown, req: IncomingMessage) => void;
}

/** A handler that failed: logged with its stack, answered without details. */
const INTERNAL_ERROR: ServiceError = serviceErrors.internalServerError();

/**
 * Serves a web handler from a `node:http` listener, without Next.js in the request path: the
 * request's body streams to the handler as it arrives, within the body limit, and the answer's
 * status, headers (each Set-Cookie on its own) and body go back as they are. A thrown error
 * becomes a 500 in the contract's error shape; the returned listener never throws or rejects.
 */
export function nodeHandler(
  handler: WebHandler,
  options: NodeBridgeOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const bridge: Bridge = {
    handler,
    limit: options.bodyLimitBytes,
    base: urlHost(options.hostname, options.port),
    report:
      options.onError ??
      ((err, req) => logger().error({ err, method: req.method, url: req.url }, "request failed")),
  };
  return (req, res) => {
    serve(bridge, req, res).catch((err: unknown) => {
      // Only writing the answer fails here (the handler's own failures are answered in serve).
      bridge.report(err, req);
      if (!res.headersSent) sendJson(res, 500, { errors: [INTERNAL_ERROR] });
      else res.destroy();
    });
  };
}

interface Bridge {
  handler: WebHandler;
  limit: number;
  /** `host:port` of every request's URL. */
  base: string;
  report: (err: unknown, req: IncomingMessage) => void;
}

async function serve(bridge: Bridge, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { limit } = bridge;
  if (Number(req.headers["content-length"] ?? "0") > limit) {
    sendJson(res, 413, tooLarge(limit), true);
    return;
  }
  const feed: BodyFeed = { passedLimit: false, stopped: false };
  let response: Response | null = null;
  try {
    const url = `${protocolOf(req)}://${bridge.base}${req.url ?? "/"}`;
    response = await bridge.handler(toRequest(req, url, limit, feed));
  } catch (err) {
    // A studio error thrown on purpose is answered as itself, as a Route Handler answers it.
    const known = errorAnswerOf(err);
    if (known) response = Response.json({ errors: known.errors }, { status: known.status });
    // A body cut off at the limit fails its reader: the limit is the answer, not the failure.
    else if (!feed.passedLimit) bridge.report(err, req);
  }
  if (feed.passedLimit) {
    await response?.body?.cancel();
    sendJson(res, 413, tooLarge(limit), true);
    return;
  }
  if (response === null) {
    sendJson(res, 500, { errors: [INTERNAL_ERROR] });
    return;
  }
  await writeResponse(res, response);
  // Answered without reading the whole body (a refusal): node discards the rest, and the stream
  // nobody reads must not keep it.
  feed.stopped = true;
}

/** What the body stream and the bridge share about one request. */
interface BodyFeed {
  /** The body passed the limit; the stream failed and reading stopped. */
  passedLimit: boolean;
  /** The answer is written: whatever still arrives is not queued. */
  stopped: boolean;
}

/** The readJson shape for a body over the limit, so the answer is the same whoever refuses it. */
function tooLarge(limit: number): { errors: ServiceError[] } {
  return { errors: [bodyTooLarge(limit)] };
}

/** `host:port` for a URL; a wildcard address names this machine (as Next.js does: `localhost`). */
function urlHost(hostname: string, port: number): string {
  const name = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  return `${name.includes(":") ? `[${name}]` : name}:${port}`;
}

/** Next.js's rule: TLS on the socket, or a proxy in front that says it terminated TLS. */
function protocolOf(req: IncomingMessage): "http" | "https" {
  const forwarded = req.headers["x-forwarded-proto"];
  const viaProxy = typeof forwarded === "string" && forwarded.includes("https");
  return viaProxy || (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
}

function toRequest(req: IncomingMessage, url: string, limit: number, feed: BodyFeed): Request {
  // From `req.headers`, not the raw ones: server.ts replaces `x-studio-client-ip` there, and
  // node has already joined repeated headers (several Cookie lines into one).
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const method = req.method ?? "GET";
  // No `signal` tied to the connection: a client that leaves after sending its tasks still has
  // them recorded and sent (the handler's work is one unit), and following a signal costs about
  // 0.15 ms a request on this machine, 3% of the latency budget.
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (method !== "GET" && method !== "HEAD") {
    init.body = bodyStream(req, limit, feed);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request body as a web stream, read as the handler asks for it (the socket pauses while the
 * stream's queue is full). Past `limit` bytes the stream fails and reading stops.
 */
function bodyStream(req: IncomingMessage, limit: number, feed: BodyFeed): ReadableStream<Uint8Array> {
  let size = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (settled || feed.stopped) return;
          size += chunk.length;
          if (size > limit) {
            settled = true;
            req.pause();
            feed.passedLimit = true;
            controller.error(new Error(`The body is larger than ${limit} bytes.`));
            return;
          }
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.once("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once("error", (err) => {
          if (settled) return;
          settled = true;
          controller.error(err);
        });
        req.once("close", () => {
          if (settled) return;
          settled = true;
          controller.error(new Error("The connection closed before the body was read."));
        });
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        // The handler wants no more: what is left flows away unread, keeping the connection usable.
        settled = true;
        req.resume();
      },
    },
    // 64 KiB queued before the socket pauses: node's own read size, so a body streams in steps.
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Writes a web Response. A body that ends after its first chunk (every JSON answer) goes out in
 * one write with its Content-Length; a longer one streams chunk by chunk, waiting for the socket
 * to drain, and stops if the client goes away.
 */
async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (response.statusText) res.statusMessage = response.statusText;
  if (response.body === null) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    const body = first.value ?? new Uint8Array(0);
    headers["content-length"] ??= String(body.byteLength);
    res.writeHead(response.status, headers);
    res.end(body);
    return;
  }
  res.writeHead(response.status, headers);
  let next: ReadableStreamReadResult<Uint8Array> = second;
  if (!(await write(res, first.value))) return reader.cancel();
  while (!next.done) {
    if (!(await write(res, next.value))) return reader.cancel();
    next = await reader.read();
  }
  res.end();
}

/** Writes a chunk; false when the client went away (then nothing more should be written). */
function write(res: ServerResponse, chunk: Uint8Array | undefined): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (chunk === undefined || res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve(!res.destroyed);
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
  };
  if (close) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(text);
}
