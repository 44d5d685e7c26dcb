import { z } from "zod";
import {
  createSetSchema,
  MAX_COMPARED_RUNS,
  runSettingsSchema,
  updateSetSchema,
} from "@/lib/studio/eval-sets/input";
import { pageQuery, resource, UUID_RE, uuid } from "./endpoint";
import { EXPERIMENT_STATUSES } from "./experiments";
import { runVotesSchema } from "./votes";

/**
 * Evaluation sets: a fixed list of cases (prompt and seed) run again with other models or
 * settings; each run is an experiment over the set's cases, compared side by side and by blind
 * vote (the set's votes are declared with the other blind votes, lib/studio/api/votes.ts).
 */

/** A case as stored: checked on the way in, answered as it is. */
const caseSchema = z.object({
  prompt: z.string(),
  seed: z.number(),
  negativePrompt: z.string().optional(),
});

export const evalSetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  cases: z.number().int(),
  runs: z.number().int(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type EvalSetSummary = z.infer<typeof evalSetSummarySchema>;

export const evalSetPageSchema = z.object({
  items: z.array(evalSetSummarySchema),
  nextCursor: z.string().nullable(),
});
export type EvalSetPage = z.infer<typeof evalSetPageSchema>;

const runSettingsOutSchema = z.object({
  model: z.string(),
  steps: z.number().optional(),
  CFGScale: z.number().optional(),
  width: z.number(),
  height: z.number(),
  scheduler: z.string().optional(),
});

export const evalRunSummarySchema = z.object({
  id: z.string(),
  /** The run's place among the set's runs, oldest first ("Run 2"). */
  number: z.number().int(),
  experimentId: z.string(),
  setVersion: z.number().int(),
  settings: runSettingsOutSchema,
  label: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  cells: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** The team's mean rating over every result of the run, and how many ratings it rests on. */
  ratingAvg: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type EvalRunSummary = z.infer<typeof evalRunSummarySchema>;

export const CASE_STATUSES = ["pending", "sent", "done", "error", "refused"] as const;

/** One run's result for one case. */
export const caseResultSchema = z.object({
  status: z.enum(CASE_STATUSES),
  /** Why it failed or was refused, in words. */
  errors: z.array(z.string()),
  item: z
    .object({
      id: z.string(),
      kind: z.enum(["image", "video"]),
      width: z.number().int(),
      height: z.number().int(),
      ratingAvg: z.number().nullable(),
      ratingCount: z.number().int(),
    })
    .nullable(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

/** The chosen runs side by side: a row per case of the set now, a column per run. */
export const evalComparisonSchema = z.object({
  cases: z.array(caseSchema),
  /** Per run: its result for each case, and the blind votes it received (null: in no closed vote). */
  runs: z.array(
    evalRunSummarySchema.extend({
      results: z.array(caseResultSchema.nullable()),
      votes: runVotesSchema.nullable(),
    }),
  ),
});
export type EvalComparison = z.infer<typeof evalComparisonSchema>;

export const evalSetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  cases: z.array(caseSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  runs: z.array(evalRunSummarySchema),
  /** The run the others are measured against: the one picked, else the oldest finished run. */
  baselineRunId: z.string().nullable(),
  /** Whether a member picked it (false: the oldest finished run stands in). */
  baselineChosen: z.boolean(),
});
export type EvalSetView = z.infer<typeof evalSetViewSchema>;

const idParams = z.object({ id: uuid() });

/** `?runs=a,b`: up to `MAX_COMPARED_RUNS` run ids, separated by commas. */
const runIds = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return [];
    const ids = value.split(",");
    if (ids.length > MAX_COMPARED_RUNS || !ids.every((id) => UUID_RE.test(id))) {
      ctx.addIssue({
        code: "custom",
        message: `runs is up to ${MAX_COMPARED_RUNS} run ids, separated by commas.`,
      });
      return z.NEVER;
    }
    return [...new Set(ids.map((id) => id.toLowerCase()))];
  });

export const evalSets = resource("evalSets", {
  list: {
    method: "GET",
    path: "/api/eval-sets",
    summary: "The team's evaluation sets, most recently changed first.",
    access: "view",
    query: z.object({ ...pageQuery(30, 100) }),
    response: evalSetPageSchema,
    errors: ["invalidCursor"],
  },
  create: {
    method: "POST",
    path: "/api/eval-sets",
    summary: "Creates a set by hand (cases), or from a board's results or an experiment's cells.",
    access: "generate",
    body: createSetSchema,
    bodyLimit: 512 * 1024,
    response: z.object({ id: z.string(), cases: z.number().int() }),
    status: 201,
    errors: ["noCases"],
    invalidates: ["evalSets"],
  },
  get: {
    method: "GET",
    path: "/api/eval-sets/{id}",
    summary: "A set: its name, version and cases, and its newest 50 runs with their progress and ratings.",
    access: "view",
    params: idParams,
    response: evalSetViewSchema,
    errors: ["evalSetNotFound"],
  },
  update: {
    method: "PATCH",
    path: "/api/eval-sets/{id}",
    summary: "Renames a set or changes its cases; changed cases make a new version of the set.",
    access: "generate",
    params: idParams,
    body: updateSetSchema,
    bodyLimit: 512 * 1024,
    response: z.object({ id: z.string(), name: z.string(), version: z.number().int() }),
    errors: ["evalSetNotFound"],
    invalidates: ["evalSets"],
  },
  delete: {
    method: "DELETE",
    path: "/api/eval-sets/{id}",
    summary: "Deletes the set and its run records; the runs' experiments and results stay.",
    access: "generate",
    params: idParams,
    response: z.object({ id: z.string() }),
    errors: ["evalSetNotFound"],
    invalidates: ["evalSets"],
  },
  runs: {
    method: "GET",
    path: "/api/eval-sets/{id}/runs",
    summary: "The set's newest 50 runs: settings, set version, progress, and the ratings their results got.",
    access: "view",
    params: idParams,
    response: z.array(evalRunSummarySchema),
    errors: ["evalSetNotFound"],
  },
  run: {
    method: "POST",
    path: "/api/eval-sets/{id}/runs",
    summary: "Runs the set: a text-to-image experiment over its cases with these settings, started at once.",
    access: "generate",
    params: idParams,
    body: runSettingsSchema,
    response: z.object({ run: evalRunSummarySchema, experimentId: z.string() }),
    status: 201,
    errors: ["evalSetNotFound", "noCases"],
    invalidates: ["evalSets", "experiments"],
  },
  compare: {
    method: "GET",
    path: "/api/eval-sets/{id}/compare",
    summary:
      "Runs side by side: the set's cases as rows, each run's result per case with its ratings and votes.",
    access: "view",
    params: idParams,
    query: z.object({ runs: runIds }),
    response: evalComparisonSchema,
    errors: ["evalSetNotFound"],
  },
});
