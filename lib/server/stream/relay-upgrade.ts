import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocket, WebSocketServer } from "ws";
import { ApiError } from "@/lib/studio/api/errors";
import type { StreamMember } from "./stream-sockets";

/**
 * Answers an upgrade request: refused from a foreign origin or without a member (with the HTTP
 * status of the refusal), else handed to `wss` and its socket to `open` with the member and URL.
 */
export function upgradeOrRefuse(
  wss: WebSocketServer,
  authenticate: (req: IncomingMessage) => Promise<StreamMember | null>,
  open: (ws: WebSocket, member: StreamMember, url: URL) => void,
  [req, socket, head]: [IncomingMessage, Duplex, Buffer],
): void {
  const refuse = (status: string, extra = "") => {
    socket.end(`HTTP/1.1 ${status}\r\n${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  // The connection may fail while the session is looked up; ws takes over its errors after.
  const onEarlyError = () => socket.destroy();
  socket.on("error", onEarlyError);
  // A token is sent by a script (no Origin); a browser cannot set Authorization on a WebSocket,
  // so a foreign page can only ride the cookie, which the origin check keeps out.
  if (req.headers.authorization === undefined && !sameOriginUpgrade(req)) {
    refuse("403 Forbidden");
    return;
  }
  authenticate(req).then(
    (who) => {
      if (!who) {
        refuse("401 Unauthorized");
        return;
      }
      const url = new URL(req.url ?? "/", "http://studio.invalid");
      socket.off("error", onEarlyError);
      wss.handleUpgrade(req, socket, head, (ws) => open(ws, who, url));
    },
    (err: unknown) => refuse(...refusalOf(err)),
  );
}

const STATUS_WORDS: Record<number, string> = {
  401: "Unauthorized",
  403: "Forbidden",
  429: "Too Many Requests",
};

/**
 * The upgrade's answer to a refused credential (`STREAM_REFUSALS`): the API error's own status
 * (401, 403, 429 with its Retry-After); anything else, a database away, is 503.
 */
function refusalOf(err: unknown): [string, string] {
  if (err instanceof ApiError && STATUS_WORDS[err.status]) {
    const wait = err.retryAfterSeconds;
    return [
      `${err.status} ${STATUS_WORDS[err.status]}`,
      wait === undefined ? "" : `Retry-After: ${wait}\r\n`,
    ];
  }
  return ["503 Service Unavailable", ""];
}

/** The upgrade's Origin names the host it was sent to (browsers always send Origin here). */
export function sameOriginUpgrade(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
