import { describe, expect, it } from "vitest";
import { MOSAIC_TILES, mosaic } from "./mosaic";

describe("a cell's mosaic", () => {
  it("fills the square with every result up to the most it draws: no empty quarter", () => {
    expect(mosaic(1, 9).rows).toEqual([1]);
    expect(mosaic(2, 9).rows).toEqual([2]);
    expect(mosaic(3, 9).rows).toEqual([1, 2]);
    expect(mosaic(4, 9).rows).toEqual([2, 2]);
    expect(mosaic(5, 9).rows).toEqual([2, 3]);
    expect(mosaic(6, 9).rows).toEqual([3, 3]);
    expect(mosaic(7, 9).rows).toEqual([2, 2, 3]);
    expect(mosaic(9, 9).rows).toEqual([3, 3, 3]);
  });

  it("draws every result when they fit, and says +k for the rest when they do not", () => {
    for (let n = 1; n <= 20; n++) {
      for (const most of [MOSAIC_TILES.compact, MOSAIC_TILES.roomy]) {
        const m = mosaic(n, most);
        const tiles = m.rows.reduce((a, b) => a + b, 0);
        expect(tiles).toBe(Math.min(n, most));
        // Every result is a picture or behind the "+k" tile: none is lost.
        expect(m.shown + m.more).toBe(n);
        expect(m.more === 0).toBe(n <= most);
        if (m.more > 0) expect(tiles).toBe(m.shown + 1);
        // Rows differ by one tile at most, the fuller ones last.
        expect(Math.max(...m.rows) - Math.min(...m.rows)).toBeLessThanOrEqual(1);
        expect([...m.rows].sort((a, b) => a - b)).toEqual(m.rows);
        // No row is more than one tile longer than the rows are many: tiles stay near square.
        expect(Math.max(...m.rows)).toBeLessThanOrEqual(m.rows.length + 1);
      }
    }
    expect(mosaic(5, MOSAIC_TILES.compact)).toEqual({ rows: [2, 2], shown: 3, more: 2 });
    expect(mosaic(0, 4)).toEqual({ rows: [], shown: 0, more: 0 });
  });
});
