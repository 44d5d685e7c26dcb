import { describe, expect, it } from "vitest";
import { modelOptions } from "./model-options";
import type { ModelInfo } from "./tools";

const model = (air: string, architecture: string, tags: string[] = []): ModelInfo => ({
  air,
  name: `Model ${air}`,
  version: "1",
  category: "checkpoint",
  architecture,
  tags,
});

const answer = (results: ModelInfo[]) => ({ results, totalResults: results.length });
const airs = (o: { options: { air: string; model?: ModelInfo }[] }) =>
  o.options.map((x) => (x.model ? x.air : `typed ${x.air}`));

describe("the model picker's options", () => {
  const listed = [
    model("runware:100@1", "flux1s"),
    model("runware:101@1", "flux1d"),
    model("civitai:1@2", "sdxl"),
  ];

  it("puts an id typed in full first when the answer lists it, with its catalogue entry", () => {
    // The answer still showing is the one before the id was typed: Enter takes the typed model.
    const o = modelOptions("runware:101@1", answer(listed), "checkpoint", undefined);
    expect(airs(o)).toEqual(["runware:101@1", "runware:100@1", "civitai:1@2"]);
    expect(o.options[0]?.model?.name).toBe("Model runware:101@1");
  });

  it("offers an id typed in full that no answer lists as the id itself, first", () => {
    const o = modelOptions(" civitai:9@9 ", answer(listed), "checkpoint", undefined);
    expect(airs(o)).toEqual(["typed civitai:9@9", "runware:100@1", "runware:101@1", "civitai:1@2"]);
    expect(modelOptions("civitai:9@9", undefined, "checkpoint", undefined).options).toEqual([
      { air: "civitai:9@9" },
    ]);
  });

  it("keeps the answer's order for words, and leaves video models out of checkpoints", () => {
    const withVideo = [...listed, model("vid:1@1", "video")];
    const o = modelOptions("flux", { results: withVideo, totalResults: 40 }, "checkpoint", undefined);
    expect(airs(o)).toEqual(["runware:100@1", "runware:101@1", "civitai:1@2"]);
    expect(o.total).toBe(39);
    expect(airs(modelOptions("flux", answer(withVideo), "lora", undefined))).toHaveLength(4);
  });

  it("heads an add-on's family and the others, but not when an id is typed", () => {
    const loras = [model("l:1@1", "sdxl"), model("l:2@1", "flux1d"), model("l:3@1", "flux1s")];
    const o = modelOptions("", answer(loras), "lora", "flux1s");
    expect(airs(o)).toEqual(["l:2@1", "l:3@1", "l:1@1"]);
    expect(o.options.map((_, i) => o.headingAt(i))).toEqual(["Made for FLUX.1", null, "For other models"]);
    const typed = modelOptions("l:1@1", answer(loras), "lora", "flux1s");
    expect(airs(typed)[0]).toBe("l:1@1");
    expect(typed.options.map((_, i) => typed.headingAt(i))).toEqual([null, null, null]);
  });
});
