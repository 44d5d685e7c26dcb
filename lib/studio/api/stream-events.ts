/**
 * What the studio's relay (lib/studio/api/stream.ts) sends a browser, shared by the server and the
 * `useTaskStream` hook: the types inferred from the stream's declarations
 * (lib/studio/api/stream-messages.ts). Every logged event carries the relay's `epoch` (new at each
 * server start) and a sequence number; a browser that reconnects sends both back and receives what
 * it missed, or a `reset` when the gap is older than the relay keeps (then it refetches over HTTP).
 *
 * `presence` events are ephemeral: every tab on a page is sent the same event, its own member in
 * it (made once, however many watch); the browser leaves its own member out
 * (lib/client/presence/presence-store.ts). Not in the event log, no seq, never replayed; a
 * reconnecting tab says again where it is and is told again.
 */
export type {
  GalleryChange,
  PresenceEvent,
  StreamEvent,
  StreamFrame,
} from "@/lib/studio/api/stream-messages";

/** Query parameters of a resuming connection (`?epoch=...&since=...` on the stream's path). */
export interface StreamResume {
  epoch: string;
  since: number;
}
