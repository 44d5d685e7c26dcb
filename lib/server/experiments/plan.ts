import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { parseTask } from "@/lib/protocol/envelope";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import { type CostEstimate, estimateCost } from "@/lib/server/spend/estimate";

import { type AxisSpec, pathName } from "@/lib/studio/experiments/axes";
import { buildGrid, type GridAxis, type GridCell, type TaskCheck } from "@/lib/studio/experiments/grid";
import { DEFAULT_CONCURRENCY, type ExperimentInput, MAX_CONCURRENCY } from "@/lib/studio/experiments/input";
import {
  type Estimate,
  estimateRun,
  type PastTask,
  type TaskShape,
  workOf,
} from "@/lib/studio/experiments/planning";

/**
 * An experiment before it runs: its grid, each value and cell checked with the contract's own
 * parser, the counts and the estimate. The same plan answers the preview and makes the records.
 */

export interface PlanDeps {
  db: StudioDatabase;
  videoModel: string;
  /** The owner's cap on an experiment's runnable cells. */
  maxCells: number;
  /**
   * How many tasks the service runs at once, when known: an experiment keeps its slots busy unless
   * it asks for another number (`inFlightFor`).
   */
  parallelism?: number;
  /** Whether the service is the built-in engine: its price table prices the cells. */
  embedded?: boolean;
}

/** An axis as the grid and the Vary dialog show it. */
export interface PlannedAxis {
  name: string;
  labels: string[];
  /** Per value, the contract's refusal of it in words (empty: it can run). */
  refusals: string[][];
}

export interface Plan {
  name: string;
  taskType: string;
  base: Record<string, unknown>;
  axes: PlannedAxis[];
  /** The axes as given (stored; the grid is recomputed from them). */
  specs: AxisSpec[];
  cells: GridCell[];
  /** Cells, and the images (or videos) the runnable ones make: each makes its `numberResults`. */
  counts: { cells: number; runnable: number; refused: number; images: number };
  estimate: Estimate;
  /** What the runnable cells would cost, priced as every task is before it is sent. */
  cost: CostEstimate;
  concurrency: number;
}

export type PlanOutcome = { ok: true; plan: Plan } | { ok: false; status: number; errors: ServiceError[] };

/** The contract's verdict on one task's parameters (a fresh taskUUID, as each cell sends). */
export function contractCheck(videoModel: string): TaskCheck {
  return (params) => {
    const outcome = parseTask({ ...params, taskUUID: randomUUID() }, { videoModel });
    return outcome.ok ? [] : outcome.errors;
  };
}

/** How a refusal reads beside its value: the contract's message, without the field's wire name. */
export function refusalWords(error: ServiceError): string {
  return error.message.replace(/'([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)*)'/g, (_, path: string) =>
    pathName(path),
  );
}

/**
 * "a red fox in the snow, oil painting — Prompt × CFG": named by the prompt its first runnable
 * cell sends, so a grid that replaces words of the form's prompt is named by what its cells hold,
 * never by words every cell replaced.
 */
function defaultName(cells: readonly GridCell[], axes: PlannedAxis[]): string {
  const first = cells.find((c) => c.errors.length === 0) ?? cells[0];
  const prompt = typeof first?.params.positivePrompt === "string" ? first.params.positivePrompt : "";
  const words = prompt.replace(/\s+/g, " ").trim();
  // A long prompt is cut between words, never inside one.
  const cut = words.slice(0, 40);
  const space = cut.lastIndexOf(" ");
  const subject =
    words.length > 40
      ? `${(space > 20 ? cut.slice(0, space) : cut.slice(0, 39)).trimEnd()}…`
      : words || "Untitled";
  return `${subject} — ${axes.map((a) => a.name).join(" × ")}`;
}

/** Results a task asks for: its `numberResults`, 1 when it has none. */
export function resultsOf(params: Record<string, unknown>): number {
  const n = params.numberResults;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 1;
}

export async function planExperiment(deps: PlanDeps, input: ExperimentInput): Promise<PlanOutcome> {
  const { taskUUID: _drop, ...base } = input.base;
  const grid = buildGrid(base, input.axes, contractCheck(deps.videoModel));
  if (!grid.ok) {
    return {
      ok: false,
      status: 400,
      errors: grid.problems.map(({ axis, problem }) => ({
        code: "invalidAxis",
        message: problem.message,
        parameter: `axes.${axis}.${problem.field}`,
      })),
    };
  }
  const axes = grid.axes.map((a: GridAxis) => ({
    name: a.name,
    labels: a.values.map((v) => v.label),
    refusals: a.refusals.map((r) => r.map(refusalWords)),
  }));
  if (grid.runnable > deps.maxCells) {
    return {
      ok: false,
      status: 422,
      errors: [
        {
          code: "tooManyCells",
          message: `Cells in one experiment: at most ${deps.maxCells}, and this grid has ${grid.runnable} to run. Use fewer values, or ask an owner to raise the limit in Settings.`,
          parameter: "maxExperimentCells",
        },
      ],
    };
  }
  if (grid.runnable === 0) {
    return {
      ok: false,
      status: 400,
      errors: [
        {
          code: "nothingToRun",
          message: `Every cell of this grid is refused: ${grid.cells[0]?.errors[0]?.message ?? "change the values marked."}`,
          parameter: "axes",
        },
      ],
    };
  }
  const concurrency = input.concurrency ?? inFlightFor(deps.parallelism);
  const runnable = grid.cells.filter((c) => c.errors.length === 0);
  const [history, cost] = await Promise.all([
    pastTasks(deps.db),
    estimateCost(
      runnable.map((c) => c.params),
      { embedded: deps.embedded ?? false, db: deps.db },
    ),
  ]);
  const estimate = {
    ...estimateRun(
      runnable.map((c) => shapeOf(c.params)),
      history,
      concurrency,
      deps.parallelism,
    ),
    cost: cost.usd,
  };
  return {
    ok: true,
    plan: {
      name: input.name?.trim() || defaultName(grid.cells, axes),
      taskType: String(base.taskType),
      base,
      axes,
      specs: input.axes,
      cells: grid.cells,
      counts: {
        cells: grid.cells.length,
        runnable: grid.runnable,
        refused: grid.cells.length - grid.runnable,
        images: runnable.reduce((sum, c) => sum + resultsOf(c.params), 0),
      },
      estimate,
      cost,
      concurrency,
    },
  };
}

/**
 * The cells an experiment keeps in flight at a service that works on `parallelism` at once: that
 * many, and a quarter more waiting their turn at the service, so a slot it frees is taken at once
 * rather than after the studio has heard, kept the result and sent the next cell (tens of ms a
 * turn, hundreds on a busy machine: at 2 s a task and 8 at once, 13 turns of it in a 10x10).
 * Unknown: four.
 */
export function inFlightFor(parallelism: number | undefined): number {
  if (parallelism === undefined) return DEFAULT_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(1, parallelism + Math.ceil(parallelism / 4)));
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export function shapeOf(params: Record<string, unknown>): TaskShape {
  const shape: TaskShape = { taskType: String(params.taskType) };
  for (const key of ["width", "height", "steps", "numberResults", "duration"] as const) {
    const v = num(params[key]);
    if (v !== undefined) shape[key] = v;
  }
  if (typeof params.model === "string") shape.model = params.model;
  return shape;
}

/**
 * This studio's last finished tasks: how long each took for its work, under what load (the
 * studio's tasks in flight beside it, on average).
 */
export async function pastTasks(db: StudioDatabase, limit = 200): Promise<PastTask[]> {
  const rows = await db
    .select({
      taskType: task.taskType,
      params: task.params,
      createdAt: task.createdAt,
      completedAt: task.completedAt,
      // Seconds of other tasks' time in flight within this one's, itself included; over its own
      // seconds, the average load it ran under. Tasks sent over half an hour before it are not
      // looked at (task_created_idx bounds the scan).
      // (The outer row is named in full: drizzle writes a column of a one-table query unqualified,
      // which inside the subquery would name `o`'s own column.)
      overlap: sql<
        number | null
      >`(select sum(extract(epoch from (least(o.completed_at, "task"."completed_at") - greatest(o.created_at, "task"."created_at")))) from task o where o.created_at < "task"."completed_at" and o.created_at > "task"."created_at" - interval '30 minutes' and o.completed_at > "task"."created_at")`,
    })
    .from(task)
    .where(eq(task.status, "success"))
    .orderBy(desc(task.createdAt))
    .limit(limit);
  return rows.flatMap((r) => {
    if (!r.completedAt) return [];
    const shape = shapeOf({ ...r.params, taskType: r.taskType });
    const seconds = Math.max(0, (r.completedAt.getTime() - r.createdAt.getTime()) / 1000);
    const overlap = r.overlap === null ? 0 : Number(r.overlap);
    return [
      {
        taskType: r.taskType,
        model: shape.model ?? null,
        seconds,
        work: workOf(shape),
        load: seconds > 0 ? Math.max(1, overlap / seconds) : 1,
      },
    ];
  });
}
