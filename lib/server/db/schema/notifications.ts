import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS, type NotificationDetail } from "../../../studio/notifications/notifications";
import { user } from "./auth";
import { comment } from "./gallery";
import { item } from "./studio";

/**
 * Members' notifications: one row per member per event (a mention, an assignment, a review state
 * changed on their item, a reply in their thread, a vote opened, an experiment ended). The inbox
 * lists the rows with `in_inbox`; rows with an email to send are the mail queue, so an email
 * survives a restart and is retried.
 *
 * No `server-only` here (see ./studio.ts).
 */

export const EMAIL_STATES = ["pending", "sent", "failed"] as const;

export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who caused it; null when nobody did (an experiment ending) or they left the team. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    itemId: uuid("item_id").references(() => item.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comment.id, { onDelete: "cascade" }),
    /** What the event was about when it happened (a state's name, an experiment's, a vote's). */
    detail: jsonb("detail").$type<NotificationDetail>().notNull().default({}),
    /** Listed in the inbox (the member's setting for the kind when it happened). */
    inInbox: boolean("in_inbox").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
    /** null: no email for it; else where its email is. */
    emailState: text("email_state", { enum: EMAIL_STATES }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailNextAt: timestamp("email_next_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("notification_inbox_idx").on(t.userId, t.createdAt, t.id).where(sql`${t.inInbox}`),
    index("notification_kind_idx").on(t.userId, t.kind, t.createdAt).where(sql`${t.inInbox}`),
    index("notification_unread_idx").on(t.userId).where(sql`${t.inInbox} and ${t.readAt} is null`),
    index("notification_mail_idx").on(t.emailNextAt).where(sql`${t.emailState} = 'pending'`),
    // Deleting an item or a comment deletes its notifications: found by these.
    index("notification_item_idx").on(t.itemId),
    index("notification_comment_idx").on(t.commentId),
    check(
      "notification_kind_check",
      sql`${t.kind} in ('mention', 'assigned', 'state', 'reply', 'vote', 'experiment', 'approval')`,
    ),
  ],
);

/** A member's choice for one kind; a kind without a row follows the defaults. */
export const notificationSetting = pgTable(
  "notification_setting",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    inbox: boolean("inbox").notNull(),
    email: boolean("email").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type NotificationRow = typeof notification.$inferSelect;
