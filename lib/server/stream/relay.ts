import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { logger } from "@/lib/platform/logger";
import { STREAM_CLOSE } from "@/lib/studio/api/stream";
import type { StreamFrame } from "@/lib/studio/api/stream-events";
import type { PresenceHub } from "../presence/hub";
import type { EventLog } from "./event-log";
import { Fanout } from "./fanout";
import { startRechecks } from "./relay-recheck";
import { catchUp, frameCache, type SocketOutlet, socketOutlet, startHeartbeat } from "./relay-socket";
import { upgradeOrRefuse } from "./relay-upgrade";
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
  const members = new StreamSockets<WebSocket>(options.caps);
  const reportSocketError =
    options.onSocketError ??
    ((err: Error, member: StreamMember) =>
      logger().warn({ userId: member.userId }, `Relay socket failed: ${err.message}`));
  const heartbeat = startHeartbeat(wss, options.pingMs ?? 30_000);

  function end(ws: WebSocket, reason: DisconnectReason): void {
    members.delete(ws);
    const outlet = outlets.get(ws);
    if (outlet) {
      outlet.end();
      fanout.remove(outlet);
    }
    ws.close(STREAM_CLOSE[reason], CLOSE_WORDS[reason]);
  }
  const rechecks = startRechecks(members, options.recheck, end, options.recheckMs ?? 60_000);

  const frameOf = frameCache();
  const fanout = new Fanout(CORK_MS);
  const outlets = new Map<WebSocket, SocketOutlet>();
  const stopFanout = log.subscribe((event, audience) => {
    if (fanout.size > 0) fanout.broadcast(frameOf(event), audience);
  });

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
    heartbeat.watch(ws);
    const outlet = socketOutlet(ws, userId, maxBuffered);
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
    const stopHolding = catchUp(log, userId, url, tab.send, () => {
      if (ws.readyState === WebSocket.OPEN && members.has(ws)) fanout.add(outlet);
    });
    ws.on("close", () => {
      members.delete(ws);
      outlet.end();
      fanout.remove(outlet);
      outlets.delete(ws);
      stopHolding();
      presence?.leave(tab.id);
    });
  }

  return {
    handleUpgrade: (req, socket, head) =>
      upgradeOrRefuse(wss, options.authenticate, open, [req, socket, head]),
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
      if (tokens) void rechecks.now();
      return closed;
    },
    recheckNow: () => rechecks.now(),
    connections: () => wss.clients.size,
    sizes: () => members.sizes(),
    async close(graceMs = 2_000) {
      heartbeat.stop();
      rechecks.stop();
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
