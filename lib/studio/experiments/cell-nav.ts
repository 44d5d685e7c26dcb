/**
 * Walking an experiment's grid from the viewer: where a result sits (its row, column and layer as
 * the grid page lays them out) and which result lies next to it along either axis. Browser-safe.
 */

export interface NavAxis {
  name: string;
  labels: string[];
}

export interface NavCell {
  coords: number[];
  /** The cell's results (a done cell holds at least one). */
  items: { id: string }[];
}

export type Direction = "left" | "right" | "up" | "down";

export interface CellPlace {
  /** The row's words ("Row: CFG 7"), none when the grid has one axis. */
  row: string | null;
  column: string;
  /** The third axis's value, when there is one. */
  layer: string | null;
  /** The result a step in each direction reaches; null at an edge (or with nothing done beyond). */
  neighbors: Record<Direction, string | null>;
  /** Which of the cell's results this is, and the ones before and after it in the same cell. */
  image: { index: number; count: number; previous: string | null; next: string | null };
}

/**
 * The grid page's layout: one axis runs across the top; two put the first down the side and the
 * second across; a third is a tab. Returns the axis index of rows and columns (-1: no rows).
 */
export function gridLayout(axisCount: number): { rowAxis: number; colAxis: number } {
  return axisCount >= 2 ? { rowAxis: 0, colAxis: 1 } : { rowAxis: -1, colAxis: 0 };
}

/** Where `itemId` sits in the grid and its neighbours, or null when it is none of the grid's. */
export function placeOf(
  axes: readonly NavAxis[],
  cells: readonly NavCell[],
  itemId: string,
): CellPlace | null {
  const here = cells.find((c) => c.items.some((i) => i.id === itemId));
  if (!here) return null;
  const index = here.items.findIndex((i) => i.id === itemId);
  const { rowAxis, colAxis } = gridLayout(axes.length);
  const byKey = new Map(cells.map((c) => [c.coords.join("-"), c]));
  const label = (axis: number) => {
    const a = axes[axis];
    const v = here.coords[axis];
    return a && v !== undefined ? (a.labels[v] ?? "") : "";
  };
  // A step goes on past cells with no result (failed, refused, still waiting) to the next one shown.
  const step = (axis: number, delta: number): string | null => {
    if (axis < 0) return null;
    const coords = [...here.coords];
    for (;;) {
      coords[axis] = (coords[axis] ?? 0) + delta;
      const cell = byKey.get(coords.join("-"));
      if (!cell) {
        const v = coords[axis] ?? 0;
        if (v < 0 || v >= (axes[axis]?.labels.length ?? 0)) return null;
        continue;
      }
      // The same image of the next cell (its k-th result), or its first when it has fewer.
      const same = cell.items[index] ?? cell.items[0];
      if (same) return same.id;
    }
  };
  return {
    row: rowAxis >= 0 ? label(rowAxis) : null,
    column: label(colAxis),
    layer: axes.length >= 3 ? label(2) : null,
    neighbors: {
      left: step(colAxis, -1),
      right: step(colAxis, 1),
      up: step(rowAxis, -1),
      down: step(rowAxis, 1),
    },
    image: {
      index,
      count: here.items.length,
      previous: here.items[index - 1]?.id ?? null,
      next: here.items[index + 1]?.id ?? null,
    },
  };
}

export interface GridPlace {
  row: number;
  col: number;
}

/**
 * Where a key moves the focus on the grid page, from `at` in a grid of `rows` x `cols`: an arrow
 * one cell that way, Home and End the row's first and last cell, and with Ctrl (⌘) Home and End the
 * grid's first and last cell. Null for any other key, or at the edge the key points past.
 */
export function gridStep(
  at: GridPlace,
  key: string,
  toCorner: boolean,
  { rows, cols }: { rows: number; cols: number },
): GridPlace | null {
  const to = (row: number, col: number) =>
    row < 0 || row >= rows || col < 0 || col >= cols || (row === at.row && col === at.col)
      ? null
      : { row, col };
  switch (key) {
    case "ArrowLeft":
      return to(at.row, at.col - 1);
    case "ArrowRight":
      return to(at.row, at.col + 1);
    case "ArrowUp":
      return to(at.row - 1, at.col);
    case "ArrowDown":
      return to(at.row + 1, at.col);
    case "Home":
      return toCorner ? to(0, 0) : to(at.row, 0);
    case "End":
      return toCorner ? to(rows - 1, cols - 1) : to(at.row, cols - 1);
    default:
      return null;
  }
}
