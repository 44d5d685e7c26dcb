import { z } from "zod";
import { VERDICTS } from "@/lib/studio/eval-sets/regression";
import { resource, uuid } from "./endpoint";
import { caseResultSchema, evalRunSummarySchema } from "./eval-sets";

/**
 * A run of an evaluation set against its baseline, case by case: the baseline chosen on the set,
 * and the regression view that reads one run beside it. Declared under the evalSets resource, so
 * whatever refreshes a set's reads refreshes these too (lib/studio/api/index.ts joins them).
 */

export const preferenceSchema = z.object({
  votes: z.number().int(),
  runWins: z.number().int(),
  baselineWins: z.number().int(),
  ties: z.number().int(),
  chance: z.number(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

export const regressionRowSchema = z.object({
  /** The case's place in the set, from 0. */
  index: z.number().int(),
  prompt: z.string(),
  seed: z.number(),
  negativePrompt: z.string().optional(),
  /** Each run's result for the case (null: the run has no cell for it, as when it ran another version). */
  baseline: caseResultSchema.nullable(),
  run: caseResultSchema.nullable(),
  /** The run's mean rating less the baseline's, where both results were rated. */
  ratingChange: z.number().nullable(),
  /** The blind votes cast on this case's two results in the set's closed votes (null: none). */
  preference: preferenceSchema.nullable(),
  verdict: z.enum(VERDICTS),
});
export type RegressionRow = z.infer<typeof regressionRowSchema>;

export const regressionSchema = z.object({
  setId: z.string(),
  setName: z.string(),
  baseline: evalRunSummarySchema,
  run: evalRunSummarySchema,
  /** The set's own baseline (picked, or the oldest finished run standing in), which `baseline` may not be. */
  setBaselineRunId: z.string().nullable(),
  /** The run made just before this one, to compare with in one click. */
  previousRunId: z.string().nullable(),
  rows: z.array(regressionRowSchema),
});
export type Regression = z.infer<typeof regressionSchema>;

const idParams = z.object({ id: uuid() });

export const evalSetRegression = resource("evalSets", {
  setBaseline: {
    method: "PUT",
    path: "/api/eval-sets/{id}/baseline",
    summary: "Makes one of the set's runs its baseline, the run the others are measured against.",
    access: "generate",
    params: idParams,
    body: z.object({ run: uuid() }),
    response: z.object({ id: z.string(), baselineRunId: z.string() }),
    errors: ["evalSetNotFound", "notFound"],
    invalidates: ["evalSets"],
  },
  regression: {
    method: "GET",
    path: "/api/eval-sets/{id}/regression",
    summary:
      "A run against a baseline (the set's, unless one is named), case by case: both results, the rating change, the blind votes' preference with its 95% interval, and a verdict.",
    access: "view",
    params: idParams,
    query: z.object({ run: uuid(), baseline: uuid().optional() }),
    response: regressionSchema,
    errors: ["evalSetNotFound", "notFound", "invalidBody"],
  },
});
