import type { Measure } from "./wrap";

/**
 * How much room the grid gives its axis labels. A label sits beside its pin and re-run buttons
 * (each a 14 px icon padded to 22, 4 apart, in a header padded 4 a side) and wraps onto two lines
 * before it is cut. Browser-safe.
 */
const BUTTON = 22 + 4;
const HEADER_PADDING = 8;
export const LABEL_LINES = 2;

/**
 * Lines a row's label may take: two beside a small row; four beside rows of 200 px and more,
 * where a long prompt has the height to itself.
 */
export function rowLabelLines(rowHeight: number): number {
  return rowHeight >= 200 ? 4 : LABEL_LINES;
}

/** What a header takes besides its label's words. */
const chrome = (canRun: boolean) => HEADER_PADDING + BUTTON * (canRun ? 2 : 1);

/**
 * The width a label's words get in a header `width` wide: all the header leaves beside its
 * buttons. The labels are measured as the page draws them (lib/client/experiments/label-measure.ts),
 * so a label that fits this room on its lines fits the header, and one fitted to less would be
 * cut while it fits.
 */
export function labelRoom(width: number, canRun: boolean): number {
  return Math.max(0, width - chrome(canRun));
}

/**
 * Bounds of the row labels' column: never narrower than a few words beside the buttons (192 px,
 * what it always had), never wider than a third of a wide screen.
 */
export const ROW_HEAD = { min: 192, max: 360 } as const;

export interface RowHeadInput {
  /** The row labels as shown. */
  labels: readonly string[];
  measure: Measure;
  canRun: boolean;
  /** Width the grid has beside the row labels' column, and what its columns of cells take of it. */
  available: number;
  cells: number;
}

/**
 * The row labels' column: as wide as the longest label on one line, if the frame has that room
 * beside the cells; else all the room there is (the labels wrap into it); within `ROW_HEAD`.
 */
export function rowHeadWidth({ labels, measure, canRun, available, cells }: RowHeadInput): number {
  const longest = Math.max(0, ...labels.map((label) => measure(label.trim())));
  const needed = Math.ceil(longest) + chrome(canRun);
  const room = Math.floor(available - cells);
  return Math.max(ROW_HEAD.min, Math.min(ROW_HEAD.max, needed, room));
}
