/**
 * The studio's live stream: one WebSocket per tab on this path, authenticated by the session
 * cookie, carrying the events of lib/studio/api/stream-events.ts. It is no HTTP endpoint (server.ts
 * routes its upgrade to the relay), so it is declared here apart from the resources.
 */
export const STREAM_PATH = "/api/stream";

/**
 * Close codes the relay ends a socket with on purpose (4000-4999 are the application's own), so a
 * page knows what to do next rather than reconnecting as after a dropped network.
 */
export const STREAM_CLOSE = {
  /** The session ended: signed out (here or everywhere), removed from the team, or expired. Sign in again. */
  sessionEnded: 4401,
  /** The member's role changed: reconnect, and reload what the role decides. */
  roleChanged: 4409,
  /** This browser's session was replaced by a new one (its cookie already holds it): reconnect. */
  sessionRenewed: 4412,
  /**
   * The socket is one too many: its session already holds 32, or its member 64, on this instance
   * (lib/server/stream/stream-sockets.ts, a number a person with many tabs never meets). Nothing
   * is wrong with the page; it tries again only after a long wait, when some tab may have closed.
   */
  tooManySockets: 4429,
} as const;

/**
 * The relay's server is stopping (a restart, a deploy, one instance of several leaving): the tab
 * reconnects at once, with what it holds, to resume (WebSocket's own "going away").
 */
export const STREAM_GOING_AWAY = 1001;
