import { z } from "zod";
import { pageQuery, resource, uuid } from "./endpoint";

/** The inbox: the comments that mention the signed-in member, newest first. */

export const inboxEntrySchema = z.object({
  commentId: z.string(),
  itemId: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  comment: z.object({ body: z.string(), parentId: z.string().nullable(), authorName: z.string() }),
  item: z.object({
    kind: z.enum(["image", "video"]),
    prompt: z.string().nullable(),
    /** A small thumbnail; `url` (the full media) when the thumbnail cannot be had. */
    thumbUrl: z.string(),
    url: z.string(),
    inTrash: z.boolean(),
  }),
});
/** One mention of me in a comment, as the inbox lists it. */
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxPageSchema = z.object({
  entries: z.array(inboxEntrySchema),
  nextCursor: z.string().nullable(),
  /** Mentions of me not read yet, over the whole inbox. */
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Some mentions by their comment, or all of them. */
export const markReadSchema = z.union([
  z.strictObject({ commentIds: z.array(uuid()).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const inbox = resource("inbox", {
  list: {
    method: "GET",
    path: "/api/inbox",
    summary: "My mentions, newest first, with the unread count.",
    access: "view",
    query: z.object({ ...pageQuery(30, 100) }),
    response: inboxPageSchema,
    errors: ["invalidCursor"],
  },
  markRead: {
    method: "POST",
    path: "/api/inbox/read",
    summary: "Marks mentions of me read: some comments, or all; answers the unread count.",
    access: "view",
    body: markReadSchema,
    response: z.object({ unread: z.number().int() }),
  },
});
