import { getTableColumns, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { ServiceError } from "../../../protocol/errors";
import { REVIEW_STATES } from "../../../studio/review/review";
import { user } from "./auth";

/** PostgreSQL's full-text document type; read only through SQL (`@@`), never selected. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The studio's own records: every task its users sent, one row per result with the media bytes
 * kept in media storage (the service's URLs expire), and the images users uploaded from a browser.
 *
 * No `server-only` here: drizzle-kit loads the schema outside Next.js to generate migrations, and
 * table definitions hold no secrets.
 */

export const TASK_STATUSES = ["queued", "processing", "success", "error"] as const;
export type StudioTaskStatus = (typeof TASK_STATUSES)[number];
/** Statuses after which a task changes no more. */
export const FINISHED_TASK_STATUSES = ["success", "error"] as const satisfies readonly StudioTaskStatus[];

export const ITEM_KINDS = ["image", "video"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The contract's error object as stored, with whatever else the service sent beside it. */
export type StoredTaskError = ServiceError & { [extra: string]: unknown };

export const task = pgTable(
  "task",
  {
    taskUUID: uuid("task_uuid").primaryKey(),
    taskType: text("task_type").notNull(),
    // `restrict`: a team's gallery outlives a member's account only if accounts with work are
    // deactivated rather than deleted; deleting one fails instead of silently dropping media.
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    /** The task as sent, inline media replaced by references (see `externalizeInlineMedia`). */
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("queued"),
    /** Results expected: the task's `numberResults`, 1 when it has none. */
    itemCount: integer("item_count").notNull().default(1),
    progress: integer("progress"),
    error: jsonb("error").$type<StoredTaskError>(),
    /**
     * USD held against the budgets while the task runs: its estimate, taken in the transaction
     * that admitted it. Released by the task ending (only unfinished tasks hold), and counted
     * less what its results were already charged. Null when no budget applied or no estimate.
     */
    heldUsd: doublePrecision("held_usd"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3 }),
    /**
     * Steering of a task waiting in the studio (lib/server/queue): held back by a pause, its
     * priority (1 high, 0 normal, -1 low) and its place among its author's waiting tasks (lower
     * first; ties by creation). A waiting task goes out in priority, then rank, order.
     */
    held: boolean("held").notNull().default(false),
    priority: smallint("priority").notNull().default(0),
    rank: doublePrecision("rank").notNull().default(0),
    /**
     * When a studio took the task to write it to the service: set by one conditional update that
     * also checks `held`, so a task is either paused or sent, never both. Null while it waits.
     */
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    /** Bumped by each bulk edit of a waiting task: a studio holding an older copy rebuilds it. */
    revision: integer("revision").notNull().default(0),
  },
  // Indexes are ascending on purpose: Postgres scans a btree backwards for `order by ... desc`,
  // while a `desc nulls last` index would not match the default `desc` (nulls first) ordering.
  (t) => [
    // The UUID last: lists newest first break ties by it, so a page cursor `(created_at, task_uuid)`
    // is a range of the index, not a filter over every newer row.
    index("task_author_created_idx").on(t.authorId, t.createdAt, t.taskUUID),
    index("task_created_idx").on(t.createdAt, t.taskUUID),
    // Partial: after a restart the studio re-polls only the few unfinished tasks.
    index("task_in_flight_idx").on(t.createdAt).where(sql`${t.status} in ('queued', 'processing')`),
    // The queue drawer's counts and its in-flight pages: a member's unfinished tasks, and the
    // team's, read from this small index however many finished tasks the table holds.
    // The waiting queue in its sending order, read by the drawer and the steering endpoints.
    index("task_waiting_idx")
      .on(t.authorId, t.priority, t.rank)
      .where(sql`${t.status} = 'queued' and ${t.sentAt} is null`),
    index("task_author_in_flight_idx")
      .on(t.authorId, t.createdAt, t.taskUUID)
      .where(sql`${t.status} in ('queued', 'processing')`),
    // Prompt history's search: the prompt each task was sent with, as a full-text document.
    index("task_prompt_search_idx").using(
      "gin",
      sql`to_tsvector('english', coalesce(${t.params} ->> 'positivePrompt', ''))`,
    ),
    check("task_status_check", sql`${t.status} in ('queued', 'processing', 'success', 'error')`),
    check("task_priority_check", sql`${t.priority} between -1 and 1`),
    check("task_item_count_check", sql`${t.itemCount} >= 0`),
    check("task_progress_check", sql`${t.progress} is null or (${t.progress} between 0 and 100)`),
  ],
);

export const item = pgTable(
  "item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskUUID: uuid("task_uuid")
      .notNull()
      .references(() => task.taskUUID, { onDelete: "cascade" }),
    // Copied from the task so "newest by author" is one index scan, not a join.
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    /** 0-based position among the task's results, when the delivery tells it. */
    index: integer("index"),
    /** The service's `imageUUID` or `videoUUID`. */
    mediaUUID: text("media_uuid").notNull(),
    kind: text("kind", { enum: ITEM_KINDS }).notNull(),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    durationSeconds: doublePrecision("duration_seconds"),
    // numeric, not bigint: image seeds reach 9223372036854775807 and past a JS number's precision;
    // a decimal string keeps every digit and sorts numerically in SQL.
    seed: numeric("seed", { precision: 20, scale: 0, mode: "string" }).notNull(),
    /** USD, when the task asked for `includeCost`. */
    cost: doublePrecision("cost"),
    /** The service's `NSFWContent`, when the task used `safety`. */
    nsfw: boolean("nsfw"),
    /** The prompt's words the result says were not drawn (the built-in engine's `notDrawn`). */
    notDrawn: text("not_drawn").array(),
    storageKey: text("storage_key").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    // Millisecond precision so a JS Date (and so a page cursor) holds the exact stored value.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),

    // Facts of the task copied onto each of its items when recorded, so that every gallery filter
    // reads one table through one index (see `itemFacts`). Null on rows recorded before they
    // existed until the start-up backfill fills them.
    taskType: text("task_type"),
    /** `workflowOf` the task: text-to-image, inpainting, video, ... */
    workflow: text("workflow"),
    model: text("model"),
    /** The LoRA models (AIR ids) the task used. */
    loras: text("loras").array().notNull().default(sql`'{}'::text[]`),
    prompt: text("prompt"),
    /** Full-text document of the prompt, kept by PostgreSQL itself (GIN-indexed). */
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('english', coalesce(prompt, ''))`),

    // Review, kept current here; its history is `review_event`.
    reviewState: text("review_state", { enum: REVIEW_STATES }).notNull().default("draft"),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    ratingCount: integer("rating_count").notNull().default(0),
    /** The team's mean rating, null while nobody has rated. */
    ratingAvg: doublePrecision("rating_avg"),

    /** In the trash since then (restorable by an owner for `TRASH_DAYS`); null when live. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, precision: 3 }),
    deletedBy: text("deleted_by").references(() => user.id, { onDelete: "set null" }),

    // Version stacks: items made as "a new version of" another share the first version's id as
    // `stack_id` and count up `version` from 1; both are null on an item that never had versions.
    stackId: uuid("stack_id"),
    version: integer("version"),
    /**
     * A newer live version of its stack exists: the gallery shows the stack as one card (its
     * newest live version) by leaving these out. Kept by a trigger on trash, restore and new
     * versions (migration 0013), so every gallery read stays one scan of one table.
     */
    superseded: boolean("superseded").notNull().default(false),
    /**
     * The task's recipe without its seed, hashed (`seedKeyOf`): items sharing it fold into one
     * seed stack in the gallery. Written when the item is kept; the migration that added it
     * backfilled the items before.
     */
    seedKey: text("seed_key"),
  },
  (t) => [
    unique("item_media_uuid_key").on(t.mediaUUID),
    // NULL indexes never collide (NULLs are distinct), so results whose position is unknown are
    // told apart by mediaUUID alone. It is also the index for reading a task's items.
    unique("item_task_index_key").on(t.taskUUID, t.index),
    unique("item_storage_key_key").on(t.storageKey),
    // The gallery's reads: newest first, overall and by author (see the note on `task`).
    index("item_created_idx").on(t.createdAt, t.id),
    index("item_author_created_idx").on(t.authorId, t.createdAt, t.id),
    // The gallery's filtered reads: live items only, newest first within each filter value.
    index("item_live_created_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_state_idx").on(t.reviewState, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_workflow_idx").on(t.workflow, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_model_idx").on(t.model, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_kind_idx").on(t.kind, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_assignee_idx").on(t.assigneeId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_task_type_idx").on(t.taskType, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("item_live_author_idx").on(t.authorId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // "Best rated": unrated items sort as 0, below every rating, in the same index order.
    index("item_live_rating_idx")
      .on(sql`coalesce(${t.ratingAvg}, 0)`, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // A seed stack's members in cover order (best rated, then newest): the gallery asks, for each
    // card, whether a member of its stack ranks above it, one range of this index.
    index("item_live_seed_idx")
      .on(t.seedKey, sql`coalesce(${t.ratingAvg}, 0)`, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.seedKey} is not null`),
    index("item_search_idx").using("gin", t.search),
    index("item_loras_idx").using("gin", t.loras),
    index("item_trash_idx").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    unique("item_stack_version_key").on(t.stackId, t.version),
    check(
      "item_version_check",
      sql`(${t.stackId} is null) = (${t.version} is null) and (${t.version} is null or ${t.version} >= 1)`,
    ),
    check("item_review_state_check", sql`${t.reviewState} in ('draft', 'in_review', 'approved', 'rejected')`),
    check(
      "item_rating_check",
      sql`${t.ratingCount} >= 0 and (${t.ratingAvg} is null or ${t.ratingAvg} between 1 and 5)`,
    ),
    check("item_kind_check", sql`${t.kind} in ('image', 'video')`),
    check("item_index_check", sql`${t.index} is null or ${t.index} >= 0`),
    check("item_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} >= 0`),
  ],
);

/**
 * How many live items each UTC month holds, kept by statement triggers on `item` (written in the
 * migration that made this table): the gallery's unfiltered months and totals read these few rows
 * instead of counting every item.
 */
export const itemMonth = pgTable("item_month", {
  /** `YYYY-MM`, UTC. */
  month: text("month").primaryKey(),
  live: integer("live").notNull().default(0),
});

export const upload = pgTable(
  "upload",
  {
    /** The studio's id for a browser upload. */
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The service's `imageUUID` once the image was sent upstream with `imageUpload`. */
    upstreamImageUUID: text("upstream_image_uuid"),
    storageKey: text("storage_key").notNull(),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique("upload_storage_key_key").on(t.storageKey),
    index("upload_owner_created_idx").on(t.ownerId, t.createdAt),
    check("upload_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} >= 0`),
  ],
);

export type TaskRow = typeof task.$inferSelect;
export type NewTaskRow = typeof task.$inferInsert;
/** An item as the studio reads it: every column but the full-text document. */
export type ItemRow = Omit<typeof item.$inferSelect, "search">;
/** The columns of `ItemRow`, for `db.select(itemColumns)`: the tsvector stays in the database. */
export const itemColumns = (() => {
  const { search: _search, ...columns } = getTableColumns(item);
  return columns;
})();
export type NewItemRow = typeof item.$inferInsert;
export type UploadRow = typeof upload.$inferSelect;
export type NewUploadRow = typeof upload.$inferInsert;

/**
 * Studio-wide settings an owner changes at run time (the environment holds the rest), one row per
 * name, its value parsed by the schema of that setting (e.g. `studioLimitsSchema` for `limits`).
 */
export const studioSetting = pgTable("studio_setting", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type StudioSettingRow = typeof studioSetting.$inferSelect;
