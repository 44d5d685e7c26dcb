import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { ServiceError } from "../../../protocol/errors";
import type { AxisSpec } from "../../../studio/experiments/axes";
import { user } from "./auth";

/**
 * Experiments: a base task varied along up to three axes, one cell per combination. A cell's
 * results are ordinary gallery items, found through the cell's current `taskUUID`.
 *
 * No `server-only` here (see ./studio.ts).
 */

export const EXPERIMENT_STATUSES = ["draft", "running", "paused", "cancelled", "done"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

export const CELL_STATUSES = ["pending", "sent", "done", "error", "refused"] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

export const experiment = pgTable(
  "experiment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    taskType: text("task_type").notNull(),
    /** The task every cell starts from, as the Create form would have sent it (no taskUUID). */
    base: jsonb("base").$type<Record<string, unknown>>().notNull(),
    /** The axes as given; their expansion is recomputed from them. */
    axes: jsonb("axes").$type<AxisSpec[]>().notNull(),
    status: text("status", { enum: EXPERIMENT_STATUSES }).notNull().default("running"),
    version: integer("version").notNull().default(1),
    /** The experiment this one re-ran with a changed value; kept as it was. */
    parentId: uuid("parent_id"),
    /** At most this many of its tasks in flight at once. */
    concurrency: integer("concurrency").notNull().default(4),
    /**
     * The experiment's place in its author's waiting queue, where its cells not yet sent wait as
     * one entry: its priority (as `task.priority`) and rank (as `task.rank`). Each cell's task
     * takes both when recorded, so the member's lane sends it where the entry stands.
     */
    queuePriority: smallint("queue_priority").notNull().default(0),
    queueRank: doublePrecision("queue_rank").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("experiment_created_idx").on(t.createdAt, t.id),
    index("experiment_parent_idx").on(t.parentId),
    // Partial: on start the runner picks up only the few running experiments.
    index("experiment_running_idx").on(t.createdAt).where(sql`${t.status} = 'running'`),
    check("experiment_status_check", sql`${t.status} in ('draft', 'running', 'paused', 'cancelled', 'done')`),
    check("experiment_queue_priority_check", sql`${t.queuePriority} between -1 and 1`),
    check("experiment_concurrency_check", sql`${t.concurrency} between 1 and 100`),
    check("experiment_version_check", sql`${t.version} >= 1`),
  ],
);

export const experimentCell = pgTable(
  "experiment_cell",
  {
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => experiment.id, { onDelete: "cascade" }),
    /** The value index on each axis, in axis order. */
    coords: integer("coords").array().notNull(),
    /** `coords` joined with "-": the primary key (arrays make awkward keys in URLs). */
    key: text("key").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: CELL_STATUSES }).notNull().default("pending"),
    /** The current attempt's task; results find their cell by it. */
    taskUUID: uuid("task_uuid"),
    error: jsonb("error").$type<ServiceError[]>(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    doneAt: timestamp("done_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.key] }),
    index("experiment_cell_task_idx").on(t.taskUUID),
    index("experiment_cell_status_idx").on(t.experimentId, t.status),
    check(
      "experiment_cell_status_check",
      sql`${t.status} in ('pending', 'sent', 'done', 'error', 'refused')`,
    ),
  ],
);

export type ExperimentRow = typeof experiment.$inferSelect;
export type ExperimentCellRow = typeof experimentCell.$inferSelect;
