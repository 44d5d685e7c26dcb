import { describe, expect, it } from "vitest";
import { modelLabel } from "./model-label";

describe("modelLabel", () => {
  it("puts the name first and keeps the AIR id beside it", () => {
    expect(modelLabel("runware:100@1", "FLUX.1 [schnell]")).toBe("FLUX.1 [schnell] · runware:100@1");
  });

  it("is the id alone when no catalogue names the model", () => {
    expect(modelLabel("civitai:1@1", undefined)).toBe("civitai:1@1");
    expect(modelLabel("civitai:1@1", "")).toBe("civitai:1@1");
    expect(modelLabel("civitai:1@1", "civitai:1@1")).toBe("civitai:1@1");
  });
});
