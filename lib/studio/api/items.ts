import { z } from "zod";
import { commentThreadSchema, commentViewSchema, newCommentBody } from "@/lib/studio/comments/comments";
import { COMPARE_MAX, COMPARE_MIN, compareEntrySchema, parseCompareIds } from "@/lib/studio/compare/compare";
import { checkFilterDays, galleryFilterShape } from "@/lib/studio/gallery/filter";
import { checkJump, jumpQuery } from "@/lib/studio/gallery/months";
import { galleryItemSchema, itemReviewSchema } from "@/lib/studio/items/gallery-item";
import { itemDetailSchema } from "@/lib/studio/items/item-detail";
import { THUMB_WIDTHS } from "@/lib/studio/items/thumb-widths";
import { BULK_ACTIONS, bulkSchema, itemIdsSchema, itemTagsSchema } from "@/lib/studio/organize/organize";
import { RATING_MAX, RATING_MIN, REVIEW_EVENT_KINDS, REVIEW_STATES } from "@/lib/studio/review/review";
import { pageQuery, resource, uuid } from "./endpoint";

/** The gallery's items: the filtered list, one item for the viewer, its review, media and comments. */

export const ratingBody = z.strictObject({
  value: z
    .number()
    .int(`A rating is a whole number of stars from ${RATING_MIN} to ${RATING_MAX}.`)
    .min(RATING_MIN, `A rating is at least ${RATING_MIN} star.`)
    .max(RATING_MAX, `A rating is at most ${RATING_MAX} stars.`),
});
export const stateBody = z.strictObject({
  state: z.enum(REVIEW_STATES, { error: `The state is one of ${REVIEW_STATES.join(", ")}.` }),
});
export const assigneeBody = z.strictObject({
  userId: z.string().min(1).max(200).nullable(),
});

export const galleryPageSchema = z.object({
  items: z.array(galleryItemSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** One entry of an item's audit trail as the viewer's history tab shows it. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  kind: z.enum(REVIEW_EVENT_KINDS),
  from: z.unknown(),
  to: z.unknown(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const neighborsSchema = z.object({ previousId: z.string().nullable(), nextId: z.string().nullable() });
export type Neighbors = z.infer<typeof neighborsSchema>;

const idParams = z.object({ id: uuid() });
const reviewAnswer = z.object({ review: itemReviewSchema });
const ratingAnswer = z.object({ review: itemReviewSchema, myRating: z.number().int().nullable() });
const starAnswer = z.object({ itemId: z.string(), starred: z.boolean() });

/** `?ids=a,b`: the compare page's own rule, so a link the page accepts the API accepts. */
const compareIds = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const parsed = parseCompareIds(raw);
    if (parsed.ok) return parsed.ids;
    ctx.addIssue({ code: "custom", message: parsed.message, params: { code: "invalidIds" }, input: raw });
    return z.NEVER;
  });

const widths = THUMB_WIDTHS.map(String) as [string, ...string[]];

export const items = resource("items", {
  list: {
    method: "GET",
    path: "/api/items",
    summary: "The team's live results in the gallery's filtered view, a page at a time.",
    description:
      "The filter parameters are the gallery's own (search words, workflow, model, author, dates, board, rating, state, tag, kind, aspect, starred, assignee, sort). `at=YYYY-MM` starts the list at that month (UTC): newest first, at its newest item or the next older one; oldest first, at its oldest item or the next newer one. Each item carries its review and the asker's star.",
    access: "view",
    query: z
      .object({ ...galleryFilterShape, ...jumpQuery, ...pageQuery(50, 200) })
      .superRefine(checkFilterDays)
      .superRefine(checkJump),
    response: galleryPageSchema,
  },
  get: {
    method: "GET",
    path: "/api/items/{id}",
    summary:
      "One item for the viewer: the item with its review, its task's parameters, lineage, ratings and the team.",
    access: "view",
    params: idParams,
    response: itemDetailSchema,
    errors: ["itemNotFound", "ballotInProgress"],
  },
  history: {
    method: "GET",
    path: "/api/items/{id}/history",
    summary: "The item's audit trail, newest first.",
    access: "view",
    params: idParams,
    query: z.object({ ...pageQuery(50, 200) }),
    response: z.object({ entries: z.array(historyEntrySchema), nextCursor: z.string().nullable() }),
    errors: ["itemNotFound", "invalidCursor"],
  },
  neighbors: {
    method: "GET",
    path: "/api/items/{id}/neighbors",
    summary:
      "The items before and after this one in the gallery's filtered order (the viewer's previous and next).",
    access: "view",
    params: idParams,
    query: z.object(galleryFilterShape).superRefine(checkFilterDays),
    response: neighborsSchema,
    errors: ["itemNotFound"],
  },
  rate: {
    method: "PUT",
    path: "/api/items/{id}/rating",
    summary: "Sets my rating of the item, 1 to 5 stars; answers the item's review.",
    access: "review",
    params: idParams,
    body: ratingBody,
    response: ratingAnswer,
    errors: ["itemNotFound"],
    // A rating may change which member covers a seed stack.
    invalidates: ["items", "gallery", "seedStacks"],
  },
  unrate: {
    method: "DELETE",
    path: "/api/items/{id}/rating",
    summary: "Removes my rating of the item.",
    access: "review",
    params: idParams,
    response: ratingAnswer,
    errors: ["itemNotFound"],
    // A rating may change which member covers a seed stack.
    invalidates: ["items", "gallery", "seedStacks"],
  },
  setState: {
    method: "PUT",
    path: "/api/items/{id}/state",
    summary: "Moves the item to a review state.",
    access: "review",
    params: idParams,
    body: stateBody,
    response: reviewAnswer,
    errors: ["itemNotFound"],
    invalidates: ["items", "gallery"],
  },
  assign: {
    method: "PUT",
    path: "/api/items/{id}/assignee",
    summary: "Assigns the item's review to a member, or to nobody (`userId: null`).",
    access: "review",
    params: idParams,
    body: assigneeBody,
    response: reviewAnswer,
    errors: ["itemNotFound"],
    invalidates: ["items", "gallery"],
  },
  setTags: {
    method: "PUT",
    path: "/api/items/{id}/tags",
    summary: "Replaces the item's tags (lower-cased, 1 to 64 characters each).",
    access: "organize",
    params: idParams,
    body: itemTagsSchema,
    response: z.object({ tags: z.array(z.string()) }),
    errors: ["itemNotFound"],
    invalidates: ["items", "gallery"],
  },
  star: {
    method: "PUT",
    path: "/api/items/{id}/star",
    summary: "Stars the item for the asking member (any member: a star is one's own bookmark).",
    access: "view",
    params: idParams,
    response: starAnswer,
    errors: ["itemNotFound"],
    invalidates: ["items", "gallery"],
  },
  unstar: {
    method: "DELETE",
    path: "/api/items/{id}/star",
    summary: "Takes the asking member's star off the item.",
    access: "view",
    params: idParams,
    response: starAnswer,
    errors: ["itemNotFound"],
    invalidates: ["items", "gallery"],
  },
  comments: {
    method: "GET",
    path: "/api/items/{id}/comments",
    summary: "The item's comment threads, oldest first, each with its replies.",
    access: "view",
    params: idParams,
    query: z.object({ ...pageQuery(50, 100) }),
    response: z.object({ threads: z.array(commentThreadSchema), nextCursor: z.string().nullable() }),
    errors: ["itemNotFound", "invalidCursor"],
  },
  addComment: {
    method: "POST",
    path: "/api/items/{id}/comments",
    summary:
      "Adds a comment or a reply, pinned to a point, a moment or a range or not, with marks drawn on the media; @Name mentions a member.",
    access: "review",
    params: idParams,
    body: newCommentBody,
    bodyLimit: 128 * 1024,
    response: z.object({ comment: commentViewSchema }),
    status: 201,
    errors: ["itemNotFound", "invalidCommentRange", "marksNeedMoment", "replyMarks"],
    invalidates: ["items", "versions"],
  },
  download: {
    method: "GET",
    path: "/api/items/{id}/download",
    summary: "The original file as it was made, saved under a name from its prompt (ranges for video).",
    access: "view",
    params: idParams,
    produces: "application/octet-stream",
    errors: ["itemNotFound", "downloadHeld"],
  },
  thumb: {
    method: "GET",
    path: "/api/items/{id}/thumb",
    summary: "The item's thumbnail (a video's poster frame), AVIF, WebP or JPEG by Accept.",
    access: "view",
    params: idParams,
    query: z.object({
      w: z
        .enum(widths, { error: `w is one of ${THUMB_WIDTHS.join(", ")} (pixels).` })
        .default("320")
        .transform(Number),
    }),
    produces: "image/*",
    errors: ["itemNotFound"],
  },
  scrub: {
    method: "GET",
    path: "/api/items/{id}/scrub",
    summary: "A video's strip of frames side by side (JPEG), for scrubbing a card by hovering across it.",
    access: "view",
    params: idParams,
    produces: "image/jpeg",
    errors: ["itemNotFound", "noScrubStrip"],
  },
  bulk: {
    method: "POST",
    path: "/api/items/bulk",
    summary: "One action on up to 500 items, all or none.",
    description:
      "Moving review states needs a reviewer; boards, tags and the trash an editor. Answers the action and the items it changed.",
    access: "view",
    body: bulkSchema,
    response: z.object({ action: z.enum(BULK_ACTIONS), changed: z.array(z.string()) }),
    errors: ["notFound"],
    // Trashing a seed takes it out of its stack, and may move the stack's cover.
    invalidates: ["items", "gallery", "boards", "trash", "seedStacks"],
  },
  compare: {
    method: "GET",
    path: "/api/items/compare",
    summary: `${COMPARE_MIN} to ${COMPARE_MAX} items side by side, each with its task's parameters, in the order named.`,
    access: "view",
    query: z.object({ ids: compareIds }),
    response: z.object({ items: z.array(compareEntrySchema) }),
    errors: ["notFound"],
  },
  zip: {
    method: "POST",
    path: "/api/items/zip",
    summary: "The originals of the chosen items as one zip, with a manifest of their parameters.",
    access: "view",
    body: itemIdsSchema,
    produces: "application/zip",
    errors: ["notFound", "downloadHeld"],
    invalidates: [],
  },
});
