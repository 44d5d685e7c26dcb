import { describe, expect, it, vi } from "vitest";
import { isMaskEmpty } from "@/lib/client/canvas/mask-buffer";
import { MaskDocument } from "./mask-painter-document";

function paintedCount(doc: MaskDocument): number {
  let n = 0;
  for (let i = 3; i < doc.mask.data.length; i += 4) if ((doc.mask.data[i] ?? 0) > 0) n++;
  return n;
}

describe("MaskDocument", () => {
  it("records a stroke as one undo step and publishes the new state", () => {
    const doc = new MaskDocument(64, 64);
    const listener = vi.fn();
    doc.subscribe(listener);
    doc.paint([{ x: 10, y: 10 }], 4, "paint");
    doc.paint([{ x: 20, y: 10 }], 4, "paint");
    expect(doc.getState()).toEqual({ canUndo: false, canRedo: false, empty: true });
    expect(doc.endStroke()).toBe(true);
    expect(doc.getState()).toEqual({ canUndo: true, canRedo: false, empty: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("undoes and redoes strokes, clear and invert", () => {
    const doc = new MaskDocument(32, 32);
    doc.paint([{ x: 16, y: 16 }], 5, "paint");
    doc.endStroke();
    const afterStroke = paintedCount(doc);
    expect(doc.invert()).toBe(true);
    expect(paintedCount(doc)).toBe(32 * 32 - afterStroke);
    expect(doc.clear()).toBe(true);
    expect(isMaskEmpty(doc.mask.data)).toBe(true);
    expect(doc.undo()).toBe(true);
    expect(paintedCount(doc)).toBe(32 * 32 - afterStroke);
    expect(doc.undo()).toBe(true);
    expect(paintedCount(doc)).toBe(afterStroke);
    expect(doc.undo()).toBe(true);
    expect(paintedCount(doc)).toBe(0);
    expect(doc.undo()).toBe(false);
    expect(doc.redo()).toBe(true);
    expect(paintedCount(doc)).toBe(afterStroke);
    expect(doc.getState()).toEqual({ canUndo: true, canRedo: true, empty: false });
  });

  it("skips strokes that change nothing", () => {
    const doc = new MaskDocument(32, 32);
    expect(doc.endStroke()).toBe(false);
    doc.paint([{ x: 8, y: 8 }], 3, "erase");
    expect(doc.endStroke()).toBe(false);
    doc.paint([{ x: 8, y: 8 }], 3, "paint");
    expect(doc.endStroke()).toBe(true);
    doc.paint([{ x: 8, y: 8 }], 2, "paint");
    expect(doc.endStroke()).toBe(false);
    expect(doc.clear()).toBe(true);
    expect(doc.clear()).toBe(false);
  });

  it("starts from a loaded mask with nothing to undo, until the user edits", () => {
    const doc = new MaskDocument(2, 1);
    const source = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]);
    expect(doc.load(source)).toBe(true);
    expect(paintedCount(doc)).toBe(1);
    expect(doc.getState()).toEqual({ canUndo: false, canRedo: false, empty: false });
    doc.invert();
    expect(doc.load(source)).toBe(false);
    expect(doc.undo()).toBe(true);
    expect(paintedCount(doc)).toBe(1);
  });

  it("asks for a redraw when pixels change", () => {
    const doc = new MaskDocument(16, 16);
    const render = vi.fn();
    const stop = doc.onRender(render);
    doc.paint([{ x: 4, y: 4 }], 2, "paint");
    doc.paint([{ x: -40, y: 4 }], 2, "paint");
    expect(render).toHaveBeenCalledTimes(1);
    stop();
    doc.invert();
    expect(render).toHaveBeenCalledTimes(1);
  });
});
