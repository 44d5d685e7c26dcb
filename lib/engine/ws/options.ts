import "server-only";

/**
 * Options, defaults and close codes of the engine's WebSocket face. Every bound that keeps a
 * connection's memory finite is here, with the reason for its value.
 */

const MiB = 1024 * 1024;

export interface WsServerOptions {
  /** Close a socket after this long without a client message (contract: 120 s; `ENGINE_WS_IDLE_MS`). */
  idleMs: number;
  /** Keep a dropped socket's session and its undelivered results this long (contract: 120 s; `ENGINE_RESUME_MS`). */
  resumeMs: number;
  /** The video model's AIR id, for request validation. */
  videoModel: string;
  /** Largest inbound message; a bigger one closes the socket with 1009. Default 32 MiB. */
  maxPayloadBytes?: number;
  /** Stop writing to a socket whose unsent bytes exceed this. Default 16 MiB. */
  maxBufferedBytes?: number;
  /** Undelivered bytes one session may hold (socket away or not reading). Default 64 MiB. */
  maxSessionBufferBytes?: number;
  /** Undelivered messages one session may hold. Default 10 000. */
  maxSessionBufferMessages?: number;
  /** Undelivered bytes all sessions together may hold. Default 512 MiB. */
  maxTotalBufferBytes?: number;
  /** A socket above `maxBufferedBytes` that drains nothing for this long is closed with 1013. Default 5 s. */
  slowReaderGraceMs?: number;
  /** A socket the server closed is destroyed if the peer has not completed the close handshake by then. Default 5 s. */
  closeTimeoutMs?: number;
  /** Failed authentications on one socket before it is closed with 1008. Default 5. */
  maxAuthFailures?: number;
  /** Messages received but not yet handled (they wait while an authentication is checked). Default 64. */
  maxPendingMessages?: number;
  /** Wall clock used for the resume window. Default `Date.now`. */
  now?: () => number;
}

export type ResolvedWsOptions = Required<WsServerOptions>;

export const WS_DEFAULTS = {
  // Media inputs may travel inline (base64 images); larger media should go through imageUpload by URL.
  maxPayloadBytes: 32 * MiB,
  // Two full-size base64 PNG results fit; a reader that cannot absorb that is not reading.
  maxBufferedBytes: 16 * MiB,
  maxSessionBufferBytes: 64 * MiB,
  maxSessionBufferMessages: 10_000,
  maxTotalBufferBytes: 512 * MiB,
  slowReaderGraceMs: 5_000,
  closeTimeoutMs: 5_000,
  maxAuthFailures: 5,
  maxPendingMessages: 64,
} as const;

export function resolveWsOptions(options: WsServerOptions): ResolvedWsOptions {
  return {
    ...WS_DEFAULTS,
    now: Date.now,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  } as ResolvedWsOptions;
}

/**
 * Close codes the server sends. 1000-range codes are RFC 6455's; 4000-range codes are ours.
 * Every code except 1008 invites the client to reconnect and resume its session.
 */
export const WS_CLOSE = {
  /** `close()`: the engine is shutting down. */
  goingAway: 1001,
  /** Too many failed authentications on one socket. */
  policyViolation: 1008,
  /** An inbound message exceeded `maxPayloadBytes` (sent by `ws` itself). */
  messageTooBig: 1009,
  /** The client did not read its results: they stay in the session; reconnect and resume. */
  tryAgainLater: 1013,
  /** No client message for `idleMs`. */
  idleTimeout: 4000,
  /** Another socket resumed this socket's session. */
  sessionResumedElsewhere: 4001,
} as const;
