import { describe, expect, it } from "vitest";
import { parseTask } from "@/lib/protocol";
import { PREPROCESSOR_TYPES } from "@/lib/protocol/utility-tasks";
import {
  CANNY_LIMITS,
  checkPreprocess,
  modelSearchTerm,
  PREPROCESSOR_OPTIONS,
  preprocessBody,
  suggestedModel,
} from "./controlnet-preprocess";

const SOURCE = "3f2b8c1e-6d4a-4f7b-9c2e-1a5d8e7f6b90";

describe("preprocessor choices", () => {
  it("offers every preprocessor of the contract once, each with its own readable name", () => {
    expect(PREPROCESSOR_OPTIONS.map((o) => o.value)).toEqual([...PREPROCESSOR_TYPES]);
    const labels = PREPROCESSOR_OPTIONS.map((o) => o.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const o of PREPROCESSOR_OPTIONS) expect(o.label).not.toBe(o.value);
  });

  it("searches the catalogue with a word model names use", () => {
    expect(modelSearchTerm("canny")).toBe("canny");
    expect(modelSearchTerm("normalbae")).toBe("normal");
    for (const t of PREPROCESSOR_TYPES) expect(modelSearchTerm(t).trim()).not.toBe("");
  });
});

describe("the preprocess request", () => {
  it("carries the Canny thresholds only for Canny", () => {
    expect(
      preprocessBody({
        inputImage: SOURCE,
        preProcessorType: "canny",
        lowThresholdCanny: 50,
        highThresholdCanny: 150,
      }),
    ).toEqual({
      taskType: "imageControlNetPreProcess",
      inputImage: SOURCE,
      preProcessorType: "canny",
      lowThresholdCanny: 50,
      highThresholdCanny: 150,
    });
    expect(preprocessBody({ inputImage: SOURCE, preProcessorType: "depth", lowThresholdCanny: 50 })).toEqual({
      taskType: "imageControlNetPreProcess",
      inputImage: SOURCE,
      preProcessorType: "depth",
    });
    expect(
      preprocessBody({ inputImage: SOURCE, preProcessorType: "canny", lowThresholdCanny: Number.NaN }),
    ).not.toHaveProperty("lowThresholdCanny");
  });

  it("is accepted by lib/protocol for every preprocessor", () => {
    for (const preProcessorType of PREPROCESSOR_TYPES) {
      const body = preprocessBody({ inputImage: SOURCE, preProcessorType });
      expect(checkPreprocess(body)).toEqual([]);
      expect(parseTask({ ...body, taskUUID: crypto.randomUUID() }).ok).toBe(true);
    }
  });

  it("catches thresholds the contract refuses before sending, on the field to fix", () => {
    const crossed = checkPreprocess(
      preprocessBody({
        inputImage: SOURCE,
        preProcessorType: "canny",
        lowThresholdCanny: 200,
        highThresholdCanny: 100,
      }),
    );
    expect(crossed.map((e) => e.parameter)).toEqual(["highThresholdCanny"]);
    const outOfRange = checkPreprocess(
      preprocessBody({
        inputImage: SOURCE,
        preProcessorType: "canny",
        lowThresholdCanny: CANNY_LIMITS.low.max + 1,
      }),
    );
    expect(outOfRange.map((e) => e.parameter)).toContain("lowThresholdCanny");
  });
});

describe("the suggested model", () => {
  it("is the first hit, only for a unit without a model", () => {
    const hits = [{ air: "runware:25@1" }, { air: "civitai:136070@267507" }];
    expect(suggestedModel(hits, "")).toBe("runware:25@1");
    expect(suggestedModel(hits, undefined)).toBe("runware:25@1");
    expect(suggestedModel(hits, "runware:27@1")).toBeNull();
    expect(suggestedModel([], "")).toBeNull();
  });
});
