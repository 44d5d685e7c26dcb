import { describe, expect, it } from "vitest";
import { gridStep, type NavCell, placeOf } from "./cell-nav";

const axes = [
  { name: "Prompt", labels: ["a fox", "a wolf", "an owl"] },
  { name: "CFG", labels: ["CFG 3", "CFG 7", "CFG 11"] },
];

/** A 3x3 grid whose cell r-c holds item "r-c", except the ones listed as without a result. */
function cells(missing: string[] = []): NavCell[] {
  const out: NavCell[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const key = `${r}-${c}`;
      out.push({ coords: [r, c], items: missing.includes(key) ? [] : [{ id: key }] });
    }
  return out;
}

describe("a cell's place in the grid", () => {
  it("names its row and column and steps one cell along either axis", () => {
    const place = placeOf(axes, cells(), "1-1");
    expect(place).toEqual({
      row: "a wolf",
      column: "CFG 7",
      layer: null,
      neighbors: { left: "1-0", right: "1-2", up: "0-1", down: "2-1" },
      image: { index: 0, count: 1, previous: null, next: null },
    });
  });

  it("stops at the edges", () => {
    const place = placeOf(axes, cells(), "0-0");
    expect(place?.neighbors).toEqual({ left: null, right: "0-1", up: null, down: "1-0" });
    expect(placeOf(axes, cells(), "2-2")?.neighbors).toEqual({
      left: "2-1",
      right: null,
      up: "1-2",
      down: null,
    });
  });

  it("steps over cells with no result to the next one shown", () => {
    const place = placeOf(axes, cells(["1-1", "0-2"]), "1-0");
    expect(place?.neighbors.right).toBe("1-2");
    expect(placeOf(axes, cells(["0-2"]), "0-1")?.neighbors.right).toBeNull();
  });

  it("lays one axis across the top, with no rows", () => {
    const one = [{ name: "Seed", labels: ["seed 1", "seed 2"] }];
    const place = placeOf(
      one,
      [
        { coords: [0], items: [{ id: "a" }] },
        { coords: [1], items: [{ id: "b" }] },
      ],
      "b",
    );
    expect(place).toEqual({
      row: null,
      column: "seed 2",
      layer: null,
      neighbors: { left: "a", right: null, up: null, down: null },
      image: { index: 0, count: 1, previous: null, next: null },
    });
  });

  it("keeps to the layer of a third axis", () => {
    const three = [...axes, { name: "Seed", labels: ["seed 1", "seed 2"] }];
    const grid: NavCell[] = cells().flatMap((c) => [
      { coords: [...c.coords, 0], items: [{ id: `${c.coords.join("-")}-0` }] },
      { coords: [...c.coords, 1], items: [{ id: `${c.coords.join("-")}-1` }] },
    ]);
    const place = placeOf(three, grid, "1-1-1");
    expect(place?.layer).toBe("seed 2");
    expect(place?.neighbors).toEqual({ left: "1-0-1", right: "1-2-1", up: "0-1-1", down: "2-1-1" });
  });

  it("steps through the images of a cell, and keeps to the same image of the next cell", () => {
    const four = (key: string) => [0, 1, 2, 3].map((k) => ({ id: `${key}/${k}` }));
    const grid: NavCell[] = cells().map((c) => ({
      coords: c.coords,
      items: c.coords.join("-") === "1-2" ? [{ id: "1-2/0" }] : four(c.coords.join("-")),
    }));
    const place = placeOf(axes, grid, "1-1/2");
    expect(place?.image).toEqual({ index: 2, count: 4, previous: "1-1/1", next: "1-1/3" });
    expect(place?.neighbors).toEqual({ left: "1-0/2", right: "1-2/0", up: "0-1/2", down: "2-1/2" });
    expect(placeOf(axes, grid, "1-1/0")?.image).toMatchObject({ previous: null, next: "1-1/1" });
    expect(placeOf(axes, grid, "1-1/3")?.image).toMatchObject({ previous: "1-1/2", next: null });
  });

  it("knows nothing of an item outside the grid", () => {
    expect(placeOf(axes, cells(), "elsewhere")).toBeNull();
  });
});

describe("gridStep", () => {
  const size = { rows: 20, cols: 30 };
  it("moves one cell with an arrow, and nowhere past an edge", () => {
    expect(gridStep({ row: 3, col: 4 }, "ArrowRight", false, size)).toEqual({ row: 3, col: 5 });
    expect(gridStep({ row: 3, col: 4 }, "ArrowLeft", false, size)).toEqual({ row: 3, col: 3 });
    expect(gridStep({ row: 3, col: 4 }, "ArrowUp", false, size)).toEqual({ row: 2, col: 4 });
    expect(gridStep({ row: 3, col: 4 }, "ArrowDown", false, size)).toEqual({ row: 4, col: 4 });
    expect(gridStep({ row: 0, col: 0 }, "ArrowUp", false, size)).toBeNull();
    expect(gridStep({ row: 0, col: 0 }, "ArrowLeft", false, size)).toBeNull();
    expect(gridStep({ row: 19, col: 29 }, "ArrowDown", false, size)).toBeNull();
    expect(gridStep({ row: 19, col: 29 }, "ArrowRight", false, size)).toBeNull();
  });

  it("goes to the row's ends with Home and End, and to the grid's corners with Ctrl", () => {
    expect(gridStep({ row: 3, col: 4 }, "Home", false, size)).toEqual({ row: 3, col: 0 });
    expect(gridStep({ row: 3, col: 4 }, "End", false, size)).toEqual({ row: 3, col: 29 });
    expect(gridStep({ row: 3, col: 4 }, "Home", true, size)).toEqual({ row: 0, col: 0 });
    expect(gridStep({ row: 3, col: 4 }, "End", true, size)).toEqual({ row: 19, col: 29 });
    expect(gridStep({ row: 19, col: 29 }, "End", true, size)).toBeNull();
  });

  it("leaves every other key alone", () => {
    expect(gridStep({ row: 3, col: 4 }, "Enter", false, size)).toBeNull();
    expect(gridStep({ row: 3, col: 4 }, "a", true, size)).toBeNull();
  });
});
