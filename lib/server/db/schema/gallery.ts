import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { Mark } from "@/lib/studio/comments/marks";
import { user } from "./auth";
import { item } from "./studio";
import { voteRound } from "./votes";

/**
 * The review gallery's records: boards, tags, stars, ratings, the review audit trail, comments
 * and their mentions, saved searches and share links. An item's current review state, rating
 * summary and trash mark live on `item` itself (see ./studio.ts) so that every gallery filter is
 * one index scan on one table.
 *
 * No `server-only` here (see ./studio.ts).
 */

export const board = pgTable(
  "board",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The item its card shows; null shows the newest item on the board. */
    coverItemId: uuid("cover_item_id").references(() => item.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("board_created_idx").on(t.createdAt)],
);

/** An item can be on several boards. */
export const boardItem = pgTable(
  "board_item",
  {
    boardId: uuid("board_id")
      .notNull()
      .references(() => board.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.itemId] }), index("board_item_item_idx").on(t.itemId)],
);

/** Tags are lower-case words or short phrases, shared by the team. */
export const itemTag = pgTable(
  "item_tag",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.tag] }),
    index("item_tag_tag_idx").on(t.tag, t.itemId),
    check("item_tag_tag_check", sql`length(${t.tag}) between 1 and 64 and ${t.tag} = lower(${t.tag})`),
  ],
);

/** One star per member per item: a private bookmark, counted for nobody else. */
export const itemStar = pgTable(
  "item_star",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("item_star_item_idx").on(t.itemId)],
);

/** One 1-5 rating per reviewer per item; the item keeps the team's count and average. */
export const itemRating = pgTable(
  "item_rating",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    value: smallint("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    check("item_rating_value_check", sql`${t.value} between 1 and 5`),
  ],
);

/**
 * The audit trail: who changed what on an item, and when. Append-only: a database trigger
 * (migration 0002) refuses every UPDATE and DELETE, so no endpoint, bug or purge can rewrite it.
 * `item_id` is deliberately not a foreign key: the history of an item deleted for good stays.
 */
export const reviewEvent = pgTable(
  "review_event",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: uuid("item_id").notNull(),
    /** The member who acted; null for a guest on a share link (then `actorName` holds their name). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    kind: text("kind").notNull(),
    /** What it was and what it became, as the kind defines them (a state, a rating, a member id). */
    fromValue: jsonb("from_value"),
    toValue: jsonb("to_value"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("review_event_item_idx").on(t.itemId, t.id)],
);

/**
 * A comment on an item, optionally pinned to a point of an image (x and y as fractions of its
 * width and height) or to a moment of a video (seconds). A reply names its thread's first comment.
 */
export const comment = pgTable(
  "comment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id"),
    /** The member who wrote it; null for a guest on a share link. */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    guestName: text("guest_name"),
    shareLinkId: uuid("share_link_id"),
    /**
     * The guest who wrote it: SHA-256 (hex) of the secret in that browser's cookie for the link
     * (lib/server/comments/guest-identity.ts). A guest reads back only their own threads by it.
     */
    guestKey: text("guest_key"),
    body: text("body").notNull(),
    pinX: doublePrecision("pin_x"),
    pinY: doublePrecision("pin_y"),
    pinSeconds: doublePrecision("pin_seconds"),
    /** With `pinSeconds`, the out point of a range of a video (s). */
    pinEndSeconds: doublePrecision("pin_end_seconds"),
    /** Marks drawn on the media (lib/studio/comments/marks.ts), in fractions of its size; null when none. */
    marks: jsonb("marks").$type<Mark[]>(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, precision: 3 }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("comment_item_idx").on(t.itemId, t.createdAt),
    index("comment_parent_idx").on(t.parentId),
    index("comment_guest_idx").on(t.shareLinkId, t.guestKey).where(sql`${t.guestKey} is not null`),
    check("comment_author_check", sql`${t.authorId} is not null or ${t.guestName} is not null`),
    check("comment_body_check", sql`length(${t.body}) between 1 and 4000`),
    check(
      "comment_pin_check",
      sql`(${t.pinX} is null) = (${t.pinY} is null) and (${t.pinX} is null or (${t.pinX} between 0 and 1 and ${t.pinY} between 0 and 1)) and (${t.pinSeconds} is null or ${t.pinSeconds} >= 0)`,
    ),
    check(
      "comment_range_check",
      sql`${t.pinEndSeconds} is null or (${t.pinSeconds} is not null and ${t.pinEndSeconds} > ${t.pinSeconds})`,
    ),
    // Replies carry no marks: a mark belongs to the comment that starts a thread.
    check(
      "comment_marks_check",
      sql`${t.marks} is null or (jsonb_typeof(${t.marks}) = 'array' and ${t.parentId} is null)`,
    ),
  ],
);

/** A member named in a comment with @: their inbox lists it until they read it. */
export const mention = pgTable(
  "mention",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comment.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("mention_user_created_idx").on(t.userId, t.createdAt),
    index("mention_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A named gallery view ("smart board"): the filter state as the gallery's URL query string. */
export const savedSearch = pgTable(
  "saved_search",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    /** Shared with the team, or the owner's own. */
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("saved_search_owner_idx").on(t.ownerId), index("saved_search_shared_idx").on(t.shared)],
);

/**
 * A link to one item or one board for people without an account. Only the token's hash is
 * stored; every read through the link (page, media, comments) checks it is live.
 */
export const shareLink = pgTable(
  "share_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * The token's first characters, as the address shows them after `/s/`: enough for a person to
     * match a row in Settings with the link they handed out, far too little to guess the rest.
     * Null for links made before it was kept.
     */
    prefix: text("prefix"),
    itemId: uuid("item_id").references(() => item.id, { onDelete: "cascade" }),
    boardId: uuid("board_id").references(() => board.id, { onDelete: "cascade" }),
    /** A blind vote round: guests see its ranking once it is closed. */
    roundId: uuid("round_id").references(() => voteRound.id, { onDelete: "cascade" }),
    /** Guests may comment under a name they give. */
    allowComments: boolean("allow_comments").notNull().default(false),
    /** Guests see the prompt and parameters; unticked, only the media. */
    showParams: boolean("show_params").notNull().default(true),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // Exactly one target: an item, a board or a vote round.
    check("share_link_target_check", sql`num_nonnulls(${t.itemId}, ${t.boardId}, ${t.roundId}) = 1`),
    index("share_link_created_idx").on(t.createdAt),
  ],
);

/**
 * Where an item came from: a studio image or video it was made from (image-to-image seed, mask,
 * outpaint, ControlNet guide, video frame or reference), with the role it played.
 */
export const itemSource = pgTable(
  "item_source",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    sourceItemId: uuid("source_item_id")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    /** `seedImage`, `maskImage`, `controlNet`, `frameImages`, `referenceImages`, ... */
    role: text("role").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.sourceItemId, t.role] }),
    index("item_source_source_idx").on(t.sourceItemId),
  ],
);

export type BoardRow = typeof board.$inferSelect;
export type CommentRow = typeof comment.$inferSelect;
export type ReviewEventRow = typeof reviewEvent.$inferSelect;
export type SavedSearchRow = typeof savedSearch.$inferSelect;
export type ShareLinkRow = typeof shareLink.$inferSelect;
