import { z } from "zod";
import { experimentInputSchema } from "@/lib/studio/experiments/input";
import { MONTH_RE } from "@/lib/studio/spend/month";
import { resource } from "./endpoint";

/** What the service charged (USD, as it reports with `includeCost`), and the budgets on it. */

const month = z.string().regex(MONTH_RE, "month is a month as YYYY-MM, such as 2026-11.");

/** One sum of the month: a day, a member and a model. */
export const spendRowSchema = z.object({
  /** `YYYY-MM-DD`, UTC. */
  day: z.string(),
  memberId: z.string(),
  model: z.string().nullable(),
  usd: z.number(),
  results: z.number().int(),
});

export const spendSummarySchema = z.object({
  month: z.string(),
  /** `team`: everyone's spend (owners); `mine`: the caller's own. */
  scope: z.enum(["team", "mine"]),
  total: z.number(),
  rows: z.array(spendRowSchema),
  /** The names of the members in `rows`. */
  members: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const ESTIMATE_SOURCES = ["engine", "history", "none"] as const;

/** How long, from this studio's measured pace; `range` null when nothing alike was measured yet. */
export const timeEstimateSchema = z.object({
  range: z
    .object({
      /** Seconds from now until the last result, quick end and slow end. */
      lowSeconds: z.number(),
      highSeconds: z.number(),
      /** Past tasks measured. */
      samples: z.number().int(),
      /** False when this model had too few measured tasks and its type's others were used. */
      sameModel: z.boolean(),
    })
    .nullable(),
  /** The team's unfinished tasks (and experiment cells waiting) the service works through first. */
  tasksAhead: z.number().int(),
});

export const spendEstimateSchema = z.object({
  /** USD for every result asked; null when there is no figure yet. */
  usd: z.number().nullable(),
  /** Results the tasks ask for, together. */
  results: z.number().int(),
  /**
   * `engine`: the built-in engine's own price table; `history`: the mean cost this studio was
   * charged for the same model at a similar size; `none`: no figure.
   */
  source: z.enum(ESTIMATE_SOURCES),
  /**
   * The tightest monthly budget that applies to the caller, what is left of it (less what tasks
   * still running hold) and how many of these tasks fit in it, in their order; null when no budget
   * applies.
   */
  budget: z
    .object({
      scope: z.enum(["team", "member"]),
      usd: z.number(),
      left: z.number(),
      tasks: z.number().int(),
      fit: z.number().int(),
    })
    .nullable(),
  time: timeEstimateSchema,
});

/** Most tasks one estimate takes: an experiment's cap on cells is of this order. */
export const MAX_ESTIMATE_TASKS = 1000;

export const spendEstimateInputSchema = z
  .object({
    /** Tasks as `POST /api/tasks` takes them. */
    tasks: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_ESTIMATE_TASKS).optional(),
    /** An experiment as `POST /api/experiments` takes it: its runnable cells are estimated. */
    experiment: experimentInputSchema.optional(),
  })
  .refine((b) => (b.tasks === undefined) !== (b.experiment === undefined), {
    message: "Send either tasks or experiment.",
    path: ["tasks"],
  });

const budgetUsd = z
  .number({ error: "A budget is an amount in US dollars." })
  .positive("A budget is more than $0; clear it to have none.")
  .max(1_000_000, "A budget is at most $1,000,000 a month.");

export const budgetLineSchema = z.object({
  /** USD a month; null when there is none. */
  usd: z.number().nullable(),
  /** Spent this month (UTC) so far. */
  spent: z.number(),
});

export const budgetsSchema = z.object({
  month: z.string(),
  team: budgetLineSchema,
  /** Every member for owners; the caller alone for everyone else. */
  members: z.array(budgetLineSchema.extend({ id: z.string(), name: z.string() })),
});

export const budgetsInputSchema = z.object({
  /** The team's monthly budget; null clears it; absent leaves it. */
  team: budgetUsd.nullable().optional(),
  members: z
    .array(z.object({ id: z.string().min(1).max(200), usd: budgetUsd.nullable() }))
    .max(500)
    .optional(),
});

export const spend = resource("spend", {
  summary: {
    method: "GET",
    path: "/api/spend",
    summary: "What the service charged in a month (UTC), by day, member and model.",
    description: "Owners get the team's figures; every other member their own.",
    access: "view",
    query: z.object({ month: month.optional() }),
    response: spendSummarySchema,
  },
  estimate: {
    method: "POST",
    path: "/api/spend/estimate",
    summary:
      "What tasks, or an experiment's cells, would cost and how long they would take, before they are sent.",
    description:
      "The cost: with the built-in engine, from its own price table; with the real service, from what this studio was charged for the same model at a similar size and steps. The time: a range from the pace this studio measured on its recent tasks of the same type, model and size (seconds per image, tasks run at once), behind the team's unfinished tasks.",
    access: "generate",
    body: spendEstimateInputSchema,
    bodyLimit: 2 * 1024 * 1024,
    response: spendEstimateSchema,
    invalidates: [],
  },
  budgets: {
    method: "GET",
    path: "/api/spend/budgets",
    summary: "The team's and the members' monthly budgets, with this month's spend.",
    access: "view",
    response: budgetsSchema,
  },
  setBudgets: {
    method: "PUT",
    path: "/api/spend/budgets",
    summary: "Sets or clears the team's and members' monthly budgets (USD).",
    access: "manage",
    body: budgetsInputSchema,
    response: budgetsSchema,
    errors: ["memberNotFound"],
    invalidates: ["spend"],
  },
});
