import { z } from "zod";
import { experimentInputSchema } from "@/lib/studio/experiments/input";
import { pageQuery, resource, uuid } from "./endpoint";

/** Experiments: a base task varied along up to three axes, one cell per combination. */

export const EXPERIMENT_STATUSES = ["draft", "running", "paused", "cancelled", "done"] as const;

export const experimentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  taskType: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  version: z.number().int(),
  parentId: z.string().nullable(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cells: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** The first result, for the list's card. */
  coverUrl: z.string().nullable(),
});
export type ExperimentSummary = z.infer<typeof experimentSummarySchema>;

export const experimentPageSchema = z.object({
  items: z.array(experimentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ExperimentPage = z.infer<typeof experimentPageSchema>;

const idParams = z.object({ id: uuid() });

export const experiments = resource("experiments", {
  list: {
    method: "GET",
    path: "/api/experiments",
    summary: "The team's experiments, newest first.",
    access: "view",
    query: z.object({ ...pageQuery(30, 100) }),
    response: experimentPageSchema,
  },
  create: {
    method: "POST",
    path: "/api/experiments",
    summary: "Creates an experiment from a base task and its axes, and starts it.",
    access: "generate",
    body: experimentInputSchema,
    bodyLimit: 512 * 1024,
    status: 201,
  },
  get: {
    method: "GET",
    path: "/api/experiments/{id}",
    summary: "An experiment with its axes, every cell (status, error, time, results) and its versions.",
    access: "view",
    params: idParams,
    errors: ["experimentNotFound"],
  },
});
