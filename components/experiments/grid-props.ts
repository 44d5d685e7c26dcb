import type { GridRows } from "@/lib/studio/experiments/grid-rows";
import type { Measure } from "@/lib/studio/experiments/wrap";
import type { Pinned } from "./axis-header";
import type { CellView, ExperimentView } from "./types";

/** What both layouts of the grid (every cell drawn, or only those in sight) are given. */
export interface GridLayoutProps {
  view: ExperimentView;
  /** The layer's cells row by row; a row keeps its identity while its cells do. */
  rows: GridRows<CellView>;
  cols: number;
  /** Per axis, the words each value shows (a prompt's differing words). */
  shown: readonly (readonly string[])[];
  size: number;
  pinned: Pinned | null;
  selected: ReadonlySet<string>;
  canRun: boolean;
  onPin(pin: Pinned | null): void;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
  onRerun(axis: number, index: number): void;
}

/** What one row of either layout is given: its cells, its label, and what a cell does. */
export interface GridRowProps {
  row: number;
  cells: readonly (CellView | undefined)[];
  experimentId: string;
  /** The row's value on the first axis, whole and as shown; null in a grid of one axis. */
  title: string | null;
  label: string | null;
  /** Width of the row labels' words, and how to measure them (null until the font is known). */
  labelRoom: number;
  /** Lines a row's label may wrap onto before it is cut. */
  labelLines: number;
  measure: Measure | null;
  rowPinned: boolean;
  pinnedCol: number | null;
  selected: ReadonlySet<string>;
  canRun: boolean;
  onPin(pin: Pinned | null): void;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
  onRerun(axis: number, index: number): void;
}

/** Below this zoom a failed cell's message is left out: the tile has room for its word only. */
export const COMPACT_BELOW = 150;
