import "server-only";
import type { BackoffOptions } from "./backoff";

export interface WsOptions {
  /** Heartbeat period. The notes: clients ping every 30-45 s; the service closes after 120 s idle. */
  pingIntervalMs: number;
  /** A ping unanswered this long means the socket is dead (it is dropped and resumed). */
  pongTimeoutMs: number;
  /** Opening the socket and getting the authentication answer, together. */
  connectTimeoutMs: number;
  /**
   * Delay before reconnect number n (n counts closes in a row, see ws-reconnects.ts): full jitter
   * under `min(capMs, baseMs * 2^n)`.
   */
  reconnect: BackoffOptions;
  /** A socket up this long counts as healthy: the next reconnect starts again from `reconnect.baseMs`. */
  stableMs: number;
  /**
   * Delay before trying again after the service refused the key: full jitter under
   * `min(capMs, baseMs * 2^n)` for the n-th refusal in a row. Slower than `reconnect` (a refused
   * key is not fixed by hammering), capped so that a key accepted again works within seconds.
   */
  refused: BackoffOptions;
  /** Messages that may wait for a connection; one more is refused. */
  maxQueue: number;
  /** Results remembered to drop repeats. */
  dedupeSize: number;
  /** Tasks sent but not answered that are remembered to send again after a drop. */
  maxUnconfirmed: number;
  /** `close()` waits this long for the close handshake before cutting the socket. */
  closeGraceMs: number;
  /**
   * Inline images (data URIs, base64) of at least this many characters are sent as uploads of their
   * own before their task (ws-uploads.ts); smaller ones only after the service refused their task
   * for its size.
   */
  uploadAboveChars: number;
}

export const WS_DEFAULTS: WsOptions = {
  pingIntervalMs: 30_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  // A resume must land within the service's 120 s window; a 15 s cap leaves room for several tries.
  reconnect: { baseMs: 250, capMs: 15_000 },
  // Longer than a reconnect, a resend and the service's refusal of it take, so a socket closed
  // for what it was just sent never counts as healthy; shorter than the 15 s cap.
  stableMs: 10_000,
  refused: { baseMs: 2_000, capMs: 20_000 },
  maxQueue: 1_000,
  // Far above the results in flight at once; a resume replays at most 120 s of them.
  dedupeSize: 10_000,
  maxUnconfirmed: 10_000,
  closeGraceMs: 1_000,
  // The service states no message limit. From 1 MiB an upload's round trip costs little next to
  // the image, and the task's own message stays small whatever it carries; a smaller image is
  // uploaded too once the service has refused its task for size.
  uploadAboveChars: 1_048_576,
};
