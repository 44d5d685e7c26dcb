import { z } from "zod";
import { experimentInputSchema, rerunInputSchema } from "@/lib/studio/experiments/input";
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
  /** Cells that failed; a cancelled cell is counted in `cancelled`, not here. */
  failed: z.number().int(),
  cancelled: z.number().int(),
  /** The first result, for the list's card. */
  coverUrl: z.string().nullable(),
});
export type ExperimentSummary = z.infer<typeof experimentSummarySchema>;

export const experimentPageSchema = z.object({
  items: z.array(experimentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ExperimentPage = z.infer<typeof experimentPageSchema>;

export const CELL_STATUSES = ["pending", "sent", "done", "error", "refused"] as const;

/** A refusal or failure in the contract's error shape. */
const serviceErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  parameter: z.string().optional(),
  type: z.string().optional(),
});

export const cellItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  cost: z.number().nullable(),
  /** The seed that made this result, as a decimal string (seeds pass a JS number's precision). */
  seed: z.string(),
});
export type CellItem = z.infer<typeof cellItemSchema>;

export const cellViewSchema = z.object({
  /** Its coords joined by "-" ("0-2-1"). */
  key: z.string(),
  coords: z.array(z.number().int()),
  status: z.enum(CELL_STATUSES),
  params: z.record(z.string(), z.unknown()),
  errors: z.array(serviceErrorSchema),
  attempts: z.number().int(),
  taskUUID: z.string().nullable(),
  seconds: z.number().nullable(),
  items: z.array(cellItemSchema),
});
export type CellView = z.infer<typeof cellViewSchema>;

/** An experiment as its page reads it. */
export const experimentViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  taskType: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  version: z.number().int(),
  parentId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  concurrency: z.number().int(),
  base: z.record(z.string(), z.unknown()),
  /** Each axis's values: `labels` short, `titles` uncut (tooltips and exports). */
  axes: z.array(
    z.object({
      name: z.string(),
      labels: z.array(z.string()),
      titles: z.array(z.string()),
      kind: z.string(),
    }),
  ),
  cells: z.array(cellViewSchema),
  progress: z.object({
    done: z.number().int(),
    /** Cells that failed; a cancelled cell is counted in `cancelled`, not here. */
    failed: z.number().int(),
    cancelled: z.number().int(),
    refused: z.number().int(),
    running: z.number().int(),
    total: z.number().int(),
  }),
  versions: z.array(z.object({ id: z.string(), version: z.number().int(), name: z.string() })),
});
export type ExperimentView = z.infer<typeof experimentViewSchema>;

/** An axis as the grid and the Vary dialog show it: per value, its refusals in words. */
export const plannedAxisSchema = z.object({
  name: z.string(),
  labels: z.array(z.string()),
  refusals: z.array(z.array(z.string())),
});

const countsSchema = z.object({
  cells: z.number().int(),
  runnable: z.number().int(),
  refused: z.number().int(),
  images: z.number().int(),
});

const estimateSchema = z.object({
  tasks: z.number(),
  seconds: z.number(),
  fromHistory: z.boolean(),
  cost: z.number().nullable(),
});

export const experimentPreviewSchema = z.object({
  name: z.string(),
  axes: z.array(plannedAxisSchema),
  counts: countsSchema,
  estimate: estimateSchema,
  refusedCells: z.array(z.object({ coords: z.array(z.number().int()), errors: z.array(z.string()) })),
});
export type ExperimentPreview = z.infer<typeof experimentPreviewSchema>;

export const experimentCreatedSchema = z.object({
  id: z.string(),
  axes: z.array(plannedAxisSchema),
  counts: countsSchema,
  estimate: estimateSchema,
});

/** An experiment's record after a control, a retry or a re-run (the re-run's new version). */
export const experimentStateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  version: z.number().int(),
  parentId: z.string().nullable(),
});

export const EXPORT_FORMATS = ["csv", "json", "png"] as const;

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
    response: experimentCreatedSchema,
    invalidates: ["experiments"],
  },
  get: {
    method: "GET",
    path: "/api/experiments/{id}",
    summary: "An experiment with its axes, every cell (status, error, time, results) and its versions.",
    access: "view",
    params: idParams,
    response: experimentViewSchema,
    errors: ["experimentNotFound", "ballotInProgress"],
  },
  preview: {
    method: "POST",
    path: "/api/experiments/preview",
    summary:
      "What an experiment would be, without storing it: its axes with each value's refusals, the counts and the estimate.",
    description: "A grid past the owner's cap answers 422 naming the limit.",
    access: "generate",
    body: experimentInputSchema,
    bodyLimit: 512 * 1024,
    response: experimentPreviewSchema,
    invalidates: [],
  },
  control: {
    method: "POST",
    path: "/api/experiments/{id}/control",
    summary: "Pauses, resumes or cancels an experiment: tasks in flight finish; pending cells wait or stop.",
    access: "generate",
    params: idParams,
    body: z.object({ action: z.enum(["pause", "resume", "cancel"]) }),
    response: experimentStateSchema,
    errors: ["experimentNotFound"],
    invalidates: ["experiments", "queue"],
  },
  retryCell: {
    method: "POST",
    path: "/api/experiments/{id}/cells/{key}/retry",
    summary: "Sends a failed cell again, alone, as a new task.",
    access: "generate",
    params: z.object({
      id: uuid(),
      key: z.string().regex(/^\d{1,3}(-\d{1,3}){0,2}$/, "key is a cell's coords joined by '-' (0-2-1)."),
    }),
    response: experimentStateSchema,
    errors: ["experimentNotFound", "cellNotFound"],
    invalidates: ["experiments"],
  },
  rerun: {
    method: "POST",
    path: "/api/experiments/{id}/rerun",
    summary:
      "A new version of the experiment with one axis value changed; untouched cells keep their results.",
    description: "The old version is kept. Answers the new version.",
    access: "generate",
    params: idParams,
    body: rerunInputSchema,
    status: 201,
    response: experimentStateSchema,
    errors: ["experimentNotFound"],
    invalidates: ["experiments"],
  },
  export: {
    method: "GET",
    path: "/api/experiments/{id}/export",
    summary: "The experiment as a download: a CSV, a JSON file or the grid as a PNG image.",
    description: "The image holds every tab of a third axis; `layer` asks for one tab only.",
    access: "view",
    params: idParams,
    query: z.object({
      format: z.enum(EXPORT_FORMATS, { error: "format is csv, json or png." }).default("csv"),
      layer: z.coerce
        .number<string | number>()
        .int("layer is a whole number from 0 to 49.")
        .min(0, "layer is a whole number from 0 to 49.")
        .max(49, "layer is a whole number from 0 to 49.")
        .optional(),
    }),
    produces: "text/csv, application/json or image/png",
    errors: ["experimentNotFound", "ballotInProgress"],
  },
});
