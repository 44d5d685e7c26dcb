import { describe, expect, it } from "vitest";
import { type RememberedView, readView, viewStorageKey, viewToOpen, writeView } from "./view-memory";

/** A browser's storage, in memory. */
function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const moved: RememberedView = {
  pictureId: "p",
  view: { scale: 2.5, x: -300, y: -120 },
  box: { width: 800, height: 600 },
  fitted: false,
};

describe("each job's view is kept in this browser", () => {
  it("the canvas, Inpainting and Outpainting each keep their own, per member", () => {
    const storage = memory();
    writeView(storage, viewStorageKey("m1", "canvas"), moved);
    writeView(storage, viewStorageKey("m1", "inpaint"), { ...moved, view: { scale: 0.5, x: 10, y: 20 } });
    expect(readView(storage, viewStorageKey("m1", "canvas"))?.view.scale).toBe(2.5);
    expect(readView(storage, viewStorageKey("m1", "inpaint"))?.view.scale).toBe(0.5);
    expect(readView(storage, viewStorageKey("m1", "outpaint"))).toBeNull();
    expect(readView(storage, viewStorageKey("m2", "canvas"))).toBeNull();
  });

  it("a damaged or old entry is no view", () => {
    const storage = memory();
    storage.setItem("k", "{not json");
    expect(readView(storage, "k")).toBeNull();
    storage.setItem("k", JSON.stringify({ view: { scale: 1 } }));
    expect(readView(storage, "k")).toBeNull();
  });

  it("a storage that refuses the write costs only the view", () => {
    const refusing = {
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(() => writeView(refusing, "k", moved)).not.toThrow();
  });
});

describe("the view a reload opens with", () => {
  it("a moved view of the same picture comes back as it was, on a stage of the same size", () => {
    expect(viewToOpen(moved, "p", { width: 800, height: 600 })).toEqual(moved.view);
  });

  it("on a stage sized differently, what was in its middle stays in its middle", () => {
    expect(viewToOpen(moved, "p", { width: 1000, height: 700 })).toEqual({ scale: 2.5, x: -200, y: -70 });
  });

  it("a fit, another picture, or nothing kept is fitted afresh", () => {
    expect(viewToOpen({ ...moved, fitted: true }, "p", moved.box)).toBeNull();
    expect(viewToOpen(moved, "q", moved.box)).toBeNull();
    expect(viewToOpen(null, "p", moved.box)).toBeNull();
  });
});
