import { describe, expect, it } from "vitest";
import { architectureMismatch, architectureName, isVideoModel } from "./model-kinds";

describe("model kinds", () => {
  it("tells video models from image models by architecture or tag", () => {
    expect(isVideoModel({ architecture: "video", tags: [] })).toBe(true);
    expect(isVideoModel({ architecture: "seedance", tags: ["Video", "fast"] })).toBe(true);
    expect(isVideoModel({ architecture: "flux1s", tags: ["fast", "text-to-image"] })).toBe(false);
  });

  it("names architectures in words, keeping an unknown id as it is", () => {
    expect(architectureName("flux1d")).toBe("FLUX.1 Dev");
    expect(architectureName("SDXL")).toBe("SDXL");
    expect(architectureName("newarch")).toBe("newarch");
  });

  it("warns when an add-on was made for another architecture than the base model", () => {
    expect(architectureMismatch({ architecture: "flux1d" }, { architecture: "flux1s" })).toBe(
      "Made for FLUX.1 Dev; this model is FLUX.1 Schnell: it may have no effect.",
    );
    expect(architectureMismatch({ architecture: "sdxl" }, { architecture: "SDXL" })).toBeNull();
    expect(architectureMismatch(undefined, { architecture: "sdxl" })).toBeNull();
    expect(architectureMismatch({ architecture: "sdxl" }, undefined)).toBeNull();
  });
});
