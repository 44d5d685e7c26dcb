import { describe, expect, it } from "vitest";
import { architectureMismatch, architectureName, familyFirst, familyName, isVideoModel } from "./model-kinds";

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

  it("warns when an add-on was made for another family than the base model", () => {
    expect(architectureMismatch({ architecture: "sdxl" }, { architecture: "flux1s" })).toBe(
      "Made for SDXL; this model is FLUX.1 Schnell: it may have no effect.",
    );
    expect(architectureMismatch({ architecture: "sd1x" }, { architecture: "sdxlturbo" })).toBe(
      "Made for Stable Diffusion 1.5; this model is SDXL Turbo: it may have no effect.",
    );
    expect(architectureMismatch({ architecture: "sdxl" }, { architecture: "SDXL" })).toBeNull();
    expect(architectureMismatch(undefined, { architecture: "sdxl" })).toBeNull();
    expect(architectureMismatch({ architecture: "sdxl" }, undefined)).toBeNull();
  });

  it("pairs add-ons within a family: FLUX.1 Dev LoRAs on FLUX.1 Schnell, SDXL ones on SDXL Turbo", () => {
    expect(architectureMismatch({ architecture: "flux1d" }, { architecture: "flux1s" })).toBeNull();
    expect(architectureMismatch({ architecture: "sdxl" }, { architecture: "SDXLTurbo" })).toBeNull();
    expect(architectureMismatch({ architecture: "sdxl" }, { architecture: "pony" })).not.toBeNull();
    expect(familyName("flux1s")).toBe("FLUX.1");
    expect(familyName("newarch")).toBe("newarch");
  });

  it("offers the base model's family first, keeping each group's order", () => {
    const models = [
      { air: "a", architecture: "sd1x" },
      { air: "b", architecture: "flux1d" },
      { air: "c", architecture: "sdxl" },
      { air: "d", architecture: "flux1s" },
    ];
    expect(familyFirst(models, "flux1s").map((m) => m.air)).toEqual(["b", "d", "a", "c"]);
    expect(familyFirst(models, "sdxl").map((m) => m.air)).toEqual(["c", "a", "b", "d"]);
    expect(familyFirst(models, undefined).map((m) => m.air)).toEqual(["a", "b", "c", "d"]);
  });
});
