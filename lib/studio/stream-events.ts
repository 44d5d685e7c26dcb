import type { CellPatch } from "./experiments/cell-patch";
import type { ReviewState } from "./review";

/**
 * What the studio's relay (`/api/stream`) sends a browser, shared by the server and the
 * `useTaskStream` hook. Every event carries the relay's `epoch` (new at each server start) and a
 * sequence number; a browser that reconnects sends both back and receives what it missed, or a
 * `reset` when the gap is older than the relay keeps (then it refetches over HTTP).
 */

/** A finished result kept by the studio (the media bytes are in studio storage). */
export interface GalleryItem {
  id: string;
  taskUUID: string;
  taskType: string;
  /** The Create page that made it (`workflowOf` its task), where "Use all" opens it again. */
  workflow: string;
  authorId: string;
  authorName: string;
  kind: "image" | "video";
  mediaUUID: string;
  /** Studio URL of the media (`/api/media/...`); never the service's expiring URL. */
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  seed: string | null;
  cost: number | null;
  nsfw: boolean | null;
  prompt: string | null;
  model: string | null;
  createdAt: string;
  /** The team's review of it (absent on items from a studio older than the review gallery). */
  review?: ItemReview;
  /** The asking member's own star (absent where the studio does not know who asks, as on the relay). */
  starred?: boolean;
}

/** An item's review as the whole team sees it; per-member marks (star, own rating) are apart. */
export interface ItemReview {
  state: ReviewState;
  assigneeId: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  tags: string[];
  boardIds: string[];
  commentCount: number;
  /** Set while the item is in the trash. */
  deletedAt: string | null;
}

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

export type TaskState = "queued" | "processing" | "success" | "error";

export interface TaskUpdate {
  taskUUID: string;
  taskType: string;
  status: TaskState;
  progress: number | null;
  itemCount: number;
  itemsDone: number;
  error: { code: string; message: string; parameter?: string } | null;
  /**
   * A finished task that made some of its results: each one that was not made, with why (its
   * place among the results when the service said it).
   */
  failedResults?: FailedResult[];
  /** While the studio sends the task again after a passing failure (`error` says which): try n of m. */
  retry?: { attempt: number; of: number };
}

export interface FailedResult {
  index: number | null;
  code: string;
  message: string;
}

/** A recorded task with its results, as `GET /api/tasks` and `GET /api/tasks/[taskUUID]` answer it. */
export interface TaskView extends TaskUpdate {
  /** The task as it was sent (inline media replaced by studio references). */
  params: Record<string, unknown>;
  authorId: string;
  createdAt: string;
  items: GalleryItem[];
}

export type StreamEvent =
  | { type: "hello"; epoch: string; seq: number; userId: string }
  | { type: "item"; epoch: string; seq: number; item: GalleryItem }
  | { type: "task"; epoch: string; seq: number; task: TaskUpdate }
  | { type: "gallery"; epoch: string; seq: number; change: GalleryChange }
  | { type: "reset"; epoch: string; seq: number };

/**
 * Close codes the relay ends a socket with on purpose (4000-4999 are the application's own), so a
 * page knows what to do next rather than reconnecting as after a dropped network.
 */
export const STREAM_CLOSE = {
  /** The session ended: signed out (here or everywhere), removed from the team, or expired. Sign in again. */
  sessionEnded: 4401,
  /** The member's role changed: reconnect, and reload what the role decides. */
  roleChanged: 4409,
} as const;

/**
 * The relay's server is stopping (a restart, a deploy, one instance of several leaving): the tab
 * reconnects at once, with what it holds, to resume (WebSocket's own "going away").
 */
export const STREAM_GOING_AWAY = 1001;

/** Query parameters of a resuming connection: `/api/stream?epoch=...&since=...`. */
export interface StreamResume {
  epoch: string;
  since: number;
}
