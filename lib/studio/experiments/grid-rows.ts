import { gridLayout } from "./cell-nav";

/**
 * The cells of one layer of an experiment's grid as the page lays them out, row by row (a grid of
 * one axis is one row). Browser-safe.
 */

/** A grid's cells, `rows[r][c]`; undefined where the view has no such cell. */
export type GridRows<C> = readonly (readonly (C | undefined)[])[];

/**
 * Cells this many and more make a large grid, drawn only where it is in sight: from 7x7 on, a grid
 * is more than a laptop's screen shows at the small zoom, and drawing every cell makes each zoom
 * lay out, fetch and decode the ones nobody sees.
 */
export const LARGE_GRID_CELLS = 49;

/**
 * The rows of layer `layer` (a third axis's value; ignored with fewer axes), with `axisSizes`
 * values on each axis. A row whose cells are all the very cells of `previous`'s same row is
 * `previous`'s row itself, so a live update of one cell leaves every other row as it was.
 */
export function gridRows<C extends { key: string }>(
  axisSizes: readonly number[],
  cells: readonly C[],
  layer: number,
  previous?: GridRows<C>,
): GridRows<C> {
  const { rowAxis, colAxis } = gridLayout(axisSizes.length);
  const rowCount = rowAxis >= 0 ? (axisSizes[rowAxis] ?? 0) : 1;
  const colCount = axisSizes[colAxis] ?? 0;
  const byKey = new Map(cells.map((c) => [c.key, c]));
  const tail = axisSizes.length === 3 ? `-${layer}` : "";
  const rows: (readonly (C | undefined)[])[] = [];
  for (let r = 0; r < rowCount; r++) {
    const row: (C | undefined)[] = [];
    for (let c = 0; c < colCount; c++) {
      row.push(byKey.get(`${rowAxis >= 0 ? `${r}-${c}` : c}${tail}`));
    }
    const before = previous?.[r];
    const same = before?.length === row.length && row.every((cell, c) => cell === before[c]);
    rows.push(same && before ? before : row);
  }
  return rows;
}
