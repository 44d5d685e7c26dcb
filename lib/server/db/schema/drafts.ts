import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { task } from "./studio";

/**
 * The Create forms' unsent work, kept by the studio so it outlives a reload and follows its member
 * to another browser. A value is the form as typed: images are studio references (an upload's or
 * an item's id), a mask not yet uploaded is its data URI.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const createDraft = pgTable(
  "create_draft",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The Create page's slug (`text-to-image`, `inpainting`, ...). */
    workflow: text("workflow").notNull(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    /**
     * When the browser took this copy of the form (ms since the epoch, its own clock). Compared
     * only between saves of one `writer`: a tab's own save carrying an earlier time than its stored
     * one arrived late and is not written. Two devices' clocks are never compared.
     */
    savedAt: bigint("saved_at", { mode: "number" }).notNull(),
    /** The tab that wrote this copy (an id it drew when it opened); null for a writer that names none. */
    writer: text("writer"),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workflow] })],
);

/** A form's state frozen under an id, for a link a teammate opens ("Copy link to this setup"). */
export const createSetup = pgTable("create_setup", {
  id: uuid("id").primaryKey().defaultRandom(),
  workflow: text("workflow").notNull(),
  values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** A member's choice to be told, by the browser, when their work finishes in a background tab. */
export const doneAlertSetting = pgTable("done_alert_setting", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  notify: boolean("notify").notNull().default(false),
  sound: boolean("sound").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * What a canvas looked like when it sent a task (its layers, frame and settings), so a result made
 * on the canvas reopens it. Written once, by the task's author, after the task was accepted.
 */
export const canvasRecipe = pgTable("canvas_recipe", {
  taskUUID: uuid("task_uuid")
    .primaryKey()
    .references(() => task.taskUUID, { onDelete: "cascade" }),
  values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
