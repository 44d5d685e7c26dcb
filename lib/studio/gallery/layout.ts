/**
 * How the gallery lays out its cards, as plain arithmetic (no DOM), so the virtualized grid knows
 * every row's height before anything renders and a test can check the shapes.
 */

/** Frames in a video's scrub strip (the server's `SCRUB_FRAMES`, repeated here for the browser). */
export const SCRUB_FRAMES = 10;

export type GalleryLayoutMode = "grid" | "rows";
export const GALLERY_LAYOUTS: readonly GalleryLayoutMode[] = ["grid", "rows"];

/** The thumbnail sizes a person picks from: how narrow a grid card may be, how tall a row aims. */
export type GalleryThumbSize = "small" | "medium" | "large";
export const GALLERY_THUMB_SIZES: readonly GalleryThumbSize[] = ["small", "medium", "large"];
export const THUMB_SIZE_METRICS: Record<GalleryThumbSize, { minCard: number; rowHeight: number }> = {
  small: { minCard: 160, rowHeight: 150 },
  medium: { minCard: 220, rowHeight: 232 },
  large: { minCard: 320, rowHeight: 340 },
};

export interface LayoutRow {
  /** Index of the row's first item. */
  start: number;
  /** One past the row's last item. */
  end: number;
  height: number;
  /** Width of each item in the row, in order (px). */
  widths: number[];
}

export interface GridLayoutOptions {
  width: number;
  gap: number;
  /** Narrowest a card may be; the grid fits as many columns as this allows. */
  minCard: number;
  /** Height under the square media (prompt, author, links). */
  caption: number;
}

/** Equal square cards, as many columns as fit. */
export function gridLayout(count: number, o: GridLayoutOptions): { columns: number; rows: LayoutRow[] } {
  const columns = Math.max(1, Math.floor((o.width + o.gap) / (o.minCard + o.gap)));
  const card = Math.floor((o.width - o.gap * (columns - 1)) / columns);
  const rows: LayoutRow[] = [];
  for (let start = 0; start < count; start += columns) {
    const end = Math.min(count, start + columns);
    rows.push({ start, end, height: card + o.caption, widths: Array(end - start).fill(card) });
  }
  return { columns, rows };
}

export interface RowsLayoutOptions {
  width: number;
  gap: number;
  /** The height rows aim at; each row is scaled so its items fill the width exactly. */
  targetHeight: number;
}

/**
 * Justified rows: items in order, each at its own aspect ratio, a row closed once scaling it to
 * the full width would make it no taller than the target. The last row keeps the target height
 * rather than stretching a lone item across the page.
 */
export function justifiedRows(aspects: readonly number[], o: RowsLayoutOptions): LayoutRow[] {
  const rows: LayoutRow[] = [];
  let start = 0;
  let sum = 0;
  const close = (end: number, height: number) => {
    const widths = aspects.slice(start, end).map((a) => Math.max(1, Math.floor(safe(a) * height)));
    rows.push({ start, end, height: Math.round(height), widths });
    start = end;
    sum = 0;
  };
  for (let i = 0; i < aspects.length; i++) {
    sum += safe(aspects[i]);
    const gaps = o.gap * (i - start);
    const height = (o.width - gaps) / sum;
    if (height <= o.targetHeight) close(i + 1, height);
  }
  if (start < aspects.length) close(aspects.length, o.targetHeight);
  return rows;
}

/** An aspect ratio the layout can use: unknown or absurd ones count as square. */
function safe(aspect: number | undefined): number {
  return aspect !== undefined && Number.isFinite(aspect) && aspect > 0.1 && aspect < 10 ? aspect : 1;
}

/**
 * Where focus goes from item `index` on an arrow key: along the row, or to the nearest item (by
 * its position across the page) in the row above or below. Stays put at the edges.
 */
export function moveFocus(
  rows: readonly LayoutRow[],
  index: number,
  key: "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown",
  count: number,
): number {
  if (count === 0) return 0;
  if (key === "ArrowLeft") return Math.max(0, index - 1);
  if (key === "ArrowRight") return Math.min(count - 1, index + 1);
  const r = rows.findIndex((row) => index >= row.start && index < row.end);
  const row = rows[r];
  const target = rows[key === "ArrowUp" ? r - 1 : r + 1];
  if (!row || !target) return index;
  const centre = offsetOf(row, index) + (row.widths[index - row.start] ?? 0) / 2;
  let best = target.start;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = target.start; i < target.end; i++) {
    const c = offsetOf(target, i) + (target.widths[i - target.start] ?? 0) / 2;
    if (Math.abs(c - centre) < bestDistance) {
      bestDistance = Math.abs(c - centre);
      best = i;
    }
  }
  return best;
}

function offsetOf(row: LayoutRow, index: number): number {
  let x = 0;
  for (let i = row.start; i < index; i++) x += row.widths[i - row.start] ?? 0;
  return x;
}
