import { describe, expect, it } from "vitest";
import { imageInferenceSchema } from "./image-inference";
import { IMAGE_DEFAULTS } from "./image-limits";
import { withContractDefaults } from "./task-defaults";

const image = {
  taskType: "imageInference",
  taskUUID: "11111111-1111-4111-8111-111111111111",
  positivePrompt: "a fox",
  model: "runware:100@1",
  width: 448,
  height: 448,
};

describe("withContractDefaults", () => {
  it("fills what the image schema parses in, and steps when no preset picks them", () => {
    const filled = withContractDefaults(image);
    const parsed = imageInferenceSchema.parse(image);
    // Every default the schema fills, the function fills alike; and steps, which the schema leaves.
    expect(filled).toEqual({ ...parsed, steps: IMAGE_DEFAULTS.steps });
    expect(withContractDefaults({ ...image, steps: 20 })).toEqual(filled);
  });

  it("keeps every value the task gave, and leaves steps to an acceleration preset", () => {
    const filled = withContractDefaults({ ...image, steps: 31, CFGScale: 3, acceleration: "low" });
    expect(filled).toMatchObject({ steps: 31, CFGScale: 3, acceleration: "low" });
    expect(withContractDefaults({ ...image, acceleration: "low" })).not.toHaveProperty("steps");
  });

  it("fills nested items only where the task has them", () => {
    const filled = withContractDefaults({ ...image, lora: [{ model: "civitai:1@1" }] });
    expect(filled.lora).toEqual([{ model: "civitai:1@1", weight: 1 }]);
    expect(filled).not.toHaveProperty("advancedFeatures");
    expect(filled).not.toHaveProperty("seed");
  });

  it("fills a video's defaults, which its schema leaves to the engine", () => {
    const filled = withContractDefaults({ taskType: "videoInference", settings: { audio: false } });
    expect(filled).toMatchObject({
      resolution: "1080p",
      duration: "auto",
      numberResults: 1,
      settings: { audio: false, promptExtend: true },
    });
  });

  it("returns a task of an unknown type as it is, and never changes its input", () => {
    expect(withContractDefaults({ taskType: "somethingNew", a: 1 })).toEqual({
      taskType: "somethingNew",
      a: 1,
    });
    const input = { ...image };
    withContractDefaults(input);
    expect(input).toEqual(image);
  });
});
