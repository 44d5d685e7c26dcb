import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { httpStatusFor, type ServiceError } from "@/lib/protocol/errors";

/** Writes a JSON body with its length. `close` ends the connection after it (unread body). */
export function sendJson(res: ServerResponse, status: number, body: unknown, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  };
  if (close) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(text);
}

/** `{ errors }` with the HTTP status of the first error. */
export function sendErrors(res: ServerResponse, errors: ServiceError[], close = false): void {
  const first = errors[0];
  sendJson(res, first ? httpStatusFor(first.code) : 500, { errors }, close);
}

export function methodNotAllowed(res: ServerResponse, allow: string, method: string | undefined): void {
  res.setHeader("allow", allow);
  sendJson(res, 405, {
    errors: [
      {
        code: "methodNotAllowed",
        message: `Method ${method ?? "(none)"} is not allowed here; use ${allow.split(", ").join(" or ")}.`,
      },
    ],
  });
}

export function notFound(res: ServerResponse, what: string): void {
  sendJson(res, 404, { errors: [{ code: "notFound", message: `${what} was not found.` }] });
}

const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin a client reached the engine at, from the Host header (and `x-forwarded-proto` when a
 * proxy terminates TLS); null when the header is absent or not a plain host[:port]. A client that
 * sends a false Host only gets false URLs back for its own results.
 */
export function originOf(req: IncomingMessage): string | null {
  const host = req.headers.host;
  if (!host || !HOST_RE.test(host)) return null;
  const forwarded = req.headers["x-forwarded-proto"];
  const proto =
    forwarded === "https" || forwarded === "http"
      ? forwarded
      : (req.socket as { encrypted?: boolean }).encrypted
        ? "https"
        : "http";
  return `${proto}://${host}`;
}
