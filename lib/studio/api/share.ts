import { z } from "zod";
import { commentPinSchema } from "@/lib/studio/comments/comments";
import { marksView } from "@/lib/studio/comments/marks";
import { guestCommentSchema } from "@/lib/studio/organize/organize";
import { pageQuery, resource, uuid } from "./endpoint";

/**
 * What a guest with a share link reads: no session, the token in the path. An unknown, guessed,
 * expired and revoked token all answer the same 404, media and comments included.
 */

/**
 * The member's card (lib/studio/items/gallery-item.ts, built by the one item view) as a guest may read
 * it: these fields under the same names and types, nothing else. Parsing a card with it drops the
 * rest (the author, the task, the team's review, the member's star, the studio's media path).
 */
export const sharedCardSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
});
/** With the prompt and settings shown: the card's prompt too. */
export const sharedCardWithPromptSchema = sharedCardSchema.extend({ prompt: z.string().nullable() });

/** An item as a guest sees it through a link: the card's shared fields and the media's URL. */
export const sharedItemSchema = sharedCardSchema.extend({
  /** The media through this link, checked again on every request. */
  mediaUrl: z.string(),
  /** Only when the link shows the prompt and settings. */
  prompt: z.string().nullable().optional(),
  /** The settings a guest may read (plain values, the seed), when the link shows them. */
  params: z.record(z.string(), z.unknown()).optional(),
  /**
   * Waiting for the team's approval: the media is a still preview (a video's first frame), the
   * original comes once approved.
   */
  held: z.boolean().optional(),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const sharedViewSchema = z.object({
  kind: z.enum(["item", "board"]),
  title: z.string(),
  description: z.string(),
  allowComments: z.boolean(),
  showParams: z.boolean(),
  expiresAt: z.string().nullable(),
  items: z.array(sharedItemSchema),
  nextCursor: z.string().nullable(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

/**
 * A comment as a guest reads it: one of their own, or the team's reply in their thread. A guest
 * reads nothing else of the item's comments, and never a member's name (lib/server/comments/guest-threads.ts).
 */
export const guestCommentViewSchema = z.object({
  id: z.string(),
  /** The thread's first comment when this is a reply in it. */
  parentId: z.string().nullable(),
  /** The name the guest gave, or "Team" for a member's reply. */
  authorName: z.string(),
  guest: z.boolean(),
  body: z.string(),
  /** Where the comment points (a point, a moment or a range), and what was drawn with it. */
  pin: commentPinSchema.nullable(),
  marks: marksView,
  createdAt: z.string(),
});
export type GuestComment = z.infer<typeof guestCommentViewSchema>;

// A token is checked by looking it up (route() does, once): a malformed one is a dead link like
// any other (404).
const tokenParams = z.object({ token: z.string() });
const linkErrors = ["shareLinkGone"] as const;

export const share = resource("share", {
  get: {
    method: "GET",
    path: "/api/share/{token}",
    summary: "What the link names, and nothing else: its item, or a page of its board's items.",
    access: "public",
    caller: { kind: "shareLink" },
    params: tokenParams,
    query: z.object({ ...pageQuery(48, 100) }),
    response: sharedViewSchema,
    errors: [...linkErrors, "invalidCursor"],
  },
  comments: {
    method: "GET",
    path: "/api/share/{token}/comments",
    summary:
      "My own threads on a shared item and the team's replies in them, oldest first (when the link takes comments).",
    description:
      "The guest is the browser's cookie for this link, set by their first comment: without it the list is empty. The team's other threads, other guests' threads and members' names are never answered.",
    access: "public",
    caller: { kind: "shareLink", reaches: "item", comments: true },
    params: tokenParams,
    query: z.object({ itemId: uuid(), ...pageQuery(100, 200) }),
    response: z.object({ comments: z.array(guestCommentViewSchema), nextCursor: z.string().nullable() }),
    errors: [...linkErrors, "sharedItemNotShown", "shareCommentsOff", "invalidCursor"],
  },
  comment: {
    method: "POST",
    path: "/api/share/{token}/comments",
    summary: "A guest's comment on a shared item, under a name of their own (when the link takes comments).",
    description:
      "Starts a thread the team reads; the answer sets the cookie that names this guest on this link.",
    access: "public",
    caller: { kind: "shareLink", reaches: "item", comments: true },
    params: tokenParams,
    query: z.object({ itemId: uuid() }),
    body: guestCommentSchema,
    // Room for a comment's marks at their most (lib/studio/comments/marks.ts).
    bodyLimit: 96 * 1024,
    status: 201,
    response: z.object({ comment: guestCommentViewSchema }),
    errors: [
      ...linkErrors,
      "sharedItemNotShown",
      "shareCommentsOff",
      "guestCommentsLimited",
      "guestNameTaken",
      "invalidCommentRange",
      "marksNeedMoment",
    ],
    invalidates: ["share"],
  },
  media: {
    method: "GET",
    path: "/api/share/{token}/media/{itemId}",
    summary:
      "The media of an item the link names, checked on every request (ranges for video); a still preview while its approval holds downloads.",
    access: "public",
    caller: { kind: "shareLink", reaches: "item" },
    params: z.object({ token: z.string(), itemId: uuid() }),
    produces: "application/octet-stream",
    errors: [...linkErrors, "sharedItemNotShown"],
  },
});
