import "server-only";
import type { Duplex } from "node:stream";
import { WebSocket, type WebSocketServer } from "ws";
import { logger } from "@/lib/platform/logger";
import type { StreamEvent, StreamFrame } from "@/lib/studio/api/stream-events";
import { checkFrame } from "./declared-frames";
import { type Audience, type EventLog, isFor } from "./event-log";
import { type Outlet, textFrame } from "./fanout";

/** One event goes to every socket of the team: made into a WebSocket frame once, not per socket. */
export function frameCache(): (event: StreamFrame) => Buffer {
  const frames = new WeakMap<StreamFrame, Buffer>();
  return (event) => {
    let frame = frames.get(event);
    if (frame === undefined) {
      checkFrame(event);
      frame = textFrame(Buffer.from(JSON.stringify(event)));
      frames.set(event, frame);
    }
    return frame;
  };
}

/**
 * Pings every socket each `everyMs`; one that did not answer the last ping is cut. Sockets are
 * counted from when they are `watch`ed.
 */
export function startHeartbeat(
  wss: WebSocketServer,
  everyMs: number,
): { watch(ws: WebSocket): void; stop(): void } {
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
  }, everyMs);
  ping.unref();
  return {
    watch(ws) {
      alive.set(ws, true);
      ws.on("pong", () => alive.set(ws, true));
    },
    stop: () => clearInterval(ping),
  };
}

/** A socket's outlet, which the relay ends when it closes the socket for its session. */
export interface SocketOutlet extends Outlet {
  /** Nothing more is written from now on, though the socket is not gone yet. */
  end(): void;
}

/**
 * Where the fan-out writes a socket's frames: nothing once the relay has `end`ed it (the socket is
 * being closed), and a close (1013) once the browser has stopped reading past `maxBuffered` bytes.
 * Asked for every socket in every window, so whether it still may write is a flag of its own, not
 * a look-up in the relay's index of sockets.
 */
export function socketOutlet(ws: WebSocket, userId: string, maxBuffered: number): SocketOutlet {
  let ended = false;
  return {
    userId,
    write(chunk) {
      // A socket being closed for its session receives nothing more, even before it is gone.
      if (ended || ws.readyState !== WebSocket.OPEN) return;
      if (ws.bufferedAmount > maxBuffered) {
        // The tab will reconnect and resume from its last sequence, or refetch.
        ws.close(1013, "Too far behind");
        return;
      }
      // Whole frames go straight to the TCP socket (ws keeps it in `_socket`, not typed): ws
      // writes its own frames (pings, close) whole too, so they never interleave mid-frame, and
      // what waits there counts in `bufferedAmount`.
      (ws as unknown as { _socket?: Duplex })._socket?.write(chunk);
    },
    end() {
      ended = true;
    },
  };
}

/**
 * Greets a new socket, replays what its tab missed (`?epoch=&since=` in `url`) from the event
 * log's window, then calls `join` to have it follow the fan-out. Answers what stops the holding
 * of live events, for a socket closed before it joined.
 */
export function catchUp(
  log: EventLog,
  userId: string,
  url: URL,
  send: (event: StreamFrame) => void,
  join: () => void,
): () => void {
  const epoch = url.searchParams.get("epoch");
  const since = Number(url.searchParams.get("since"));
  const resuming = epoch !== null && Number.isInteger(since) && since >= 0;
  // Live events are held from now while the missed ones are read, then sent after them, so no
  // event falls between the two and none is sent twice; then the socket joins the fan-out.
  const held: { event: StreamEvent; audience: Audience }[] = [];
  const unsubscribe = log.subscribe((event, audience) => held.push({ event, audience }));
  const replay = log.start().then(() => (resuming ? log.missed(userId, epoch, since) : []));
  replay
    .catch((err: unknown) => {
      logger().error({ err }, "The relay could not read the events a tab missed");
      return null;
    })
    .then((missed) => {
      send({ type: "hello", epoch: log.epoch, seq: log.lastSeq, userId });
      if (missed === null) send({ type: "reset", epoch: log.epoch, seq: log.lastSeq });
      else for (const event of missed) send(event);
      const sent = new Set(missed?.map((e) => e.seq));
      // A tab coming from another instance may already hold events this one delivers later.
      const seen = resuming && missed !== null ? since : 0;
      unsubscribe();
      for (const { event, audience } of held.splice(0))
        if (isFor(audience, userId) && !sent.has(event.seq) && event.seq > seen) send(event);
      join();
    });
  return unsubscribe;
}
