import { z } from "zod";
import { isUuid } from "../params";
import { multilineText } from "../person-text";
import { marksInput, marksView } from "./marks";

export const COMMENT_MAX = 4000;

/**
 * Where a comment points: a point of an image (fractions of its size), or a moment of a video (s),
 * or a range of it from `seconds` (in) to `endSeconds` (out).
 */
export const commentPinSchema = z.union([
  z.object({ x: z.number(), y: z.number() }),
  z.object({ seconds: z.number(), endSeconds: z.number().optional() }),
]);
export type CommentPin = z.infer<typeof commentPinSchema>;

/** A comment as the viewer's threads show it. */
export const commentViewSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  /** The thread's first comment; null for a thread's first comment itself. */
  parentId: z.string().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  pin: commentPinSchema.nullable(),
  /** Drawn on the image, or on the video's frame at the pin's moment; empty when none. */
  marks: marksView,
  resolved: z.boolean(),
  resolvedByName: z.string().nullable(),
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type CommentView = z.infer<typeof commentViewSchema>;

/** A thread: its first comment with the replies under it, oldest first. */
export const commentThreadSchema = commentViewSchema.extend({ replies: z.array(commentViewSchema) });
export type CommentThread = z.infer<typeof commentThreadSchema>;

const commentId = z.string().refine(isUuid, "Expected the id of a comment.");
const commentText = multilineText()
  .trim()
  .min(1, "Write something first.")
  .max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX} characters.`);
const seconds = z.number().min(0).max(86_400);
/** Where a new comment points, as written (a range's out point after its in point). */
export const commentPinInput = z.union([
  z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
  z
    .strictObject({ seconds, endSeconds: seconds.optional() })
    .refine((p) => p.endSeconds === undefined || p.endSeconds > p.seconds, {
      message: "The out point comes after the in point.",
      path: ["endSeconds"],
    }),
]);

/** A new comment: its text, the thread it answers, where it points and the marks drawn with it. */
export const newCommentBody = z
  .strictObject({
    body: commentText,
    parentId: commentId.nullish(),
    pin: commentPinInput.nullish(),
    marks: marksInput.nullish(),
  })
  .refine((c) => !c.parentId || !c.marks || c.marks.length === 0, {
    message: "A reply carries no marks: draw on the media with a new comment.",
    path: ["marks"],
  });
export type NewComment = z.output<typeof newCommentBody>;

/** Resolves or reopens a comment, or edits its text. */
export const commentPatchBody = z.union([
  z.strictObject({ resolved: z.boolean() }),
  z.strictObject({ body: commentText }),
]);
export type CommentPatch = z.output<typeof commentPatchBody>;
