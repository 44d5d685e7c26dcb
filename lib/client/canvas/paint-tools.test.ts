import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CanvasDocument, type Layer, newLayer } from "./canvas-document";
import { readPersisted } from "./canvas-persist";
import { type CanvasState, createCanvasState } from "./canvas-store";
import { rasterize } from "./layer-raster";
import { rectPolygon } from "./paint-ops";
import { bucketOp, frameOp, lassoOp, paintBounds, sampleOf } from "./paint-tools";

function harness() {
  let state: CanvasState;
  const set = (fn: (s: CanvasState) => Partial<CanvasState>) => {
    state = { ...state, ...fn(state) };
  };
  state = createCanvasState(set);
  return { get: () => state };
}

const picture = { id: "p", url: "/p.png", width: 96, height: 64 };
const count = (mask: Uint8Array) => mask.reduce((n, v) => n + (v ? 1 : 0), 0);

function withMask(strokes: Layer["strokes"]): { doc: CanvasDocument; layer: Layer } {
  const layer = { ...newLayer([], "inpaintMask", "m"), strokes };
  return { doc: { picture, layers: [layer], frame: { x: 0, y: 0, width: 96, height: 64 } }, layer };
}

describe("the bucket on a layer", () => {
  it("fills the inside of a painted outline and nothing past it", () => {
    const outline = rectPolygon({ x: 20, y: 10, width: 40, height: 30 });
    const hole = rectPolygon({ x: 24, y: 14, width: 32, height: 22 });
    const { doc, layer } = withMask([
      { shape: "polygon", mode: "paint", points: outline },
      { shape: "polygon", mode: "erase", points: hole },
    ]);
    const op = bucketOp(doc, layer, { x: 40, y: 25 }, "paint");
    expect(op?.rect).toEqual({ x: 23, y: 13, width: 34, height: 24 });
    const after = rasterize([...layer.strokes, ...(op ? [op] : [])], paintBounds(doc));
    expect(count(after)).toBe(40 * 30);
  });

  it("spreads over the picture and a frame reaching past it, and no further", () => {
    const { doc, layer } = withMask([]);
    const wide = { ...doc, frame: { x: -32, y: 0, width: 128, height: 64 } };
    expect(paintBounds(wide)).toEqual({ x: -32, y: 0, width: 128, height: 64 });
    expect(bucketOp(wide, layer, { x: -10, y: 5 }, "paint")?.rect).toEqual(paintBounds(wide));
    expect(bucketOp(wide, layer, { x: 200, y: 5 }, "paint")).toBeNull();
  });
});

describe("the lasso", () => {
  it("closes what was drawn into a polygon to fill or erase; a click encloses nothing", () => {
    expect(lassoOp([0, 0, 10, 0, 10, 10], "erase")).toEqual({
      shape: "polygon",
      mode: "erase",
      points: [0, 0, 10, 0, 10, 10],
    });
    expect(lassoOp([5, 5, 5.5, 5.5, 6, 6], "paint")).toBeNull();
    expect(lassoOp([5, 5], "paint")).toBeNull();
  });
});

describe("the pen", () => {
  it("follows a pen's pressure and draws a mouse or touch at the middle", () => {
    expect(sampleOf({ pointerType: "pen", pressure: 0.3 })).toEqual({ pen: true, pressure: 0.3 });
    expect(sampleOf({ pointerType: "pen", pressure: 0 })).toEqual({ pen: false, pressure: 0.5 });
    expect(sampleOf({ pointerType: "mouse", pressure: 0.5 })).toEqual({ pen: false, pressure: 0.5 });
    expect(sampleOf({ pointerType: "touch", pressure: 1 })).toEqual({ pen: false, pressure: 0.5 });
  });
});

describe("fills, lassos and clearing in the store", () => {
  it("are one undo step each, and a locked layer takes none", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("inpaintMask");
    const id = h.get().selectedId ?? "";
    const steps = () => h.get().history.past.length;
    const before = steps();
    h.get().paint(frameOp(h.get().history.present));
    h.get().paint({ shape: "polygon", mode: "erase", points: [0, 0, 10, 0, 10, 10] });
    expect(steps()).toBe(before + 2);
    h.get().clearLayer(id);
    expect(h.get().history.present.layers[0]?.strokes).toEqual([]);
    h.get().clearLayer(id);
    expect(steps()).toBe(before + 3);
    h.get().undo();
    expect(h.get().history.present.layers[0]?.strokes).toHaveLength(2);
    h.get().patchLayer(id, { locked: true });
    const locked = steps();
    h.get().paint(frameOp(h.get().history.present));
    h.get().clearLayer(id);
    expect(steps()).toBe(locked);
  });

  it("a mask from the gallery is a new selected mask layer, taken away by one undo", () => {
    const h = harness();
    h.get().setPicture(picture);
    const op = {
      shape: "region" as const,
      mode: "paint" as const,
      rect: { x: 0, y: 0, width: 2, height: 1 },
      runs: [0, 2],
    };
    h.get().addMask(op);
    const layer = h.get().history.present.layers[0];
    expect(layer).toMatchObject({ kind: "inpaintMask", strokes: [op] });
    expect(h.get().selectedId).toBe(layer?.id);
    h.get().undo();
    expect(h.get().history.present.layers).toEqual([]);
  });
});

describe("a reload", () => {
  it("keeps fills, lassos, the tool and each tool's size", () => {
    const h = harness();
    h.get().setPicture(picture);
    h.get().addLayer("inpaintMask");
    h.get().paint(frameOp(h.get().history.present));
    h.get().paint({
      shape: "region",
      mode: "erase",
      rect: { x: 1, y: 1, width: 3, height: 1 },
      runs: [1, 2],
    });
    h.get().setSize("brush", 120);
    h.get().setTool("eraser");
    h.get().setSize("eraser", 7);
    h.get().setTool("lasso");
    const s = h.get();
    // What the store writes (canvas-store.ts `persisted`), through JSON as localStorage keeps it.
    const stored = JSON.parse(
      JSON.stringify({
        doc: s.history.present,
        selectedId: s.selectedId,
        settings: s.settings,
        tool: s.tool,
        sizes: s.sizes,
        staging: null,
      }),
    );
    const read = readPersisted(stored);
    expect(read?.doc).toEqual(s.history.present);
    expect(read?.tool).toBe("lasso");
    expect(read?.sizes).toEqual({ brush: 120, eraser: 7, restore: 64 });
  });

  it("reads any stored layer entry back as it was, and refuses a damaged one", () => {
    const entry = fc.oneof(
      fc.record({
        shape: fc.constant("polygon" as const),
        mode: fc.constantFrom("paint" as const, "erase" as const),
        points: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 20 }),
      }),
      fc.record({
        mode: fc.constantFrom("paint" as const, "erase" as const),
        size: fc.integer({ min: 1, max: 512 }),
        pressure: fc.boolean(),
        points: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 30 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (strokes) => {
        const layer = { ...newLayer([], "controlGuide", "g"), strokes };
        const stored = {
          doc: { picture, layers: [layer], frame: { x: 0, y: 0, width: 96, height: 64 } },
          selectedId: "g",
          settings: harness().get().settings,
          tool: "fill",
          sizes: { brush: 1, eraser: 2, restore: 3 },
          staging: null,
        };
        const read = readPersisted(JSON.parse(JSON.stringify(stored)));
        expect(read?.doc.layers[0]?.strokes).toEqual(JSON.parse(JSON.stringify(strokes)));
        expect(
          readPersisted({
            ...stored,
            doc: { ...stored.doc, layers: [{ ...layer, strokes: [{ shape: "blob" }] }] },
          }),
        ).toBeNull();
      }),
    );
  });
});
