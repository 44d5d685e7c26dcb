import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { APPROVAL_DECISIONS, APPROVAL_STATUSES } from "../../../studio/approvals/approvals";
import { user } from "./auth";
import { board } from "./gallery";
import { item } from "./studio";

/**
 * Review requests: a set of items (a board's, or a selection of the gallery's) sent through
 * ordered stages of reviewers, each of whom decides. The request row is the one every decision
 * locks, so a stage advances exactly once however many studios share the database.
 *
 * No `server-only` here (see ./studio.ts).
 */

export const approvalRequest = pgTable(
  "approval_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The board it was asked for; null for a selection (the items are kept either way). */
    boardId: uuid("board_id").references(() => board.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true, precision: 3 }),
    /** Guests and viewers may not download its items' originals until it is approved. */
    holdDownloads: boolean("hold_downloads").notNull().default(false),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull().default("inReview"),
    /** 0-based position of the stage deciding now (the stopping one once decided). */
    activeStage: integer("active_stage").notNull().default(0),
    /** Reopening starts a new round: earlier rounds' decisions stay, uncounted. */
    round: integer("round").notNull().default(1),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("approval_request_created_idx").on(t.createdAt, t.id),
    index("approval_request_open_idx").on(t.dueAt).where(sql`${t.status} = 'inReview'`),
    check(
      "approval_request_status_check",
      sql`${t.status} in ('inReview', 'approved', 'changesRequested', 'rejected', 'cancelled')`,
    ),
  ],
);

export const approvalItem = pgTable(
  "approval_item",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => approvalRequest.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.itemId] }), index("approval_item_item_idx").on(t.itemId)],
);

export const approvalStage = pgTable(
  "approval_stage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => approvalRequest.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
  },
  (t) => [unique("approval_stage_position_key").on(t.requestId, t.position)],
);

/** Who decides in a stage: a member, or a guest through a link of their own (only its hash kept). */
export const approvalReviewer = pgTable(
  "approval_reviewer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => approvalRequest.id, { onDelete: "cascade" }),
    stageId: uuid("stage_id")
      .notNull()
      .references(() => approvalStage.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    guestName: text("guest_name"),
    guestTokenHash: text("guest_token_hash").unique(),
    /** Where the requester said they reach the guest; kept for them, never shown to the guest. */
    guestEmail: text("guest_email"),
    /** The requester withdrew the guest's link: it opens a page saying so, and decides nothing. */
    linkRevokedAt: timestamp("link_revoked_at", { withTimezone: true, precision: 3 }),
    /**
     * Taken off the request by its requester; the row stays so the decisions of earlier rounds
     * that name it stay on record. Every reader of reviewers leaves removed ones out.
     */
    removedAt: timestamp("removed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check("approval_reviewer_who_check", sql`num_nonnulls(${t.userId}, ${t.guestTokenHash}) = 1`),
    uniqueIndex("approval_reviewer_member_key").on(t.stageId, t.userId).where(sql`${t.removedAt} is null`),
    index("approval_reviewer_user_idx").on(t.userId),
    index("approval_reviewer_request_idx").on(t.requestId),
  ],
);

/**
 * A guest's link that a newer one replaced: only its hash, kept so that whoever opens the old link
 * is told it was replaced (and whom to ask) rather than that it never existed.
 */
export const approvalRetiredLink = pgTable(
  "approval_retired_link",
  {
    tokenHash: text("token_hash").primaryKey(),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => approvalReviewer.id, { onDelete: "cascade" }),
    retiredAt: timestamp("retired_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("approval_retired_link_reviewer_idx").on(t.reviewerId)],
);

/** One decision per reviewer per round: the key refuses a second one sent at the same moment. */
export const approvalDecision = pgTable(
  "approval_decision",
  {
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => approvalReviewer.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => approvalRequest.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: APPROVAL_DECISIONS }).notNull(),
    note: text("note").notNull().default(""),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewerId, t.round] }),
    index("approval_decision_request_idx").on(t.requestId, t.round),
    check(
      "approval_decision_check",
      sql`${t.decision} in ('approve', 'approveWithChanges', 'changesRequested', 'reject')`,
    ),
  ],
);

/** The day's reminder digest: the first studio to insert the day's row sends it, the rest skip. */
export const approvalDigest = pgTable("approval_digest", {
  day: date("day", { mode: "string" }).primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  reviewers: integer("reviewers").notNull().default(0),
});

export type ApprovalRequestRow = typeof approvalRequest.$inferSelect;
