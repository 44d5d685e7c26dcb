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
 * A browser sends its headers in one go (a few kilobytes: a second on the slowest mobile link),
 * so 15 s is ample; a client that trickles them (slow-loris, a header line every few seconds,
 * which Node's defaults let hold a socket for up to 90 s) is answered 408 and cut within
 * `headers + checkEvery`, 17 s. A body may take 10 minutes: the largest the studio takes (32 MB
 * of a task with inline images, lib/server/http/body-ceiling.ts) at half a megabit a second. A
 * WebSocket leaves these timers once upgraded. An idle keep-alive connection is kept 65 s: longer
 * than the 60 s a proxy in front keeps its idle connections to the studio (nginx's default, as
 * deploy/nginx uses; a cloud load balancer's too), so the proxy, not the studio, closes one first.
 * The other way round, a request the proxy sends on a connection the studio has just closed fails
 * (a 502 for a POST, which the proxy does not try again); a browser or a test client reusing its
 * connection meets the same race.
 */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headers: 15_000,
  request: 600_000,
  keepAlive: 65_000,
  checkEvery: 2_000,
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
