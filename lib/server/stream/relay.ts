import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { StreamEvent } from "@/lib/studio/stream-events";
import { type EventLog, isFor } from "./event-log";

export interface Relay {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export interface RelayOptions {
  log: EventLog;
  /** The signed-in user behind the upgrade request's session cookie, or null. */
  authenticate(req: IncomingMessage): Promise<{ userId: string } | null>;
  /** A browser that stops reading is closed (1013) past this many unsent bytes. */
  maxBufferedBytes?: number;
  /** Server pings this often; a socket that missed the last pong is dropped. */
  pingMs?: number;
}

/**
 * The browser relay at `/api/stream`: one WebSocket per tab, authenticated by the session cookie
 * and refused from foreign origins (a cross-site page cannot open it with the user's cookie).
 * It sends each user their own tasks' progress and the whole team's new gallery items, and
 * replays what a reconnecting tab missed (`?epoch=&since=`) from the event log's window.
 */
export function createRelay(options: RelayOptions): Relay {
  const { log } = options;
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  const ping = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.pingMs ?? 30_000);
  ping.unref();

  function send(ws: WebSocket, event: StreamEvent): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      // The tab will reconnect and resume from its last sequence, or refetch.
      ws.close(1013, "Too far behind");
      return;
    }
    ws.send(JSON.stringify(event));
  }

  function open(ws: WebSocket, userId: string, url: URL): void {
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    // Browsers send nothing on this socket; anything they send is ignored.
    ws.on("message", () => undefined);

    const epoch = url.searchParams.get("epoch");
    const since = Number(url.searchParams.get("since"));
    // Replay and subscribe in one synchronous step, so no event falls between them.
    const missed =
      epoch !== null && Number.isInteger(since) && since >= 0 ? log.missed(userId, epoch, since) : [];
    send(ws, { type: "hello", epoch: log.epoch, seq: log.lastSeq, userId });
    if (missed === null) send(ws, { type: "reset", epoch: log.epoch, seq: log.lastSeq });
    else for (const event of missed) send(ws, event);
    const unsubscribe = log.subscribe((event, audience) => {
      if (isFor(audience, userId)) send(ws, event);
    });
    ws.on("close", unsubscribe);
  }

  return {
    handleUpgrade(req, socket, head) {
      const refuse = (status: string) => {
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      };
      if (!sameOriginUpgrade(req)) {
        refuse("403 Forbidden");
        return;
      }
      options.authenticate(req).then(
        (who) => {
          if (!who) {
            refuse("401 Unauthorized");
            return;
          }
          const url = new URL(req.url ?? "/", "http://studio.invalid");
          wss.handleUpgrade(req, socket, head, (ws) => open(ws, who.userId, url));
        },
        () => refuse("503 Service Unavailable"),
      );
    },
    async close() {
      clearInterval(ping);
      for (const ws of wss.clients) ws.close(1001, "Server stopping");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
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
