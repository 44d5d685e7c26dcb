import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import {
  createViewState,
  fitCanvasView,
  fitView,
  keepCentre,
  useCanvasView,
  type ViewState,
} from "./canvas-view";

const doc = {
  picture: { id: "p", url: "/p.png", width: 800, height: 600 },
  layers: [],
  frame: { x: 0, y: 0, width: 768, height: 576 },
};

describe("the view when the stage changes size", () => {
  it("a fitted view is fitted again to the new size", () => {
    useCanvasView.getState().setBox({ width: 600, height: 400 });
    fitCanvasView(doc);
    expect(useCanvasView.getState().fitted).toBe(true);
    useCanvasView.getState().setBox({ width: 1200, height: 800 });
    fitCanvasView(doc);
    const wide = fitView({ x: 0, y: 0, width: 800, height: 600 }, { width: 1200, height: 800 });
    expect(useCanvasView.getState().view).toEqual(wide);
    expect(useCanvasView.getState().view.scale).toBeGreaterThan(
      fitView({ x: 0, y: 0, width: 800, height: 600 }, { width: 600, height: 400 }).scale,
    );
  });

  it("a view the person moved is no longer a fit, and keeps its middle in the middle", () => {
    const store = createStore<ViewState>()((set) => createViewState(set));
    store.getState().setBox({ width: 600, height: 400 });
    store.getState().setView({ scale: 2, x: -100, y: -50 });
    expect(store.getState().fitted).toBe(false);
    store.getState().setBox({ width: 800, height: 500 });
    expect(store.getState().view).toEqual({ scale: 2, x: 0, y: 0 });
    expect(keepCentre({ scale: 1, x: 0, y: 0 }, { width: 10, height: 10 }, { width: 4, height: 10 })).toEqual(
      {
        scale: 1,
        x: -3,
        y: 0,
      },
    );
  });
});
