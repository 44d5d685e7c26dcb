import { describe, expect, it } from "vitest";
import { gridLayout, justifiedRows, moveFocus } from "./layout";

describe("the gallery's layouts", () => {
  it("fits as many square cards as the width allows", () => {
    const { columns, rows } = gridLayout(10, { width: 1000, gap: 16, minCard: 220, caption: 100 });
    expect(columns).toBe(4);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ start: 8, end: 10 });
    expect(rows[0]?.height).toBe(Math.floor((1000 - 48) / 4) + 100);
  });

  it("fills each justified row to the width at each item's own shape", () => {
    const aspects = [16 / 9, 1, 9 / 16, 16 / 9, 1, 1, 4 / 3];
    const rows = justifiedRows(aspects, { width: 1200, gap: 8, targetHeight: 240 });
    for (const row of rows.slice(0, -1)) {
      const used = row.widths.reduce((a, b) => a + b, 0) + 8 * (row.widths.length - 1);
      expect(used).toBeGreaterThan(1200 - row.widths.length);
      expect(used).toBeLessThanOrEqual(1200);
      expect(row.height).toBeLessThanOrEqual(240);
    }
    expect(rows.at(-1)?.end).toBe(aspects.length);
    expect(rows.flatMap((r) => r.widths)).toHaveLength(aspects.length);
  });

  it("moves focus along rows and to the nearest card above or below", () => {
    const { rows } = gridLayout(10, { width: 1000, gap: 16, minCard: 220, caption: 100 });
    expect(moveFocus(rows, 1, "ArrowDown", 10)).toBe(5);
    expect(moveFocus(rows, 5, "ArrowUp", 10)).toBe(1);
    expect(moveFocus(rows, 7, "ArrowDown", 10)).toBe(9);
    expect(moveFocus(rows, 9, "ArrowDown", 10)).toBe(9);
    expect(moveFocus(rows, 0, "ArrowLeft", 10)).toBe(0);
    expect(moveFocus(rows, 9, "ArrowRight", 10)).toBe(9);
  });
});
