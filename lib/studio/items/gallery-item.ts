import { z } from "zod";
import { REVIEW_STATES } from "../review/review";

/**
 * One result as every screen of the studio reads it: a gallery page, a card pushed live by the
 * relay, a task's results on the Create page, the viewer and compare. The server builds it in one
 * place (lib/server/items/item-view.ts), so a card that arrives live reads as it does after a
 * reload; every answer that carries items declares them with these schemas.
 */

/** An item's review as the whole team sees it; per-member marks (star, own rating) are apart. */
export const itemReviewSchema = z.object({
  state: z.enum(REVIEW_STATES),
  assigneeId: z.string().nullable(),
  ratingAvg: z.number().nullable(),
  ratingCount: z.number().int(),
  tags: z.array(z.string()),
  boardIds: z.array(z.string()),
  commentCount: z.number().int(),
  /** Set while the item is in the trash. */
  deletedAt: z.string().nullable(),
});
export type ItemReview = z.infer<typeof itemReviewSchema>;

/**
 * Where an item stands in its version stack: `id` is the first version's id, `version` the item's
 * own number (1, 2, ...), `count` how many versions of the stack are out of the trash.
 */
export const itemStackSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  count: z.number().int(),
});
export type ItemStack = z.infer<typeof itemStackSchema>;

/** A finished result kept by the studio (the media bytes are in studio storage). */
export const galleryItemSchema = z.object({
  id: z.string(),
  taskUUID: z.string(),
  taskType: z.string(),
  /** The Create page that made it (`workflowOf` its task), where "Use all" opens it again. */
  workflow: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  kind: z.enum(["image", "video"]),
  mediaUUID: z.string(),
  /** Studio URL of the media; never the service's expiring URL. */
  url: z.string(),
  mime: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  seed: z.string().nullable(),
  cost: z.number().nullable(),
  nsfw: z.boolean().nullable(),
  prompt: z.string().nullable(),
  model: z.string().nullable(),
  createdAt: z.string(),
  /** The team's review of it (absent on items from a studio older than the review gallery). */
  review: itemReviewSchema.optional(),
  /** The asking member's own star (absent where the studio does not know who asks). */
  starred: z.boolean().optional(),
  /** Its version stack, when it has versions: the stack's id, its own number, live versions. */
  stack: itemStackSchema.optional(),
  /** Its recipe without the seed, hashed: results sharing it are one seed stack. */
  seedKey: z.string().optional(),
  /** On a gallery card that stands for a seed stack: how many live results the stack holds. */
  seedCount: z.number().int().optional(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const TASK_STATES = ["queued", "processing", "success", "error"] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const failedResultSchema = z.object({
  index: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
});
export type FailedResult = z.infer<typeof failedResultSchema>;

export const taskUpdateSchema = z.object({
  taskUUID: z.string(),
  taskType: z.string(),
  status: z.enum(TASK_STATES),
  progress: z.number().nullable(),
  itemCount: z.number().int(),
  itemsDone: z.number().int(),
  error: z.object({ code: z.string(), message: z.string(), parameter: z.string().optional() }).nullable(),
  /**
   * A finished task that made some of its results: each one that was not made, with why (its
   * place among the results when the service said it).
   */
  failedResults: z.array(failedResultSchema).optional(),
  /** While the studio sends the task again after a passing failure (`error` says which): try n of m. */
  retry: z.object({ attempt: z.number().int(), of: z.number().int() }).optional(),
});
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

/** A recorded task with its results, as the tasks list and a task's own page answer it. */
export const taskViewSchema = taskUpdateSchema.extend({
  /** The task as it was sent (inline media replaced by studio references). */
  params: z.record(z.string(), z.unknown()),
  authorId: z.string(),
  createdAt: z.string(),
  items: z.array(galleryItemSchema),
});
export type TaskView = z.infer<typeof taskViewSchema>;

/** The gallery's counts: the items a filtered view holds, and all live items. */
export const galleryTotalsSchema = z.object({
  matching: z.number().int(),
  all: z.number().int(),
  /**
   * With seed stacks folded: how many stacks the matching items make (a lone item is a stack of
   * one), one card each. Null when the view shows each seed apart.
   */
  stacks: z.number().int().nullable(),
});
export type GalleryTotals = z.infer<typeof galleryTotalsSchema>;
