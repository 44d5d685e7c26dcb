import type { CellPatch } from "../experiments/cell-patch";
import type { GalleryItem, ItemReview, TaskUpdate } from "../gallery-item";
import type { PresentMember } from "../presence";

/**
 * What the studio's relay (lib/studio/api/stream.ts) sends a browser, shared by the server and the
 * `useTaskStream` hook. Every event carries the relay's `epoch` (new at each server start) and a
 * sequence number; a browser that reconnects sends both back and receives what it missed, or a
 * `reset` when the gap is older than the relay keeps (then it refetches over HTTP).
 */

/**
 * A change in the review gallery, sent to every member (or, for `inbox`, to one) so that open
 * pages update without a reload. Events name what changed; a page that holds it patches its cache
 * or refetches it. Small on purpose: the same events cross instances (issue: several instances).
 */
export type GalleryChange =
  /** An item's review changed: state, assignee, ratings, tags, boards or comment count. */
  | { kind: "review"; itemId: string; review: ItemReview }
  /** Items went to the trash, came back from it, or were deleted for good. */
  | { kind: "trash" | "restore" | "purge"; itemIds: string[] }
  /** A comment was added, edited, resolved or reopened on an item. */
  | { kind: "comment"; itemId: string; commentId: string }
  /** A board was created, renamed, given a cover, or deleted. */
  | { kind: "board"; boardId: string }
  /** A saved search shared with the team changed. */
  | { kind: "savedSearch"; id: string }
  /** For one member: their inbox's unread count changed (a new mention, or read elsewhere). */
  | { kind: "inbox"; unread: number }
  /**
   * An experiment's cells or status changed: with `cells`, an open grid updates those cells in
   * place; without, its page reads the experiment again.
   */
  | { kind: "experiment"; experimentId: string; cells?: CellPatch[] }
  /**
   * A blind vote of an experiment or an evaluation set (`anchorId`) was opened, voted on or closed:
   * its counts and results refetch.
   */
  | { kind: "round"; anchorId: string; roundId: string };

export type StreamEvent =
  | { type: "hello"; epoch: string; seq: number; userId: string }
  | { type: "item"; epoch: string; seq: number; item: GalleryItem }
  | { type: "task"; epoch: string; seq: number; task: TaskUpdate }
  | { type: "gallery"; epoch: string; seq: number; change: GalleryChange }
  | { type: "reset"; epoch: string; seq: number };

/**
 * The members on the page this tab is on (`on`, a target of lib/studio/presence.ts), sent to the
 * tabs there when they change. Every tab on a page is sent the same event, its own member in it
 * (made once, however many watch); the browser leaves its own member out
 * (lib/client/live/presence-store.ts). Ephemeral: not in the event log, no seq, never replayed;
 * a reconnecting tab says again where it is and is told again.
 */
export interface PresenceEvent {
  type: "presence";
  on: string;
  /**
   * The first few of them, in the order they came: `PRESENCE_MAX_LISTED` (lib/studio/presence.ts)
   * and one more, so a tab still names that many once its own member is left out.
   */
  members: PresentMember[];
  /** How many there are in all, the receiving tab's member included. */
  total: number;
}

/** Everything the relay's socket carries to a browser: the log's events and presence. */
export type StreamFrame = StreamEvent | PresenceEvent;

/** Query parameters of a resuming connection (`?epoch=...&since=...` on the stream's path). */
export interface StreamResume {
  epoch: string;
  since: number;
}
