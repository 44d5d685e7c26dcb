import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { task } from "./studio";

/**
 * Which studio instance waits on a task in flight. Several studios share one database; each task
 * still queued or processing is watched (polled, its results fetched) by one of them: the holder
 * of its lease. The holder renews it while it watches and deletes it when the task ends; a lease
 * past `expires_at` (its holder died) is claimed by another instance, which watches the task from
 * then on. Times are the database's own clock, so instances with skewed clocks agree.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const taskLease = pgTable(
  "task_lease",
  {
    taskUUID: uuid("task_uuid")
      .primaryKey()
      .references(() => task.taskUUID, { onDelete: "cascade" }),
    /** The instance's id (host, process and a random part), made when it starts. */
    holder: text("holder").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("task_lease_holder_idx").on(t.holder), index("task_lease_expires_idx").on(t.expiresAt)],
);

export type TaskLeaseRow = typeof taskLease.$inferSelect;
