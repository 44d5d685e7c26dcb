/**
 * How a cell's results share its square: rows of equal height, each split evenly across its
 * tiles, so every tile is in sight and no part of the square is left empty (three results are one
 * wide picture over two, not a 2x2 with a hole). Past `most` tiles the last one becomes "+k": it
 * shows the first result not drawn and opens the viewer there, where the rest are a step away.
 * Browser-safe.
 */

export interface Mosaic {
  /** Tiles per row, top to bottom; their sum is the tiles drawn. */
  rows: number[];
  /** Results drawn as pictures (the "+k" tile, when there is one, is the next result). */
  shown: number;
  /** Results behind the "+k" tile, counting the one it shows; 0 when every result has a tile. */
  more: number;
}

/** The tiles a cell of this many results draws, at most `most` of them. */
export function mosaic(count: number, most: number): Mosaic {
  const limit = Math.max(1, Math.floor(most));
  const n = Math.max(0, Math.floor(count));
  if (n === 0) return { rows: [], shown: 0, more: 0 };
  const tiles = Math.min(n, limit);
  const overflow = n > limit;
  // As many rows as columns, or one fewer: squares, or tiles a little taller than wide.
  const rowCount = Math.max(1, Math.round(Math.sqrt(tiles)));
  const base = Math.floor(tiles / rowCount);
  const wider = tiles % rowCount;
  // The rows with fewer tiles go first: the first result, the one a glance lands on, is the largest.
  const rows = Array.from({ length: rowCount }, (_, r) => (r < rowCount - wider ? base : base + 1));
  const shown = overflow ? tiles - 1 : tiles;
  return { rows, shown, more: overflow ? n - shown : 0 };
}

/** Most tiles at the grid's small zoom (a 2x2 of 64 px tiles), and at the others (a 3x3). */
export const MOSAIC_TILES = { compact: 4, roomy: 9 } as const;
