import { z } from "zod";
import { commentPinInput } from "../comments/comments";
import { marksInput } from "../comments/marks";
import { parseGalleryFilter } from "../gallery/filter";
import { isOneLine, multilineText, oneLineText } from "../person-text";
import { REVIEW_STATES } from "../review/review";

/**
 * The rules of organizing the gallery (boards, tags, bulk actions, saved searches, share links),
 * written once: the Route Handlers parse with these schemas and the forms read the same bounds.
 * No server imports here.
 */

export const BULK_MAX_ITEMS = 500;
/** Boards a team keeps at once: far more than a gallery's menus list usefully. */
export const TEAM_BOARDS_MAX = 500;
/** Share links live at once (not revoked, not expired) across the team. */
export const TEAM_LIVE_SHARE_LINKS_MAX = 1000;
export const TAG_MAX_LENGTH = 64;
export const BOARD_NAME_MAX = 80;
export const BOARD_DESCRIPTION_MAX = 500;
export const SEARCH_NAME_MAX = 80;
export const SEARCH_QUERY_MAX = 2000;
export const GUEST_NAME_MAX = 60;
export const SHARE_DAYS_MAX = 365;

const id = z.uuid({ error: "An id is a UUID." });

/** A tag as stored: trimmed, lower-case, 1 to 64 characters (the table checks it too). */
export const tagSchema = z
  .string()
  .refine(isOneLine, "A tag is one line of text: no line breaks, control characters or text-direction marks.")
  .trim()
  .toLowerCase()
  .min(1, "A tag has at least one character.")
  .max(TAG_MAX_LENGTH, `A tag has at most ${TAG_MAX_LENGTH} characters.`);

export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase();
}

export const itemIdsSchema = z.object({
  itemIds: z
    .array(id)
    .min(1, "Choose at least one item.")
    .max(BULK_MAX_ITEMS, `At most ${BULK_MAX_ITEMS} items at once.`),
});

export const boardCreateSchema = z.object({
  name: oneLineText().trim().min(1, "A board needs a name.").max(BOARD_NAME_MAX),
  description: multilineText().trim().max(BOARD_DESCRIPTION_MAX).optional(),
});

export const boardPatchSchema = z.object({
  name: oneLineText().trim().min(1, "A board needs a name.").max(BOARD_NAME_MAX).optional(),
  description: multilineText().trim().max(BOARD_DESCRIPTION_MAX).optional(),
  coverItemId: id.nullable().optional(),
});

export const itemTagsSchema = z.object({
  tags: z.array(tagSchema).max(50, "At most 50 tags on an item."),
});

export const BULK_ACTIONS = ["board.add", "board.remove", "tag.add", "tag.remove", "state", "trash"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkSchema = itemIdsSchema
  .extend({
    action: z.enum(BULK_ACTIONS),
    boardId: id.optional(),
    tag: tagSchema.optional(),
    state: z.enum(REVIEW_STATES).optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: "boardId" | "tag" | "state", what: string) => {
      if (body[field] === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: `This action needs ${what}.` });
    };
    if (body.action === "board.add" || body.action === "board.remove") need("boardId", "a board");
    if (body.action === "tag.add" || body.action === "tag.remove") need("tag", "a tag");
    if (body.action === "state") need("state", "a review state");
  });
export type BulkBody = z.output<typeof bulkSchema>;

/**
 * A saved view's gallery query: one the gallery can show. A bad filter value (an impossible day,
 * an unknown state) is refused when saved, naming the filter, rather than kept for every member
 * who opens the view.
 */
const savedQuery = z
  .string()
  .max(SEARCH_QUERY_MAX)
  .transform((q) => q.replace(/^\?/, ""))
  .superRefine((q, ctx) => {
    const outcome = parseGalleryFilter(new URLSearchParams(q));
    if (outcome.ok) return;
    for (const error of outcome.errors) ctx.addIssue({ code: "custom", message: error.message });
  });

export const savedSearchCreateSchema = z.object({
  name: oneLineText().trim().min(1, "A saved view needs a name.").max(SEARCH_NAME_MAX),
  query: savedQuery,
  shared: z.boolean().default(false),
});

export const savedSearchPatchSchema = z.object({
  name: oneLineText().trim().min(1, "A saved view needs a name.").max(SEARCH_NAME_MAX).optional(),
  query: savedQuery.optional(),
  shared: z.boolean().optional(),
});

export const shareLinkCreateSchema = z
  .object({
    itemId: id.optional(),
    boardId: id.optional(),
    /** A blind vote of an experiment: guests see its ranking once it is closed. */
    roundId: id.optional(),
    allowComments: z.boolean().default(false),
    /** A vote's link only: guests vote through it, blind, while the vote is open. */
    guestVotes: z.boolean().default(false),
    // Guests see only the media unless the prompt and settings are asked for.
    showParams: z.boolean().default(false),
    expiresInDays: z.int().min(1).max(SHARE_DAYS_MAX).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const targets = [body.itemId, body.boardId, body.roundId].filter((t) => t !== undefined).length;
    if (targets !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["itemId"],
        message: "Share either one item, one board or one vote.",
      });
    if (body.guestVotes && body.roundId === undefined)
      ctx.addIssue({ code: "custom", path: ["guestVotes"], message: "Only a vote's link can take votes." });
  });

export const guestCommentSchema = z.object({
  name: oneLineText().trim().min(1, "Say who you are.").max(GUEST_NAME_MAX),
  body: multilineText().trim().min(1, "Write a comment.").max(4000),
  /** A guest may point at a moment of a video and draw on the media, as a member does. */
  pin: commentPinInput.nullish(),
  marks: marksInput.nullish(),
});
export type GuestCommentInput = z.output<typeof guestCommentSchema>;

export const trashedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  url: z.string(),
  prompt: z.string().nullable(),
  authorName: z.string(),
  deletedAt: z.string(),
  deletedByName: z.string(),
  /** When the sweep deletes it for good. */
  purgeAt: z.string(),
});
export type TrashedItem = z.infer<typeof trashedItemSchema>;
