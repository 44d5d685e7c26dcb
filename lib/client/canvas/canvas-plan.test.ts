import { describe, expect, it } from "vitest";
import { addLayer, addStroke, type CanvasDocument, newLayer, patchLayer } from "./canvas-document";
import { planGeneration } from "./canvas-plan";
import { DEFAULT_SETTINGS } from "./canvas-store";
import { canvasTask } from "./canvas-task";

const picture = { id: "p", url: "/p.png", width: 768, height: 512 };
const inside = { x: 0, y: 0, width: 768, height: 512 };
const dab = (x: number, y: number) => ({
  mode: "paint" as const,
  size: 20,
  pressure: false,
  points: [x, y, 0.5],
});

function doc(frame = inside): CanvasDocument {
  return { picture, layers: [], frame };
}

function withMask(d: CanvasDocument, x = 100, y = 100): CanvasDocument {
  const m = addLayer(d, newLayer(d.layers, "inpaintMask", "m"));
  return addStroke(m, "m", dab(x, y));
}

describe("what the frame covers chooses the task", () => {
  it("nothing painted inside the picture: image to image with the frame's crop", () => {
    const plan = planGeneration(doc(), 0.8);
    expect(plan.kind).toBe("imageToImage");
    expect(plan.seed).toEqual(inside);
    expect(canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", guideImages: [] })).toMatchObject({
      seedImage: "s",
      strength: 0.8,
      width: 768,
      height: 512,
    });
  });

  it("a mask inside the frame: inpainting, with the mask", () => {
    const plan = planGeneration(withMask(doc()), 0.8);
    expect(plan.kind).toBe("inpainting");
    const task = canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", maskImage: "data:m", guideImages: [] });
    expect(task).toMatchObject({ seedImage: "s", maskImage: "data:m" });
    expect(task).not.toHaveProperty("outpaint");
  });

  it("a mask outside the frame, or hidden, is no mask", () => {
    expect(planGeneration(withMask(doc({ x: 0, y: 0, width: 128, height: 128 }), 600, 400), 0.8).kind).toBe(
      "imageToImage",
    );
    expect(planGeneration(patchLayer(withMask(doc()), "m", { hidden: true }), 0.8).kind).toBe("imageToImage");
  });

  it("reaching past an edge: outpainting, the seed is what the frame covers and the sides what it adds", () => {
    const plan = planGeneration(withMask(doc({ x: -128, y: 0, width: 768, height: 512 })), 0.8);
    expect(plan.kind).toBe("outpainting");
    expect(plan.seed).toEqual({ x: 0, y: 0, width: 640, height: 512 });
    expect(plan.outpaint).toEqual({ top: 0, right: 0, bottom: 0, left: 128 });
    expect(plan.lines.join(" ")).toContain("mask is not sent");
    const task = canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", maskImage: "data:m", guideImages: [] });
    expect(task).not.toHaveProperty("maskImage");
    expect(task).not.toHaveProperty("strength");
    // The contract: width and height are the seed plus the sides.
    expect(task).toMatchObject({ width: 640 + 128, height: 512, outpaint: { left: 128 } });
  });

  it("outpainting a picture whose covered part is no multiple of 64 is refused in words", () => {
    const odd = { ...doc({ x: 0, y: 0, width: 1024, height: 512 }), picture: { ...picture, width: 1000 } };
    const plan = planGeneration(odd, 0.8);
    expect(plan.kind).toBe("outpainting");
    expect(plan.problems.join(" ")).toMatch(/not a multiple of 64/);
  });

  it("no picture, or none under the frame: text to image", () => {
    expect(planGeneration({ ...doc(), picture: null }, 0.8).kind).toBe("textToImage");
    const away = planGeneration(doc({ x: 1024, y: 0, width: 256, height: 256 }), 0.8);
    expect(away.kind).toBe("textToImage");
    expect(canvasTask(away, DEFAULT_SETTINGS, { guideImages: [] })).not.toHaveProperty("seedImage");
  });

  it("refuses regional prompts plainly and never sends them", () => {
    let d = doc();
    d = addLayer(d, newLayer(d.layers, "regionalPrompt", "r"));
    d = patchLayer(addStroke(d, "r", dab(50, 50)), "r", { prompt: "a red kite" });
    const plan = planGeneration(d, 0.8);
    expect(plan.lines.join(" ")).toContain("The service cannot prompt regions separately");
    expect(plan.lines.join(" ")).toContain("a red kite");
    expect(
      JSON.stringify(canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", guideImages: [] })),
    ).not.toContain("a red kite");
  });

  it("a painted ControlNet guide is sent with its model and weight; without a model it blocks", () => {
    let d = doc();
    d = addLayer(d, newLayer(d.layers, "controlGuide", "g"));
    d = addStroke(d, "g", dab(50, 50));
    expect(planGeneration(d, 0.8).problems[0]).toMatch(/Choose a ControlNet model/);
    d = patchLayer(d, "g", { model: "runware:25@1", weight: 0.6 });
    const plan = planGeneration(d, 0.8);
    expect(plan.problems).toEqual([]);
    expect(canvasTask(plan, DEFAULT_SETTINGS, { seedImage: "s", guideImages: ["data:g"] })).toMatchObject({
      controlNet: [{ model: "runware:25@1", guideImage: "data:g", weight: 0.6 }],
    });
  });
});
