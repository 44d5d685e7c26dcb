import { describe, expect, it } from "vitest";
import { addLayer, addStroke, emptyDocument, newLayer } from "./canvas-document";
import { readRecipe } from "./canvas-recipe";
import { rectPolygon } from "./paint-ops";

const settings = {
  prompt: "a lake",
  negativePrompt: "",
  model: "runware:101@1",
  strength: 0.8,
  numberResults: 1,
};

describe("a result's canvas recipe", () => {
  it("reads back a canvas painted with the lasso and the bucket, not only with the brush", () => {
    let doc = addLayer(emptyDocument(), newLayer([], "inpaintMask", "m1"));
    doc = addStroke(doc, "m1", {
      shape: "polygon",
      mode: "paint",
      points: rectPolygon({ x: 10, y: 10, width: 50, height: 40 }),
    });
    doc = addStroke(doc, "m1", {
      shape: "region",
      mode: "erase",
      rect: { x: 0, y: 0, width: 2, height: 1 },
      runs: [0, 2],
    });
    const read = readRecipe(JSON.parse(JSON.stringify({ doc, settings })));
    expect(read?.doc).toEqual(doc);
    // A recipe kept before the mask margin and seam blur were settings reads with both off.
    expect(read?.settings).toEqual({ ...settings, maskMargin: null, outpaintBlur: 0 });
  });

  it("refuses what is not a recipe", () => {
    expect(readRecipe({ doc: { layers: "x" }, settings })).toBeNull();
    expect(readRecipe(null)).toBeNull();
  });
});
