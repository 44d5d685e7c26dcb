import type { ReviewState } from "./review";

/**
 * One result as every screen of the studio reads it: a gallery page, a card pushed live by the
 * relay, a task's results on the Create page, the viewer and compare. The server builds it in one
 * place (lib/server/gallery/item-view.ts), so a card that arrives live reads as it does after a
 * reload.
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

/** The gallery's counts: the items a filtered view holds, and all live items. */
export interface GalleryTotals {
  matching: number;
  all: number;
}
