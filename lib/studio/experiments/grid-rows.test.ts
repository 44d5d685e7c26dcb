import { describe, expect, it } from "vitest";
import { gridRows } from "./grid-rows";

const cell = (key: string, status = "pending") => ({ key, status });

describe("gridRows", () => {
  it("lays two axes out as rows down and columns across, a third as the layer shown", () => {
    const cells = ["0-0", "0-1", "1-0", "1-1"].map((k) => cell(k));
    expect(gridRows([2, 2], cells, 0).map((row) => row.map((c) => c?.key))).toEqual([
      ["0-0", "0-1"],
      ["1-0", "1-1"],
    ]);
    const layered = ["0-0-0", "0-0-1", "0-1-0", "0-1-1"].map((k) => cell(k));
    expect(gridRows([1, 2, 2], layered, 1).map((row) => row.map((c) => c?.key))).toEqual([
      ["0-0-1", "0-1-1"],
    ]);
    expect(
      gridRows(
        [3],
        ["0", "1", "2"].map((k) => cell(k)),
        0,
      ).map((row) => row.map((c) => c?.key)),
    ).toEqual([["0", "1", "2"]]);
  });

  it("leaves a hole where the view has no cell", () => {
    expect(gridRows([1, 2], [cell("0-1")], 0)[0]).toEqual([undefined, cell("0-1")]);
  });

  it("keeps each row whose cells did not change, and makes anew only the changed one", () => {
    const cells = ["0-0", "0-1", "1-0", "1-1", "2-0", "2-1"].map((k) => cell(k));
    const before = gridRows([3, 2], cells, 0);
    const patched = cells.map((c) => (c.key === "1-1" ? cell("1-1", "done") : c));
    const after = gridRows([3, 2], patched, 0, before);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.[1]?.status).toBe("done");
    expect(after[1]?.[0]).toBe(before[1]?.[0]);
  });
});
