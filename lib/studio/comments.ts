import { z } from "zod";
import { isUuid } from "./params";

export const COMMENT_MAX = 4000;

/** Where a comment points: a point of an image (fractions of its size) or a moment of a video (s). */
export const commentPinSchema = z.union([
  z.object({ x: z.number(), y: z.number() }),
  z.object({ seconds: z.number() }),
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
const commentText = z
  .string()
  .trim()
  .min(1, "Write something first.")
  .max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX} characters.`);
const pinInput = z.union([
  z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
  z.strictObject({ seconds: z.number().min(0).max(86_400) }),
]);

/** A new comment: its text, the thread it answers, and where it points. */
export const newCommentBody = z.strictObject({
  body: commentText,
  parentId: commentId.nullish(),
  pin: pinInput.nullish(),
});
export type NewComment = z.output<typeof newCommentBody>;

/** Resolves or reopens a comment, or edits its text. */
export const commentPatchBody = z.union([
  z.strictObject({ resolved: z.boolean() }),
  z.strictObject({ body: commentText }),
]);
export type CommentPatch = z.output<typeof commentPatchBody>;
