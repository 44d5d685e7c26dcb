import type { ServiceError } from "@/lib/protocol/errors";
import {
  type AxisProblem,
  type AxisSpec,
  applyPatches,
  type ExpandedAxis,
  expandAxis,
  MAX_AXES,
} from "./axes";

/**
 * An experiment's grid: every combination of its axes' values applied to the base task, each
 * checked with the contract's own parser before anything runs. A value the contract refuses on its
 * own is marked on its axis; a combination refused only together is marked on its cell. Neither is
 * sent.
 */

/** Checks one task's parameters: the contract's errors, none when it would be accepted. */
export type TaskCheck = (params: Record<string, unknown>) => ServiceError[];

export interface GridAxis extends ExpandedAxis {
  /** Per value, what the contract says of the base task with that value alone (empty: fine). */
  refusals: ServiceError[][];
}

export interface GridCell {
  /** The value index on each axis, in axis order. */
  coords: number[];
  params: Record<string, unknown>;
  /** Why the contract refuses this cell (its axes' own refusals included); empty when it can run. */
  errors: ServiceError[];
}

export type GridOutcome =
  | { ok: true; axes: GridAxis[]; cells: GridCell[]; runnable: number }
  | { ok: false; problems: { axis: number; problem: AxisProblem }[] };

/** At most this many cells in one grid, whatever the owner's limit. */
export const MAX_CELLS = 1000;

/** The grid of `specs` over `base`, or what is wrong with the axes as specified. */
export function buildGrid(
  base: Record<string, unknown>,
  specs: readonly AxisSpec[],
  check: TaskCheck,
): GridOutcome {
  if (specs.length === 0 || specs.length > MAX_AXES) {
    return {
      ok: false,
      problems: [
        { axis: 0, problem: { field: "axes", message: `Choose one to ${MAX_AXES} things to vary.` } },
      ],
    };
  }
  const problems: { axis: number; problem: AxisProblem }[] = [];
  const expanded: ExpandedAxis[] = [];
  specs.forEach((spec, axis) => {
    const out = expandAxis(spec, base);
    if (out.ok) expanded.push(out.axis);
    else problems.push({ axis, problem: out.problem });
  });
  if (problems.length > 0) return { ok: false, problems };
  const total = expanded.reduce((n, a) => n * a.values.length, 1);
  if (total > MAX_CELLS) {
    return {
      ok: false,
      problems: [
        {
          axis: expanded.length - 1,
          problem: {
            field: "values",
            message: `That makes ${total} cells; a grid holds at most ${MAX_CELLS}.`,
          },
        },
      ],
    };
  }
  const cells: GridCell[] = [];
  for (const coords of combinations(expanded.map((a) => a.values.length))) {
    const patches = coords.flatMap((v, a) => expanded[a]?.values[v]?.patches ?? []);
    const params = applyPatches(base, patches);
    cells.push({ coords, params, errors: check(params) });
  }
  // A value is refused when every cell holding it is: its own fault when the errors name the field
  // it sets, else what its cells share. A value checked on the base alone would be refused for a
  // field another axis fills in (a prompt list over a form with an empty prompt).
  const axes: GridAxis[] = expanded.map((axis, a) => ({
    ...axis,
    refusals: axis.values.map((value, v) => {
      const holding = cells.filter((c) => c.coords[a] === v);
      if (holding.length === 0 || holding.some((c) => c.errors.length === 0)) return [];
      const errors = holding[0]?.errors ?? [];
      const paths = value.patches.map((p) => p.path);
      const own = errors.filter((e) =>
        paths.some(
          (p) => e.parameter === p || e.parameter?.startsWith(`${p}.`) || p.startsWith(`${e.parameter}.`),
        ),
      );
      return own.length > 0 ? own : errors;
    }),
  }));
  return { ok: true, axes, cells, runnable: cells.filter((c) => c.errors.length === 0).length };
}

/** Every combination of indices below `sizes`, the last axis varying fastest (row-major). */
export function* combinations(sizes: readonly number[]): Generator<number[]> {
  if (sizes.some((n) => n <= 0)) return;
  const coords = sizes.map(() => 0);
  for (;;) {
    yield [...coords];
    let axis = sizes.length - 1;
    while (axis >= 0) {
      coords[axis] = (coords[axis] ?? 0) + 1;
      if ((coords[axis] ?? 0) < (sizes[axis] ?? 0)) break;
      coords[axis] = 0;
      axis--;
    }
    if (axis < 0) return;
  }
}
