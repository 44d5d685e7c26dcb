import { z } from "zod";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from "../notifications/notifications";
import { pageQuery, resource, uuid } from "./endpoint";

/**
 * The inbox: the signed-in member's notifications (mentions, assignments, review states on their
 * items, replies in their threads, votes opened, experiments ended), newest first.
 */

const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** One kind's choice: listed in the inbox, sent by email. */
const notificationChoiceSchema = z.strictObject({ inbox: z.boolean(), email: z.boolean() });

/** A member's choice for every kind, and no other key. */
export const notificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationChoiceSchema])) as Record<
    NotificationKind,
    typeof notificationChoiceSchema
  >,
) satisfies z.ZodType<NotificationSettings>;

export const inboxEntrySchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  createdAt: z.string(),
  read: z.boolean(),
  /** Who caused it; null for an experiment ending (nobody did). */
  actorName: z.string().nullable(),
  /** What happened, in words, after the actor's name. */
  text: z.string(),
  /** Where it opens: a path on the studio. */
  href: z.string(),
  /** The comment, for a mention or a reply: its id and its text. */
  commentId: z.string().nullable(),
  excerpt: z.string().nullable(),
  item: z
    .object({
      id: z.string(),
      kind: z.enum(["image", "video"]),
      prompt: z.string().nullable(),
      /** A small thumbnail; `url` (the full media) when the thumbnail cannot be had. */
      thumbUrl: z.string(),
      url: z.string(),
      inTrash: z.boolean(),
    })
    .nullable(),
});
/** One notification, as the inbox lists it. */
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxPageSchema = z.object({
  entries: z.array(inboxEntrySchema),
  nextCursor: z.string().nullable(),
  /** Notifications not read yet, over the whole inbox (whatever the filter). */
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Some notifications by id, or all of them. */
export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(uuid()).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);

const FLAGS = ["", "0", "false", "1", "true"] as const;

export const inbox = resource("inbox", {
  list: {
    method: "GET",
    path: "/api/inbox",
    summary: "My notifications, newest first, with the unread count; of one kind, or unread only.",
    access: "view",
    query: z.object({
      ...pageQuery(30, 100),
      kind: z
        .enum(NOTIFICATION_KINDS, { error: `kind is one of ${NOTIFICATION_KINDS.join(", ")}.` })
        .optional(),
      unread: z
        .enum(FLAGS, { error: "unread is 1 (only notifications not read yet) or 0." })
        .default("")
        .transform((flag) => flag === "1" || flag === "true"),
    }),
    response: inboxPageSchema,
    errors: ["invalidCursor"],
  },
  unread: {
    method: "GET",
    path: "/api/inbox/unread",
    summary: "How many of my notifications I have not read.",
    access: "view",
    response: z.object({ unread: z.number().int() }),
  },
  markRead: {
    method: "POST",
    path: "/api/inbox/read",
    summary: "Marks my notifications read: some by id, or all; answers the unread count.",
    access: "view",
    body: markReadSchema,
    response: z.object({ unread: z.number().int() }),
    invalidates: ["inbox"],
  },
  settings: {
    method: "GET",
    path: "/api/inbox/settings",
    summary: "For each kind of notification: whether it reaches my inbox and my email.",
    access: "view",
    response: z.object({
      settings: notificationSettingsSchema,
      /** Whether the studio can send email at all (SMTP configured). */
      emailAvailable: z.boolean(),
    }),
  },
  saveSettings: {
    method: "PUT",
    path: "/api/inbox/settings",
    summary: "Sets, for each kind of notification, whether it reaches my inbox and my email.",
    access: "view",
    body: notificationSettingsSchema,
    response: z.object({ settings: notificationSettingsSchema, emailAvailable: z.boolean() }),
    invalidates: ["inbox"],
  },
});
