import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { parseTask } from "@/lib/protocol/envelope";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";

import { type AxisSpec, pathName } from "@/lib/studio/experiments/axes";
import { buildGrid, type GridAxis, type GridCell, type TaskCheck } from "@/lib/studio/experiments/grid";
import { DEFAULT_CONCURRENCY, type ExperimentInput } from "@/lib/studio/experiments/input";
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
  counts: { cells: number; runnable: number; refused: number };
  estimate: Estimate;
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

function defaultName(base: Record<string, unknown>, axes: PlannedAxis[]): string {
  const prompt = typeof base.positivePrompt === "string" ? base.positivePrompt.trim() : "";
  // With no prompt on the form, the first of a prompt axis names it.
  const first = prompt || (axes.find((a) => a.name === "Prompt")?.labels[0] ?? "");
  const subject = first.length > 40 ? `${first.slice(0, 39)}…` : first || "Untitled";
  return `${subject} — ${axes.map((a) => a.name).join(" × ")}`;
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
  const concurrency = input.concurrency ?? DEFAULT_CONCURRENCY;
  const runnable = grid.cells.filter((c) => c.errors.length === 0);
  const history = await pastTasks(deps.db);
  const estimate = estimateRun(
    runnable.map((c) => shapeOf(c.params)),
    history,
    concurrency,
  );
  return {
    ok: true,
    plan: {
      name: input.name?.trim() || defaultName(base, axes),
      taskType: String(base.taskType),
      base,
      axes,
      specs: input.axes,
      cells: grid.cells,
      counts: {
        cells: grid.cells.length,
        runnable: grid.runnable,
        refused: grid.cells.length - grid.runnable,
      },
      estimate,
      concurrency,
    },
  };
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

/** The team's last finished tasks: how long they took for their work, and what one result cost. */
export async function pastTasks(db: StudioDatabase, limit = 200): Promise<PastTask[]> {
  const rows = await db
    .select({
      taskType: task.taskType,
      params: task.params,
      createdAt: task.createdAt,
      completedAt: task.completedAt,
      cost: sql<number | null>`(select avg(i.cost) from item i where i.task_uuid = ${task.taskUUID})`,
    })
    .from(task)
    .where(eq(task.status, "success"))
    .orderBy(desc(task.createdAt))
    .limit(limit);
  return rows.flatMap((r) => {
    if (!r.completedAt) return [];
    const shape = shapeOf({ ...r.params, taskType: r.taskType });
    return [
      {
        taskType: r.taskType,
        model: shape.model ?? null,
        seconds: Math.max(0, (r.completedAt.getTime() - r.createdAt.getTime()) / 1000),
        work: workOf(shape),
        cost: r.cost === null ? null : Number(r.cost),
      },
    ];
  });
}
