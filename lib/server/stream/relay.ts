import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { logger } from "@/lib/platform/logger";
import { ApiError } from "@/lib/studio/api/errors";
import { STREAM_CLOSE } from "@/lib/studio/api/stream";
import type { StreamEvent, StreamFrame } from "@/lib/studio/api/stream-events";
import type { PresenceHub } from "../presence/hub";
import { checkFrame } from "./declared-frames";
import { type Audience, type EventLog, isFor } from "./event-log";
import { Fanout, type Outlet, textFrame } from "./fanout";
import { openedWithToken, type SocketCaps, type StreamMember, StreamSockets } from "./stream-sockets";
import { tabMessages } from "./tab-messages";

export type { StreamMember } from "./stream-sockets";

/** Why the relay closes a member's sockets (see `STREAM_CLOSE`). */
export type DisconnectReason = keyof typeof STREAM_CLOSE;

const CLOSE_WORDS: Record<DisconnectReason, string> = {
  sessionEnded: "Session ended",
  roleChanged: "Role changed",
  tokenRevoked: "Token revoked",
  sessionRenewed: "Session renewed",
  tooManySockets: "Too many tabs",
};

export interface Relay {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Closes at once the sockets of a member, or of one of their sessions: a session that ended
   * must stop receiving the team's results, and a new role reconnects with what it may see.
   * Answers how many it closed.
   */
  disconnect(match: { userId: string; sessionId?: string }, reason: DisconnectReason): number;
  /** Asks every open socket's session once (what the periodic check does); for tests. */
  recheckNow(): Promise<void>;
  /** Browser sockets open now. */
  connections(): number;
  /** What the relay holds for its sockets, for tests that check a closed socket left nothing. */
  sizes(): { sockets: number; members: number; sessions: number };
  /**
   * Closes every socket with 1001 "going away" (tabs reconnect and resume, here after a restart or
   * on another instance); a socket that has not finished its closing handshake within
   * `graceMs` (default 2 s) is cut.
   */
  close(graceMs?: number): Promise<void>;
}

export interface RelayOptions {
  log: EventLog;
  /**
   * The member behind the upgrade request's session cookie or access token, or null (401); a
   * refusal thrown as an `ApiError` (a role without the permission, a rate limit) answers the
   * upgrade with its status.
   */
  authenticate(req: IncomingMessage): Promise<StreamMember | null>;
  /**
   * A session's standing now, from the database: its member's role, or null once it ended or
   * expired. Asked of every open socket each `recheckMs`; without it sockets are not rechecked.
   */
  recheck?(sessionId: string): Promise<{ role: string } | null>;
  /** How often open sockets' sessions are rechecked (default 60 s). */
  recheckMs?: number;
  /** A browser that stops reading is closed (1013) past this many unsent bytes. */
  maxBufferedBytes?: number;
  /** Server pings this often; a socket that missed the last pong is dropped. */
  pingMs?: number;
  /** Told of a socket's failure (an oversized frame, a broken connection), once per socket. */
  onSocketError?(err: Error, member: StreamMember): void;
  /** Who is on which page: what tabs say of where they are goes there (without it, it is ignored). */
  presence?: Pick<PresenceHub, "say" | "leave">;
  /** Sockets a session and a member may hold here (default `MAX_SOCKETS_PER_SESSION` and `_PER_MEMBER`). */
  caps?: SocketCaps;
}

/** Reasons that end a session, which a socket opened with a token does not hang on. */
const SESSION_REASONS = new Set<DisconnectReason>(["sessionEnded", "sessionRenewed"]);

/** How long the relay gathers events for one write per socket (see `Fanout`). */
export const CORK_MS = 10;

/** Browsers send only where they are on this socket; a frame past this is refused (ws closes it with 1009). */
export const MAX_FRAME_BYTES = 16 * 1024;

/**
 * The browser relay at the stream's path (`STREAM_PATH`): one WebSocket per tab, authenticated by the session cookie
 * and refused from foreign origins (a cross-site page cannot open it with the user's cookie).
 * It sends each user their own tasks' progress and the whole team's new gallery items, and
 * replays what a reconnecting tab missed (`?epoch=&since=`) from the event log's window. A socket
 * lives only as long as its session: it closes when the session ends or the role changes.
 */
export function createRelay(options: RelayOptions): Relay {
  const { log } = options;
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  // No compression: the relay writes frames it built once for every socket (`Fanout`).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();
  const members = new StreamSockets<WebSocket>(options.caps);
  const reportSocketError =
    options.onSocketError ??
    ((err: Error, member: StreamMember) =>
      logger().warn({ userId: member.userId }, `Relay socket failed: ${err.message}`));

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

  function end(ws: WebSocket, reason: DisconnectReason): void {
    members.delete(ws);
    const outlet = outlets.get(ws);
    if (outlet) fanout.remove(outlet);
    ws.close(STREAM_CLOSE[reason], CLOSE_WORDS[reason]);
  }

  let rechecking: Promise<void> | null = null;
  let recheckFailed = false;
  async function recheckAll(): Promise<void> {
    const { recheck } = options;
    if (!recheck) return;
    for (const [sessionId, sockets] of members.sessions()) {
      let standing: { role: string } | null;
      try {
        standing = await recheck(sessionId);
      } catch (err) {
        // The database is away: the sockets stay until a check can tell (the next one will).
        if (!recheckFailed) logger().error({ err }, "The relay could not recheck sessions");
        recheckFailed = true;
        return;
      }
      recheckFailed = false;
      for (const ws of sockets) {
        const member = members.get(ws);
        if (!member) continue;
        if (standing === null) end(ws, openedWithToken(member) ? "tokenRevoked" : "sessionEnded");
        else if (standing.role !== member.role) end(ws, "roleChanged");
      }
    }
  }
  function recheckNow(): Promise<void> {
    rechecking ??= recheckAll().finally(() => {
      rechecking = null;
    });
    return rechecking;
  }
  const recheckTimer = setInterval(() => void recheckNow(), options.recheckMs ?? 60_000);
  recheckTimer.unref();

  // One event goes to every socket of the team: made into a WebSocket frame once, not per socket.
  const frames = new WeakMap<StreamFrame, Buffer>();
  function frameOf(event: StreamFrame): Buffer {
    let frame = frames.get(event);
    if (frame === undefined) {
      checkFrame(event);
      frame = textFrame(Buffer.from(JSON.stringify(event)));
      frames.set(event, frame);
    }
    return frame;
  }
  const fanout = new Fanout(CORK_MS);
  const outlets = new Map<WebSocket, Outlet>();
  const stopFanout = log.subscribe((event, audience) => {
    if (fanout.size > 0) fanout.broadcast(frameOf(event), audience);
  });

  function outletOf(ws: WebSocket, userId: string): Outlet {
    return {
      userId,
      write(chunk) {
        // A socket being closed for its session receives nothing more, even before it is gone.
        if (ws.readyState !== WebSocket.OPEN || !members.has(ws)) return;
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
    };
  }

  /** One frame for one socket: in order with the events gathered for it, or now while it is replaying. */
  function send(ws: WebSocket, event: StreamFrame): void {
    const outlet = outlets.get(ws);
    if (!outlet) return;
    if (!fanout.send(outlet, frameOf(event))) outlet.write(frameOf(event));
  }

  function open(ws: WebSocket, member: StreamMember, url: URL): void {
    const { userId } = member;
    if (!members.admit(ws, member)) {
      // Counted once open, not at the upgrade: a member's upgrades await their session together.
      // ws throws an `error` that has no listener; this socket is closing whatever it says.
      ws.on("error", () => undefined);
      ws.close(STREAM_CLOSE.tooManySockets, CLOSE_WORDS.tooManySockets);
      return;
    }
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    const outlet = outletOf(ws, userId);
    outlets.set(ws, outlet);
    // A tab says which page it is on (presence); anything else it sends is ignored.
    const tab = { id: randomUUID(), userId, role: member.role, send: (e: StreamFrame) => send(ws, e) };
    const { presence } = options;
    if (presence)
      ws.on(
        "message",
        tabMessages(presence, tab, () => members.has(ws)),
      );
    // ws closes the socket itself (1009 for an oversized frame, 1002 for a broken one); without
    // a listener here the error would be thrown from the emitter and reach the process.
    let reported = false;
    ws.on("error", (err) => {
      if (reported) return;
      reported = true;
      reportSocketError(err, member);
    });

    const epoch = url.searchParams.get("epoch");
    const since = Number(url.searchParams.get("since"));
    const resuming = epoch !== null && Number.isInteger(since) && since >= 0;
    // Live events are held from now while the missed ones are read, then sent after them, so no
    // event falls between the two and none is sent twice; then the socket joins the fan-out.
    const held: { event: StreamEvent; audience: Audience }[] = [];
    const unsubscribe = log.subscribe((event, audience) => held.push({ event, audience }));
    ws.on("close", () => {
      members.delete(ws);
      fanout.remove(outlet);
      outlets.delete(ws);
      unsubscribe();
      presence?.leave(tab.id);
    });
    const replay = log.start().then(() => (resuming ? log.missed(userId, epoch, since) : []));
    replay
      .catch((err: unknown) => {
        logger().error({ err }, "The relay could not read the events a tab missed");
        return null;
      })
      .then((missed) => {
        send(ws, { type: "hello", epoch: log.epoch, seq: log.lastSeq, userId });
        if (missed === null) send(ws, { type: "reset", epoch: log.epoch, seq: log.lastSeq });
        else for (const event of missed) send(ws, event);
        const sent = new Set(missed?.map((e) => e.seq));
        // A tab coming from another instance may already hold events this one delivers later.
        const seen = resuming && missed !== null ? since : 0;
        unsubscribe();
        for (const { event, audience } of held.splice(0))
          if (isFor(audience, userId) && !sent.has(event.seq) && event.seq > seen) send(ws, event);
        if (ws.readyState === WebSocket.OPEN && members.has(ws)) fanout.add(outlet);
      });
  }

  return {
    handleUpgrade(req, socket, head) {
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
      options.authenticate(req).then(
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
    },
    disconnect(match, reason) {
      let closed = 0;
      let tokens = false;
      for (const [ws, member] of members.ofMember(match.userId)) {
        if (match.sessionId !== undefined && member.sessionId !== match.sessionId) continue;
        // A token outlives its member's sessions (signing out does not revoke it): its sockets
        // are asked of the token now instead, and close only if it no longer stands.
        if (openedWithToken(member) && SESSION_REASONS.has(reason)) {
          tokens = true;
          continue;
        }
        end(ws, reason);
        closed++;
      }
      if (tokens) void recheckNow();
      return closed;
    },
    recheckNow,
    connections: () => wss.clients.size,
    sizes: () => members.sizes(),
    async close(graceMs = 2_000) {
      clearInterval(ping);
      clearInterval(recheckTimer);
      stopFanout();
      fanout.flush();
      fanout.close();
      for (const ws of wss.clients) ws.close(1001, "Server stopping");
      const cut = setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
      }, graceMs);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(cut);
    },
  };
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
