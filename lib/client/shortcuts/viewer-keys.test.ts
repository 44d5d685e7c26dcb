import { describe, expect, it } from "vitest";
import { shortcutsFor } from "./page-shortcuts";
import { cellImageStep, VIEWER_KEYS, viewerCommand } from "./viewer-keys";

describe("the item viewer's keys", () => {
  it("turns each key into its command", () => {
    expect(viewerCommand({ key: "ArrowLeft" })).toEqual({ kind: "previous" });
    expect(viewerCommand({ key: "ArrowRight" })).toEqual({ kind: "next" });
    expect(viewerCommand({ key: "4" })).toEqual({ kind: "rate", stars: 4 });
    expect(viewerCommand({ key: "=" })).toEqual({ kind: "zoomIn" });
    expect(viewerCommand({ key: "+" })).toEqual({ kind: "zoomIn" });
    expect(viewerCommand({ key: "-" })).toEqual({ kind: "zoomOut" });
    expect(viewerCommand({ key: "0" })).toEqual({ kind: "zoomFit" });
    expect(viewerCommand({ key: "," })).toEqual({ kind: "frame", step: -1 });
    expect(viewerCommand({ key: "." })).toEqual({ kind: "frame", step: 1 });
    expect(viewerCommand({ key: "[" })).toEqual({ kind: "version", step: -1 });
    expect(viewerCommand({ key: "]" })).toEqual({ kind: "version", step: 1 });
    expect(viewerCommand({ key: "Escape" })).toEqual({ kind: "close" });
  });

  it("leaves keys with Ctrl, Cmd or Alt, taken keys, and other keys alone", () => {
    expect(viewerCommand({ key: "ArrowLeft", ctrlKey: true })).toBeNull();
    expect(viewerCommand({ key: "0", metaKey: true })).toBeNull();
    expect(viewerCommand({ key: "1", altKey: true })).toBeNull();
    expect(viewerCommand({ key: "1", defaultPrevented: true })).toBeNull();
    expect(viewerCommand({ key: "6" })).toBeNull();
    expect(viewerCommand({ key: "x" })).toBeNull();
  });

  it("lists every key it answers on the viewer's page, and the keys of every page", () => {
    const list = shortcutsFor("/gallery/item/4f7c2a9e-1d3b-4c8a-9e2f-5b6a7c8d9e0f");
    const keys = list.flatMap((s) => s.keys);
    for (const key of ["←", "→", "1", "5", "+", "-", "0", ",", ".", "Esc", "?"]) expect(keys).toContain(key);
    for (const entry of VIEWER_KEYS) expect(list.map((s) => s.action)).toContain(entry.action);
    // Each row is one action: the list has no two rows of the same name.
    expect(new Set(list.map((s) => s.action)).size).toBe(list.length);
  });
});

describe("the shortcuts list of the viewer opened from an experiment's cell", () => {
  const EXPERIMENT = "/gallery/item/4f7c2a9e-1d3b-4c8a-9e2f-5b6a7c8d9e0f";
  const cell = new URLSearchParams("experiment=0b6f1e2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b");

  it("says the arrows walk the grid, names ↑ and ↓, and the keys through the cell's images", () => {
    const list = shortcutsFor(EXPERIMENT, { search: cell, canRate: true });
    const actions = list.map((s) => s.action);
    expect(actions).not.toContain("Viewer: previous item");
    expect(actions).not.toContain("Viewer: next item");
    const keys = (action: string) => list.find((s) => s.action === action)?.keys;
    expect(keys("Experiment: the cell above (previous row)")).toEqual(["↑"]);
    expect(keys("Experiment: the cell below (next row)")).toEqual(["↓"]);
    expect(keys("Experiment: the cell to the left (previous column)")).toEqual(["←"]);
    expect(keys("Experiment: next image of this cell")).toEqual(["Shift", "→"]);
    expect(actions).toContain("Viewer: back to the experiment, or stop placing a pin");
    expect(new Set(actions).size).toBe(actions.length);
  });

  it("offers the rating keys only to a member who may rate", () => {
    const rating = "Viewer: rate 1 to 5 stars";
    expect(shortcutsFor(EXPERIMENT, { search: cell, canRate: false }).map((s) => s.action)).not.toContain(
      rating,
    );
    expect(shortcutsFor(EXPERIMENT, { canRate: false }).map((s) => s.action)).not.toContain(rating);
    expect(shortcutsFor(EXPERIMENT, { canRate: true }).map((s) => s.action)).toContain(rating);
  });

  it("steps through a cell's images with Shift and the side arrows, nothing else", () => {
    expect(cellImageStep({ key: "ArrowLeft", shiftKey: true })).toBe(-1);
    expect(cellImageStep({ key: "ArrowRight", shiftKey: true })).toBe(1);
    expect(cellImageStep({ key: "ArrowRight" })).toBeNull();
    expect(cellImageStep({ key: "ArrowUp", shiftKey: true })).toBeNull();
    expect(cellImageStep({ key: "ArrowRight", shiftKey: true, ctrlKey: true })).toBeNull();
  });
});
