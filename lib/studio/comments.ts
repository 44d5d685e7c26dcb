/** Where a comment points: a point of an image (fractions of its size) or a moment of a video (s). */
export type CommentPin = { x: number; y: number } | { seconds: number };

/** A comment as the viewer's threads show it (`GET /api/items/[id]/comments`). */
export interface CommentView {
  id: string;
  itemId: string;
  /** The thread's first comment; null for a thread's first comment itself. */
  parentId: string | null;
  authorId: string | null;
  authorName: string;
  body: string;
  pin: CommentPin | null;
  resolved: boolean;
  resolvedByName: string | null;
  mentions: { id: string; name: string }[];
  createdAt: string;
  editedAt: string | null;
}

/** A thread: its first comment with the replies under it, oldest first. */
export interface CommentThread extends CommentView {
  replies: CommentView[];
}

export const COMMENT_MAX = 4000;
