import { STREAM_CLOSE, STREAM_GOING_AWAY } from "@/lib/studio/api/stream";

const MAX_DELAY_MS = 15_000;
/**
 * After `STREAM_CLOSE.tooManySockets` a tab waits this long (and up to as long again, so a
 * browser's many tabs do not come back together): trying sooner would only be refused again,
 * and a place frees only when one of the member's other tabs closes.
 */
export const TOO_MANY_SOCKETS_WAIT_MS = 60_000;

/** Exponential backoff with jitter, so a restarted server is not met by every tab at once. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, 500 * 2 ** attempt);
  return Math.round(base / 2 + random() * (base / 2));
}

/** What a tab does once the relay's socket closed. */
export type StreamCloseStep =
  | { kind: "signIn" }
  /** Connect again after `delayMs`, counting `attempt` tries so far; `refresh`: reload what the role decides first. */
  | { kind: "reconnect"; delayMs: number; attempt: number; refresh: boolean };

/**
 * The step after a close with `code`, the `attempt`-th in a row: sign in again when the session
 * ended, reconnect at once when the relay asked for it (a renewed session, a new role), soon
 * when the server went away, and later and later after a failure. Never at once after being one
 * socket too many: that loop would be refused as fast as it tried.
 */
export function afterStreamClose(
  code: number,
  attempt: number,
  { online = true, random = Math.random }: { online?: boolean; random?: () => number } = {},
): StreamCloseStep {
  switch (code) {
    case STREAM_CLOSE.sessionEnded:
      return { kind: "signIn" };
    case STREAM_CLOSE.sessionRenewed:
      return { kind: "reconnect", delayMs: 0, attempt: 0, refresh: false };
    case STREAM_CLOSE.roleChanged:
      return { kind: "reconnect", delayMs: 0, attempt: 0, refresh: true };
    case STREAM_CLOSE.tooManySockets:
      return {
        kind: "reconnect",
        delayMs: Math.round(TOO_MANY_SOCKETS_WAIT_MS * (1 + random())),
        attempt: attempt + 1,
        refresh: false,
      };
    case STREAM_GOING_AWAY:
      // No failure of this tab: the first try comes soon (its jitter spreads a stopping server's tabs).
      return {
        kind: "reconnect",
        delayMs: online ? reconnectDelay(0, random) : MAX_DELAY_MS,
        attempt: 1,
        refresh: false,
      };
    default:
      return {
        kind: "reconnect",
        delayMs: online ? reconnectDelay(attempt, random) : MAX_DELAY_MS,
        attempt: attempt + 1,
        refresh: false,
      };
  }
}
