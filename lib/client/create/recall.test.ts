import { describe, expect, it } from "vitest";
import { recallValues } from "./recall";
import { recallHref, workflowOf, workflowRecallHref } from "./recall-links";

const base = {
  taskType: "imageInference",
  taskUUID: "t",
  positivePrompt: "a fox",
  model: "runware:100@1",
  width: 1024,
  height: 768,
};

describe("recall", () => {
  it("opens each task in the workflow that made it", () => {
    expect(workflowOf(base)).toBe("text-to-image");
    expect(workflowOf({ ...base, seedImage: "x" })).toBe("image-to-image");
    expect(workflowOf({ ...base, seedImage: "x", maskImage: "m" })).toBe("inpainting");
    expect(workflowOf({ ...base, seedImage: "x", outpaint: { top: 64 } })).toBe("outpainting");
    expect(workflowOf({ ...base, controlNet: [{ model: "m", guideImage: "g" }] })).toBe("controlnet");
    expect(workflowOf({ taskType: "videoInference" })).toBe("video");
    expect(recallHref({ taskUUID: "t", params: base }, "seed", "42")).toBe(
      "/create/text-to-image?recall=t&use=seed&seed=42",
    );
  });

  it("links what already knows its workflow straight to that page", () => {
    expect(workflowRecallHref({ taskUUID: "t", workflow: "inpainting" }, "all", "7")).toBe(
      "/create/inpainting?recall=t&use=all&seed=7",
    );
    expect(workflowRecallHref({ taskUUID: "t", workflow: "video" }, "prompt")).toBe(
      "/create/video?recall=t&use=prompt",
    );
  });

  it("fills everything, or one aspect, with the result's own seed", () => {
    const all = recallValues({ ...base, deliveryMethod: "async", numberResults: 4 }, "all", "77");
    expect(all).toMatchObject({ positivePrompt: "a fox", width: 1024, seed: 77, numberResults: 1 });
    expect(all).not.toHaveProperty("taskUUID");
    expect(all).not.toHaveProperty("deliveryMethod");
    expect(recallValues(base, "seed", "9")).toEqual({ seed: 9 });
    expect(recallValues({ ...base, seed: 5 }, "seed")).toEqual({ seed: 5 });
    expect(recallValues(base, "seed")).toEqual({});
    expect(recallValues(base, "size")).toEqual({ width: 1024, height: 768 });
    expect(recallValues(base, "prompt")).toEqual({ positivePrompt: "a fox", negativePrompt: "" });
  });
});

describe("recall of a task that omitted parameters", () => {
  it("takes each omitted parameter as the contract's default, not the form's starting value", () => {
    const all = recallValues(base, "all");
    // The Create form starts at four images; the task, without numberResults, made one.
    expect(all).toMatchObject({ numberResults: 1, steps: 20, CFGScale: 7 });
    expect(recallValues({ ...base, steps: 20 }, "all")).toEqual(all);
  });

  it("leaves steps to an acceleration preset", () => {
    expect(recallValues({ ...base, acceleration: "medium" }, "all")).not.toHaveProperty("steps");
  });
});
