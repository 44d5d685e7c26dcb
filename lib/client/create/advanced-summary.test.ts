import { describe, expect, it } from "vitest";
import {
  accelerationSummary,
  aceSummary,
  countSummary,
  flagsSummary,
  hasErrorUnder,
  puLIDSummary,
  refinerSummary,
} from "./advanced-summary";

describe("section summaries", () => {
  it("count list items", () => {
    expect(countSummary(undefined, "LoRA", "LoRAs")).toBe("None");
    expect(countSummary([{}], "LoRA", "LoRAs")).toBe("1 LoRA");
    expect(countSummary([{}, {}], "LoRA", "LoRAs")).toBe("2 LoRAs");
  });

  it("say where the refiner starts", () => {
    expect(refinerSummary(undefined)).toBe("None");
    expect(refinerSummary({ model: "a:1@1", startStep: 12 })).toBe("From step 12");
    expect(refinerSummary({ model: "a:1@1", startStepPercentage: 80 })).toBe("From 80%");
    expect(refinerSummary({ model: "a:1@1" })).toBe("Start not set");
  });

  it("describe identity features", () => {
    expect(puLIDSummary({ inputImages: ["x"] })).toBe("Face image set");
    expect(puLIDSummary({ idWeight: 2 })).toBe("Face image missing");
    expect(puLIDSummary(undefined)).toBe("None");
    expect(aceSummary({ type: "local_editing" })).toBe("local editing");
    expect(aceSummary(undefined)).toBe("Off");
  });

  it("describe acceleration and switches", () => {
    expect(accelerationSummary(undefined, undefined)).toBe("None");
    expect(accelerationSummary("none", { teaCache: true })).toBe("TeaCache");
    expect(accelerationSummary("medium", { deepCache: true, fbCache: false })).toBe(
      "Preset medium · DeepCache",
    );
    expect(flagsSummary({ layerDiffuse: true, hiresfix: false }, { layerDiffuse: "Transparent" })).toBe(
      "Transparent",
    );
    expect(flagsSummary(undefined)).toBe("Off");
    // The switches by their labels, never by their keys.
    expect(flagsSummary({ layerDiffuse: true, hiresfix: true })).toBe(
      "Transparent background (LayerDiffuse), Hires fix",
    );
  });

  it("find errors under a path", () => {
    const errors = {
      lora: [undefined, { weight: { message: "too big" } }],
      acceleratorOptions: { cacheEndStep: { message: "x" } },
    };
    expect(hasErrorUnder(errors, ["lora"])).toBe(true);
    expect(hasErrorUnder(errors, ["embeddings", "acceleratorOptions.cacheEndStep"])).toBe(true);
    expect(hasErrorUnder(errors, ["acceleratorOptions.teaCache", "refiner"])).toBe(false);
  });
});
