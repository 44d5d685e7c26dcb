import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { originOf } from "../http/respond";
import type { EngineCore } from "../shared/types";
import { Connection, type WsCounters } from "./connection";
import { resolveWsOptions, WS_CLOSE, type WsServerOptions } from "./options";
import { SessionRegistry } from "./session-registry";

export interface WsStats {
  /** Open sockets (authenticated or not). */
  connections: number;
  authenticatedConnections: number;
  /** Live sessions, attached or waiting for a resume. */
  sessions: number;
  detachedSessions: number;
  /** Undelivered messages and their bytes, over all sessions. */
  bufferedMessages: number;
  bufferedBytes: number;
  /** Bytes written to sockets but not yet taken by the OS, now and at the worst moment so far. */
  socketBufferedBytes: number;
  peakSocketBufferedBytes: number;
  /** Since start: messages confirmed written, and results dropped because a buffer was full. */
  delivered: number;
  dropped: number;
  /** Sessions that expired with results nobody collected. */
  expiredWithResults: number;
  counters: Readonly<WsCounters>;
}

export interface WsServer {
  /** Completes a WebSocket upgrade the caller routed here (by path). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001), ends every session and clears every timer. */
  close(): Promise<void>;
  stats(): WsStats;
}

/**
 * The engine's WebSocket face: authentication first, ping/pong, the idle rule, tasks submitted to
 * the core with a per-session sink, and resumable sessions. Close codes and bounds: `options.ts`.
 * Uses a `noServer` WebSocketServer; whoever owns the HTTP server routes upgrades by path.
 */
export function createWsServer(core: EngineCore, options: WsServerOptions): WsServer {
  const resolved = resolveWsOptions(options);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxPayloadBytes,
    // Compression would hide the real backlog from `bufferedAmount` and costs a zlib context per socket.
    perMessageDeflate: false,
    clientTracking: false,
  });
  const connections = new Map<number, Connection>();
  const counters: WsCounters = {
    peakSocketBufferedBytes: 0,
    authFailures: 0,
    resumed: 0,
    invalidJson: 0,
    closedIdle: 0,
    closedSlowReader: 0,
    closedAuthFailures: 0,
    closedSuperseded: 0,
    closedMessageTooBig: 0,
  };
  const registry = new SessionRegistry({
    resumeMs: resolved.resumeMs,
    now: resolved.now,
    maxBufferedBytes: resolved.maxBufferedBytes,
    maxSessionBufferBytes: resolved.maxSessionBufferBytes,
    maxSessionBufferMessages: resolved.maxSessionBufferMessages,
    maxTotalBufferBytes: resolved.maxTotalBufferBytes,
    abandonSocket: (id) => connections.get(id)?.abandon(),
  });
  let nextId = 1;
  let closing: Promise<void> | null = null;

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (closing) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (closing) {
        ws.terminate();
        return;
      }
      const connection = new Connection(nextId++, ws, originOf(req), {
        core,
        registry,
        options: resolved,
        counters,
        onClosed: (c) => connections.delete(c.id),
      });
      connections.set(connection.id, connection);
      connection.start();
    });
  }

  async function shutdown(): Promise<void> {
    const open = [...connections.values()];
    for (const connection of open) connection.close(WS_CLOSE.goingAway, "server shutting down");
    // Peers get a moment to answer the close frame; the rest are cut.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([Promise.all(open.map((c) => c.closed)), grace]);
    for (const connection of connections.values()) connection.terminate();
    await Promise.all(open.map((c) => c.closed));
    registry.closeAll();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  function stats(): WsStats {
    let authenticatedConnections = 0;
    let socketBufferedBytes = 0;
    for (const connection of connections.values()) {
      if (connection.isAuthenticated) authenticatedConnections++;
      socketBufferedBytes += connection.bufferedAmount();
    }
    let detachedSessions = 0;
    let bufferedMessages = 0;
    let bufferedBytes = 0;
    for (const session of registry.all()) {
      if (session.attachedSocketId === null) detachedSessions++;
      bufferedMessages += session.bufferedMessages;
      bufferedBytes += session.bufferedBytes;
    }
    return {
      connections: connections.size,
      authenticatedConnections,
      sessions: registry.size,
      detachedSessions,
      bufferedMessages,
      bufferedBytes,
      socketBufferedBytes,
      peakSocketBufferedBytes: counters.peakSocketBufferedBytes,
      delivered: registry.totals.delivered,
      dropped: registry.totals.dropped,
      expiredWithResults: registry.expiredWithResults,
      counters: { ...counters },
    };
  }

  return {
    handleUpgrade,
    close() {
      closing ??= shutdown();
      return closing;
    },
    stats,
  };
}
