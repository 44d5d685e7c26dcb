import { describe, expect, it } from "vitest";
import { parseTask } from "@/lib/protocol";
import { acceleratorOptionsSchema, advancedFeaturesSchema } from "@/lib/protocol/image-features";
import { ACE_PLUS_PLUS_MODEL, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { PROVIDER_KEYS } from "@/lib/protocol/provider-settings";
import {
  ADVANCED_FEATURE_FIELDS,
  aceReadiness,
  CACHE_FIELDS,
  shownStepForms,
  transparencyConflict,
} from "./advanced-fields";
import { buildTask } from "./task-values";

const IMAGE = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";

describe("advanced field descriptions", () => {
  it("cover every switch of advancedFeatures", () => {
    expect(ADVANCED_FEATURE_FIELDS.map((f) => f.name).sort()).toEqual(
      Object.keys(advancedFeaturesSchema.shape).sort(),
    );
  });

  it("name caches and their options as acceleratorOptions has them", () => {
    const shape = Object.keys(acceleratorOptionsSchema.shape);
    for (const cache of CACHE_FIELDS) {
      expect(shape).toContain(cache.name);
      for (const option of cache.options) expect(shape).toContain(option.name);
    }
    // Every option named after a cache belongs to that cache's switch.
    const owned = CACHE_FIELDS.flatMap((c) => c.options.map((o) => o.name));
    const prefixed = shape.filter((k) => /^(teaCache|fbCache|deepCache).+/.test(k));
    expect(owned.sort()).toEqual(prefixed.sort());
  });
});

describe("steps or percent", () => {
  it("shows the form holding a value, both in a conflict, else the chosen one", () => {
    expect(shownStepForms(undefined, undefined, "percent")).toEqual(["percent"]);
    expect(shownStepForms(10, undefined, "percent")).toEqual(["steps"]);
    expect(shownStepForms(Number.NaN, 40, "steps")).toEqual(["percent"]);
    expect(shownStepForms(0, 40, "steps")).toEqual(["steps", "percent"]);
  });
});

describe("rules the form offers to fix", () => {
  it("flags layerDiffuse with a format that has no alpha, the default included", () => {
    expect(transparencyConflict(true, undefined)).toBe("JPG");
    expect(transparencyConflict(true, "JPG")).toBe("JPG");
    expect(transparencyConflict(true, "PNG")).toBeNull();
    expect(transparencyConflict(false, "JPG")).toBeNull();
  });

  it("checks ACE++'s model and single reference image", () => {
    expect(aceReadiness(ACE_PLUS_PLUS_MODEL, [IMAGE])).toEqual({
      modelOk: true,
      references: 1,
      referencesOk: true,
    });
    const two = aceReadiness("runware:100@1", [IMAGE, IMAGE]);
    expect(two.modelOk).toBe(false);
    expect(two.referencesOk).toBe(IMAGE_LIMITS.referenceImages.maxAcePlusPlus >= 2);
    expect(aceReadiness(ACE_PLUS_PLUS_MODEL, undefined).referencesOk).toBe(false);
  });
});

describe("values as the sections write them", () => {
  it("make a task the contract accepts once blanks are dropped", () => {
    const task = buildTask("imageInference", {
      model: ACE_PLUS_PLUS_MODEL,
      positivePrompt: "a portrait",
      width: 1024,
      height: 1024,
      outputFormat: "PNG",
      lora: [{ model: "civitai:1@2", weight: -0.5 }],
      embeddings: [],
      refiner: { model: "runware:101@1", startStep: undefined, startStepPercentage: 80 },
      puLID: undefined,
      acePlusPlus: { type: "local_editing", repaintingScale: 0.5, inputImages: [IMAGE], inputMasks: [IMAGE] },
      referenceImages: [IMAGE],
      acceleration: "medium",
      acceleratorOptions: {
        teaCache: true,
        teaCacheDistance: undefined,
        deepCache: undefined,
        cacheEndStepPercentage: 90,
      },
      advancedFeatures: { layerDiffuse: true, hiresfix: undefined },
      safety: { checkContent: undefined },
      providerSettings: {
        [PROVIDER_KEYS.P2]: { raw: false, safetyTolerance: Number.NaN },
        [PROVIDER_KEYS.P5]: {},
      },
      extraJson: "",
    });
    expect(task.safety).toBeUndefined();
    expect(task.providerSettings).toEqual({ [PROVIDER_KEYS.P2]: { raw: false } });
    expect(parseTask(task)).toMatchObject({ ok: true });
  });
});
