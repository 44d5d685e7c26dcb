import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { comment } from "./gallery";
import { task } from "./studio";

/**
 * A task sent as the next version of an item's stack. The link is the studio's own: it never goes
 * to the service. When a result of the task is kept it joins the stack under the next version
 * number (see `recordItem`). `stack_id` is the id of the stack's first version; `base_item_id`
 * the version the task was made from, and `comment_id` the comment that asked for it, if any.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const versionTask = pgTable(
  "version_task",
  {
    taskUUID: uuid("task_uuid")
      .primaryKey()
      .references(() => task.taskUUID, { onDelete: "cascade" }),
    stackId: uuid("stack_id").notNull(),
    baseItemId: uuid("base_item_id").notNull(),
    commentId: uuid("comment_id").references(() => comment.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("version_task_stack_idx").on(t.stackId)],
);

/**
 * Each stack's last version number, counted up under this row's lock: two results of one stack
 * kept at once get distinct numbers, and a number is never given twice, not even after the
 * version that had it was deleted for good (its audit trail still names it).
 */
export const versionStack = pgTable("version_stack", {
  /** The stack's first version's id (not a foreign key: the stack outlives its first version). */
  id: uuid("id").primaryKey(),
  lastVersion: integer("last_version").notNull(),
});

export type VersionTaskRow = typeof versionTask.$inferSelect;
