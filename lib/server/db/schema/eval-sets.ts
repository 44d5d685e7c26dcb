import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { EvalCase } from "../../../studio/experiments/axes";
import { user } from "./auth";
import { experiment } from "./experiments";

/**
 * Evaluation sets: a named list of cases (prompt + seed) run again and again against models and
 * settings. Each run is an experiment whose one axis is the set's cases, so it is sent, paused,
 * retried and filled like any other; `eval_run` records which version of the set it ran and how.
 *
 * No `server-only` here (see ./studio.ts).
 */

/** What a run of a set was sent with, besides each case's prompt and seed. */
export interface EvalRunSettings {
  model: string;
  steps?: number;
  CFGScale?: number;
  width: number;
  height: number;
  scheduler?: string;
}

export const evalSet = pgTable(
  "eval_set",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    cases: jsonb("cases").$type<EvalCase[]>().notNull(),
    /** Goes up each time the cases change, so a run says which list it ran. */
    version: integer("version").notNull().default(1),
    /**
     * The run the others are measured against in the regression view; null until a member picks
     * one (then the oldest finished run stands in), and again if that run's record is deleted.
     */
    baselineRunId: uuid("baseline_run_id").references((): AnyPgColumn => evalRun.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("eval_set_updated_idx").on(t.updatedAt, t.id),
    check("eval_set_version_check", sql`${t.version} >= 1`),
  ],
);

export const evalRun = pgTable(
  "eval_run",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    setId: uuid("set_id")
      .notNull()
      .references(() => evalSet.id, { onDelete: "cascade" }),
    setVersion: integer("set_version").notNull(),
    /** The experiment that sends the run's tasks; its cells hold the results. */
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => experiment.id, { onDelete: "cascade" }),
    settings: jsonb("settings").$type<EvalRunSettings>().notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("eval_run_set_created_idx").on(t.setId, t.createdAt, t.id),
    index("eval_run_experiment_idx").on(t.experimentId),
  ],
);

export type EvalSetRow = typeof evalSet.$inferSelect;
export type EvalRunRow = typeof evalRun.$inferSelect;
