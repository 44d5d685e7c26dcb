import { describe, expect, it } from "vitest";
import {
  acceptResult,
  addLayer,
  addStroke,
  type CanvasDocument,
  emptyDocument,
  moveLayer,
  newLayer,
  patchLayer,
  removeLayer,
  restoreStroke,
  type Stroke,
} from "./canvas-document";

const stroke: Stroke = { mode: "paint", size: 10, pressure: false, points: [1, 1, 0.5, 20, 20, 0.5] };

function withLayers(): CanvasDocument {
  let doc = emptyDocument();
  doc = addLayer(doc, newLayer(doc.layers, "inpaintMask", "m"));
  doc = addLayer(doc, newLayer(doc.layers, "regionalPrompt", "r"));
  doc = addLayer(doc, newLayer(doc.layers, "controlGuide", "g"));
  return doc;
}

describe("canvas layers", () => {
  it("names each new layer apart from the others of its kind", () => {
    let doc = withLayers();
    doc = addLayer(doc, newLayer(doc.layers, "inpaintMask", "m2"));
    expect(doc.layers.map((l) => l.name)).toEqual([
      "Inpaint mask 1",
      "Regional prompt 1",
      "ControlNet guide 1",
      "Inpaint mask 2",
    ]);
  });

  it("moves a layer one place and stops at either end", () => {
    const doc = withLayers();
    expect(moveLayer(doc, "m", 1).layers.map((l) => l.id)).toEqual(["r", "m", "g"]);
    expect(moveLayer(doc, "g", 1)).toBe(doc);
    expect(moveLayer(doc, "m", -1)).toBe(doc);
    expect(moveLayer(doc, "nope", 1)).toBe(doc);
  });

  it("sets only what the layer's kind has, and holds opacity and weight to 0..1", () => {
    let doc = withLayers();
    doc = patchLayer(doc, "m", { opacity: 3, prompt: "ignored" });
    doc = patchLayer(doc, "g", { weight: -2, model: "civitai:1@1" });
    expect(doc.layers[0]).not.toHaveProperty("prompt");
    expect(doc.layers[0]?.opacity).toBe(1);
    expect(doc.layers[2]).toMatchObject({ weight: 0, model: "civitai:1@1" });
  });

  it("paints only on a shown, unlocked layer, and erases only on an image", () => {
    let doc = withLayers();
    expect(addStroke(patchLayer(doc, "m", { locked: true }), "m", stroke).layers[0]?.strokes).toHaveLength(0);
    expect(addStroke(patchLayer(doc, "m", { hidden: true }), "m", stroke).layers[0]?.strokes).toHaveLength(0);
    doc = acceptResult(doc, "i", "/media/a.png", { x: 0, y: 0, width: 64, height: 64 });
    expect(addStroke(doc, "i", stroke)).toBe(doc);
    expect(addStroke(doc, "i", { ...stroke, mode: "erase" }).layers[3]?.strokes).toHaveLength(1);
  });

  it("erases back to the original on every layer it may touch", () => {
    let doc = patchLayer(withLayers(), "r", { locked: true });
    doc = restoreStroke(doc, stroke);
    expect(doc.layers.map((l) => l.strokes.map((s) => s.mode))).toEqual([["erase"], [], ["erase"]]);
  });

  it("removes a layer", () => {
    expect(removeLayer(withLayers(), "r").layers.map((l) => l.id)).toEqual(["m", "g"]);
  });
});
