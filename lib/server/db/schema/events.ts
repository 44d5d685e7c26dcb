import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The relay's events, shared by every studio instance on one database: an instance inserts what
 * it publishes (and announces it with `pg_notify`), every instance delivers it to its browsers,
 * and a browser that reconnects (to any instance) resumes from `seq`. Kept for a short window
 * (see lib/server/stream/event-store.ts), then deleted.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const event = pgTable(
  "event",
  {
    /** The deployment's sequence: what a browser's `since` counts. */
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The one member the event is for (their task's progress, their inbox), or null: the team. */
    audience: text("audience"),
    /** The event as browsers get it, without `epoch` and `seq`. */
    payload: jsonb("payload").notNull(),
  },
  (t) => [index("event_created_at_idx").on(t.createdAt)],
);

/**
 * One row: the deployment's event epoch (made once; browsers holding another one refetch) and
 * the newest seq deleted by retention (a `since` below it cannot be replayed).
 */
export const eventLogState = pgTable(
  "event_log_state",
  {
    id: integer("id").primaryKey().default(1),
    epoch: text("epoch").notNull(),
    prunedThrough: bigint("pruned_through", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("event_log_state_one_row", sql`${t.id} = 1`)],
);
