import "server-only";
import { createServer, type RequestListener, type Server } from "node:http";

/** How long a connection may take over each part of a request (ms). */
export interface ConnectionTimeouts {
  /** From a request's first byte to the end of its headers. */
  headers: number;
  /** From a request's first byte to the end of its body. */
  request: number;
  /** An idle keep-alive connection between two requests. */
  keepAlive: number;
  /** How often the server looks for connections past `headers` or `request`. */
  checkEvery: number;
}

/**
 * A browser sends its headers in one go, so 20 s covers a very slow link; a client that trickles
 * them (slow-loris, one header line every few seconds, each socket held as long as it likes under
 * Node's defaults) is answered 408 and cut within `headers + checkEvery`, 25 s. A body may take
 * 10 minutes: the largest the studio takes (32 MB of a task with inline images,
 * lib/server/http/body-ceiling.ts) at half a megabit a second. A WebSocket leaves these timers
 * once upgraded. Idle keep-alive connections close after Node's own 5 s.
 */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headers: 20_000,
  request: 600_000,
  keepAlive: 5_000,
  checkEvery: 5_000,
};

/** The studio's one HTTP server (server.ts), with its connections' timeouts. */
export function createStudioServer(listener: RequestListener, timeouts = CONNECTION_TIMEOUTS): Server {
  return createServer(
    {
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.request,
      keepAliveTimeout: timeouts.keepAlive,
      connectionsCheckingInterval: timeouts.checkEvery,
    },
    listener,
  );
}
