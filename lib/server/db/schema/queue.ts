import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A pause of the waiting queue that outlives a restart: `scope` is a member's id (their own
 * tasks) or `team` (everyone's, set by an owner). While one applies, no studio sends a task it
 * covers, new ones included; resuming deletes the row.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const queuePause = pgTable("queue_pause", {
  scope: text("scope").primaryKey(),
  pausedBy: text("paused_by")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  pausedAt: timestamp("paused_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type QueuePauseRow = typeof queuePause.$inferSelect;
