import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { addLayer, addStroke, newLayer } from "./canvas-document";
import { extentsBeyond } from "./canvas-frame";
import { readPersisted } from "./canvas-persist";
import { planGeneration } from "./canvas-plan";
import { frameForExtents, recalledDocument, recalledExtents, recalledSettings } from "./canvas-recall";
import { DEFAULT_SETTINGS } from "./canvas-store";
import { canvasTask } from "./canvas-task";
import type { RegionOp } from "./paint-ops";
import { accepts, refusal } from "./settings-fields";

const picture = { id: "p", url: "/p.png", width: 768, height: 512 };
const region: RegionOp = {
  shape: "region",
  mode: "paint",
  rect: { x: 0, y: 0, width: 768, height: 512 },
  runs: [10, 20],
};

describe("a recalled outpainting lands as the same extents", () => {
  it("the frame reaches each side as far as the task asked, and sends those sides again", () => {
    const extents = { top: 64, right: 128, bottom: 0, left: 192 };
    const doc = recalledDocument(picture, recalledExtents({ outpaint: { ...extents, blur: 8 } }), null);
    expect(extentsBeyond(doc.frame, picture)).toEqual(extents);
    const settings = recalledSettings({ outpaint: { ...extents, blur: 8 } }, DEFAULT_SETTINGS);
    const plan = planGeneration(doc, settings.strength, settings);
    expect(plan.kind).toBe("outpainting");
    expect(canvasTask(plan, settings, { seedImage: "s", guideImages: [] }).outpaint).toEqual({
      ...extents,
      blur: 8,
    });
  });

  it("no extents is no outpainting", () => {
    expect(recalledExtents({ outpaint: { top: 0, right: 0, bottom: 0, left: 0, blur: 4 } })).toBeNull();
    expect(recalledExtents({})).toBeNull();
    expect(frameForExtents(picture, { top: 0, right: 0, bottom: 0, left: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 768,
      height: 512,
    });
  });
});

describe("a recalled inpainting lands with its mask and settings", () => {
  it("the mask becomes an inpaint mask layer over the picture, and the task sent again is inpainting with its margin", () => {
    const doc = recalledDocument(picture, null, { op: region, id: "m" });
    expect(doc.layers).toHaveLength(1);
    expect(doc.layers[0]).toMatchObject({ id: "m", kind: "inpaintMask", strokes: [region] });
    const settings = recalledSettings(
      {
        positivePrompt: "a red door",
        negativePrompt: "blur",
        model: "civitai:1@2",
        strength: 0.6,
        numberResults: 2,
        maskImage: "data:x",
        maskMargin: 48,
      },
      DEFAULT_SETTINGS,
    );
    expect(settings).toMatchObject({
      prompt: "a red door",
      negativePrompt: "blur",
      model: "civitai:1@2",
      strength: 0.6,
      numberResults: 2,
      maskMargin: 48,
    });
    const plan = planGeneration(doc, settings.strength, settings);
    expect(plan.kind).toBe("inpainting");
    expect(plan.lines.join(" ")).toContain("48 px");
    const task = canvasTask(plan, settings, { seedImage: "s", maskImage: "data:m", guideImages: [] });
    expect(task).toMatchObject({ maskImage: "data:m", maskMargin: 48, strength: 0.6 });
  });

  it("an inpainting sent without a margin turns the canvas's margin off, and out-of-range numbers are bounded", () => {
    const on = { ...DEFAULT_SETTINGS, maskMargin: 64 };
    expect(recalledSettings({ maskImage: "data:x" }, on).maskMargin).toBeNull();
    expect(recalledSettings({ maskImage: "data:x", maskMargin: 999 }, on).maskMargin).toBe(128);
    expect(recalledSettings({ positivePrompt: "x" }, on).maskMargin).toBe(64);
  });

  it("with no margin set, nothing of it is sent", () => {
    const doc = addStroke(
      addLayer(recalledDocument(picture, null, null), newLayer([], "inpaintMask", "m")),
      "m",
      {
        mode: "paint",
        size: 20,
        pressure: false,
        points: [100, 100, 0.5],
      },
    );
    const plan = planGeneration(doc, 0.8, DEFAULT_SETTINGS);
    expect(
      canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", maskImage: "m", guideImages: [] }),
    ).not.toHaveProperty("maskMargin");
  });
});

describe("a canvas kept before the margin and blur were settings", () => {
  it("still reads, with both off", () => {
    const { maskMargin: _, outpaintBlur: __, ...old } = DEFAULT_SETTINGS;
    const read = readPersisted({
      doc: { picture: null, layers: [], frame: { x: 0, y: 0, width: 1024, height: 1024 } },
      selectedId: null,
      settings: old,
      tool: "move",
      sizes: { brush: 1, eraser: 1, restore: 1 },
      staging: null,
    });
    expect(read?.settings).toMatchObject({ maskMargin: null, outpaintBlur: 0 });
  });
});

describe("a recalled task's image count", () => {
  const { min, max } = IMAGE_LIMITS.numberResults;

  it("is the task's own, up to the contract's most, and the Images box holds every such count", () => {
    expect(recalledSettings({ numberResults: 12 }, DEFAULT_SETTINGS).numberResults).toBe(12);
    for (let n = min; n <= max; n++) {
      const { numberResults } = recalledSettings({ numberResults: n }, DEFAULT_SETTINGS);
      expect(numberResults).toBe(n);
      // The Images box takes the count recalled as it is, with nothing marked.
      expect(accepts("numberResults", numberResults)).toBe(true);
    }
  });

  it("past the contract's bounds it is brought within them, a count the box holds too", () => {
    const high = recalledSettings({ numberResults: max + 5 }, DEFAULT_SETTINGS).numberResults;
    const low = recalledSettings({ numberResults: 0 }, DEFAULT_SETTINGS).numberResults;
    expect([low, high]).toEqual([min, max]);
    expect(accepts("numberResults", max + 1)).toBe(false);
    expect(refusal("numberResults")).toBe(`From ${min} to ${max} images.`);
  });
});
