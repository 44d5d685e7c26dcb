import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * What the service charged, one row per result that reported a `cost` (USD), and the monthly
 * budgets an owner sets. The rows are the studio's ledger: they outlive the items (a result moved
 * to the trash and deleted for good was still paid for), and each copies the facts spend is
 * summed by (member, model, day), so a month's figures are one indexed range of one table.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const spendEntry = pgTable(
  "spend_entry",
  {
    /**
     * The result's own id (its `imageUUID`/`videoUUID`, or `<taskUUID>:<n>` for a tool's answer):
     * the same result heard by several routes is charged once.
     */
    key: text("key").primaryKey(),
    taskUUID: uuid("task_uuid").notNull(),
    /** Not a foreign key: a removed member's spend stays in the month it was made. */
    memberId: text("member_id").notNull(),
    taskType: text("task_type").notNull(),
    model: text("model"),
    width: integer("width"),
    height: integer("height"),
    steps: integer("steps"),
    /** Video seconds asked for. */
    seconds: doublePrecision("seconds"),
    usd: doublePrecision("usd").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("spend_entry_at_idx").on(t.at),
    index("spend_entry_member_at_idx").on(t.memberId, t.at),
    // The estimate from history: the latest results of one model.
    index("spend_entry_model_at_idx").on(t.model, t.at),
    check("spend_entry_usd_check", sql`${t.usd} >= 0`),
  ],
);

/** `scope` of the team's budget; a member's budget is scoped by their user id. */
export const TEAM_BUDGET = "team";

export const spendBudget = pgTable(
  "spend_budget",
  {
    /** `team`, or a member's user id. */
    scope: text("scope").primaryKey(),
    /** USD per UTC calendar month. */
    usd: doublePrecision("usd").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("spend_budget_usd_check", sql`${t.usd} > 0`)],
);

export type SpendEntryRow = typeof spendEntry.$inferSelect;
