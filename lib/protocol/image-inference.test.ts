import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import {
  ACE_PLUS_PLUS_MODEL,
  checkOutpaintAgainstSeed,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
  type ImageInferenceTask,
} from "./image-inference";
import { GIF_HEAD_BASE64, PNG_1PX_BASE64, PNG_1PX_DATA_URI } from "./test-fixtures";

const UUID = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";
const URL_IMG = "https://example.com/fox.png";

type Task = Record<string, unknown>;
const base: Task = {
  taskType: "imageInference",
  taskUUID: "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607",
  positivePrompt: "a red fox",
  model: "runware:100@1",
  width: 1024,
  height: 1024,
};
const withPatch = (patch: Task): Task => ({ ...base, ...patch });
const without = (...keys: string[]): Task =>
  Object.fromEntries(Object.entries(base).filter(([k]) => !keys.includes(k)));
const seeded = (patch: Task = {}): Task => withPatch({ seedImage: UUID, ...patch });
const withRefs = (patch: Task = {}): Task => withPatch({ referenceImages: [UUID], ...patch });
const ace = (patch: Task = {}): Task =>
  withPatch({ model: ACE_PLUS_PLUS_MODEL, referenceImages: [UUID], acePlusPlus: {}, ...patch });

type Pair = [code: string, parameter: string];
function errorsOf(task: Task): Pair[] {
  const out = parseTask(task);
  return out.ok ? [] : out.errors.map((e): Pair => [e.code, e.parameter ?? ""]);
}
type Row = [string, Task, Task, Pair[]];
const one = (code: string, parameter: string): Pair[] => [[code, parameter]];

// biome-ignore format: one row per case reads as a table
const fieldRows: Row[] = [
  ["taskUUID is a UUID v4", base, withPatch({ taskUUID: "123" }), one("invalidTaskUUID", "taskUUID")],
  ["taskUUID is required", base, without("taskUUID"), one("missingTaskUUID", "taskUUID")],
  ["positivePrompt is required", base, without("positivePrompt"), one("missingPositivePrompt", "positivePrompt")],
  ["positivePrompt min 2", withPatch({ positivePrompt: "ab" }), withPatch({ positivePrompt: "a" }), one("invalidPositivePrompt", "positivePrompt")],
  ["positivePrompt max 3000", withPatch({ positivePrompt: "a".repeat(3000) }), withPatch({ positivePrompt: "a".repeat(3001) }), one("invalidPositivePrompt", "positivePrompt")],
  ["positivePrompt __BLANK__", withPatch({ positivePrompt: "__BLANK__" }), withPatch({ positivePrompt: 42 }), one("invalidPositivePrompt", "positivePrompt")],
  ["negativePrompt min 2", withPatch({ negativePrompt: "ab" }), withPatch({ negativePrompt: "a" }), one("invalidNegativePrompt", "negativePrompt")],
  ["negativePrompt max 3000", withPatch({ negativePrompt: "b".repeat(3000) }), withPatch({ negativePrompt: "b".repeat(3001) }), one("invalidNegativePrompt", "negativePrompt")],
  ["width is required", base, without("width"), one("missingWidth", "width")],
  ["width min 128", withPatch({ width: 128 }), withPatch({ width: 127 }), one("invalidWidth", "width")],
  ["width max 2048", withPatch({ width: 2048 }), withPatch({ width: 2049 }), one("invalidWidth", "width")],
  ["width multiple of 64", withPatch({ width: 1088 }), withPatch({ width: 1000 }), one("invalidWidth", "width")],
  ["width: a multiple of 64 above max", withPatch({ width: 1984 }), withPatch({ width: 2112 }), one("invalidWidth", "width")],
  ["width: a multiple of 64 below min", withPatch({ width: 192 }), withPatch({ width: 64 }), one("invalidWidth", "width")],
  ["width is an integer", base, withPatch({ width: "1024" }), one("invalidWidth", "width")],
  ["height is required", base, without("height"), one("missingHeight", "height")],
  ["height min 128", withPatch({ height: 128 }), withPatch({ height: 127 }), one("invalidHeight", "height")],
  ["height max 2048", withPatch({ height: 2048 }), withPatch({ height: 2049 }), one("invalidHeight", "height")],
  ["height multiple of 64", withPatch({ height: 576 }), withPatch({ height: 600 }), one("invalidHeight", "height")],
  ["model is required", base, without("model"), one("missingModel", "model")],
  ["model is an AIR id", withPatch({ model: "civitai:133005@782002" }), withPatch({ model: "sdxl" }), one("invalidModel", "model")],
  ["vae is an AIR id", withPatch({ vae: "runware:120@4" }), withPatch({ vae: "my-vae" }), one("invalidVae", "vae")],
  ["outputType URL", withPatch({ outputType: "URL" }), withPatch({ outputType: "url" }), one("invalidOutputType", "outputType")],
  ["outputType base64Data", withPatch({ outputType: "base64Data" }), withPatch({ outputType: "base64" }), one("invalidOutputType", "outputType")],
  ["outputType dataURI", withPatch({ outputType: "dataURI" }), withPatch({ outputType: 1 }), one("invalidOutputType", "outputType")],
  ["outputFormat JPG", withPatch({ outputFormat: "JPG" }), withPatch({ outputFormat: "jpg" }), one("invalidOutputFormat", "outputFormat")],
  ["outputFormat PNG", withPatch({ outputFormat: "PNG" }), withPatch({ outputFormat: "GIF" }), one("invalidOutputFormat", "outputFormat")],
  ["outputFormat WEBP", withPatch({ outputFormat: "WEBP" }), withPatch({ outputFormat: "JPEG" }), one("invalidOutputFormat", "outputFormat")],
  ["outputQuality min 20", withPatch({ outputQuality: 20 }), withPatch({ outputQuality: 19 }), one("invalidOutputQuality", "outputQuality")],
  ["outputQuality max 99", withPatch({ outputQuality: 99 }), withPatch({ outputQuality: 100 }), one("invalidOutputQuality", "outputQuality")],
  ["outputQuality is an integer", withPatch({ outputQuality: 90 }), withPatch({ outputQuality: 90.5 }), one("invalidOutputQuality", "outputQuality")],
  ["deliveryMethod sync", withPatch({ deliveryMethod: "sync" }), withPatch({ deliveryMethod: "stream" }), one("invalidDeliveryMethod", "deliveryMethod")],
  ["deliveryMethod async", withPatch({ deliveryMethod: "async" }), withPatch({ deliveryMethod: "ASYNC" }), one("invalidDeliveryMethod", "deliveryMethod")],
  ["webhookURL is http(s)", withPatch({ webhookURL: "https://hooks.example.com/i?token=x" }), withPatch({ webhookURL: "ftp://example.com/hook" }), one("invalidWebhookURL", "webhookURL")],
  ["uploadEndpoint is http(s)", withPatch({ uploadEndpoint: "http://bucket.example.com/put?sig=1" }), withPatch({ uploadEndpoint: "bucket/put" }), one("invalidUploadEndpoint", "uploadEndpoint")],
  ["includeCost is boolean", withPatch({ includeCost: true }), withPatch({ includeCost: "yes" }), one("invalidIncludeCost", "includeCost")],
  ["checkNSFW (legacy) is boolean", withPatch({ checkNSFW: false }), withPatch({ checkNSFW: "no" }), one("invalidCheckNSFW", "checkNSFW")],
  ["safety.checkContent is boolean", withPatch({ safety: { checkContent: true } }), withPatch({ safety: { checkContent: 1 } }), one("invalidSafetyCheckContent", "safety.checkContent")],
  ["ttl min 60", withPatch({ ttl: 60 }), withPatch({ ttl: 59 }), one("invalidTtl", "ttl")],
  ["ttl is an integer", withPatch({ ttl: 3600 }), withPatch({ ttl: 60.5 }), one("invalidTtl", "ttl")],
  ["steps min 1", withPatch({ steps: 1 }), withPatch({ steps: 0 }), one("invalidSteps", "steps")],
  ["steps max 100", withPatch({ steps: 100 }), withPatch({ steps: 101 }), one("invalidSteps", "steps")],
  ["steps is an integer", withPatch({ steps: 20 }), withPatch({ steps: 20.5 }), one("invalidSteps", "steps")],
  ["CFGScale min 0", withPatch({ CFGScale: 0 }), withPatch({ CFGScale: -0.1 }), one("invalidCFGScale", "CFGScale")],
  ["CFGScale max 50", withPatch({ CFGScale: 50 }), withPatch({ CFGScale: 50.1 }), one("invalidCFGScale", "CFGScale")],
  ["CFGScale is a float", withPatch({ CFGScale: 7.5 }), withPatch({ CFGScale: "7" }), one("invalidCFGScale", "CFGScale")],
  ["numberResults min 1", withPatch({ numberResults: 1 }), withPatch({ numberResults: 0 }), one("invalidNumberResults", "numberResults")],
  ["numberResults max 20", withPatch({ numberResults: 20 }), withPatch({ numberResults: 21 }), one("invalidNumberResults", "numberResults")],
  ["strength min 0", seeded({ strength: 0 }), seeded({ strength: -0.1 }), one("invalidStrength", "strength")],
  ["strength max 1", seeded({ strength: 1 }), seeded({ strength: 1.1 }), one("invalidStrength", "strength")],
  ["maskMargin min 32", seeded({ maskImage: UUID, maskMargin: 32 }), seeded({ maskImage: UUID, maskMargin: 31 }), one("invalidMaskMargin", "maskMargin")],
  ["maskMargin max 128", seeded({ maskImage: UUID, maskMargin: 128 }), seeded({ maskImage: UUID, maskMargin: 129 }), one("invalidMaskMargin", "maskMargin")],
  ["scheduler is a non-empty string", withPatch({ scheduler: "DPM++ 2M Karras" }), withPatch({ scheduler: "" }), one("invalidScheduler", "scheduler")],
  ["clipSkip min 0", withPatch({ clipSkip: 0 }), withPatch({ clipSkip: -1 }), one("invalidClipSkip", "clipSkip")],
  ["clipSkip max 2", withPatch({ clipSkip: 2 }), withPatch({ clipSkip: 3 }), one("invalidClipSkip", "clipSkip")],
  ["promptWeighting compel", withPatch({ promptWeighting: "compel" }), withPatch({ promptWeighting: "Compel" }), one("invalidPromptWeighting", "promptWeighting")],
  ["promptWeighting sdEmbeds", withPatch({ promptWeighting: "sdEmbeds" }), withPatch({ promptWeighting: "a1111" }), one("invalidPromptWeighting", "promptWeighting")],
  ["seed min 1", withPatch({ seed: 1 }), withPatch({ seed: 0 }), one("invalidSeed", "seed")],
  ["seed max 9223372036854776000", withPatch({ seed: 9223372036854776000 }), withPatch({ seed: 1e20 }), one("invalidSeed", "seed")],
  ["seed above 2^53 is accepted", withPatch({ seed: 2 ** 60 }), withPatch({ seed: -(2 ** 60) }), one("invalidSeed", "seed")],
  ["seed is an integer", withPatch({ seed: 4294967295 }), withPatch({ seed: 1.5 }), one("invalidSeed", "seed")],
  ["acceleration none", withPatch({ acceleration: "none" }), withPatch({ acceleration: "off" }), one("invalidAcceleration", "acceleration")],
  ["acceleration low", withPatch({ acceleration: "low" }), withPatch({ acceleration: "LOW" }), one("invalidAcceleration", "acceleration")],
  ["acceleration medium", withPatch({ acceleration: "medium" }), withPatch({ acceleration: 2 }), one("invalidAcceleration", "acceleration")],
  ["acceleration high", withPatch({ acceleration: "high" }), withPatch({ acceleration: "max" }), one("invalidAcceleration", "acceleration")],
  ["resolution 1k", withRefs({ resolution: "1k" }), withRefs({ resolution: "1K" }), one("invalidResolution", "resolution")],
  ["resolution 2k", withRefs({ resolution: "2k" }), withRefs({ resolution: "3k" }), one("invalidResolution", "resolution")],
  ["resolution 4k", withRefs({ resolution: "4k" }), withRefs({ resolution: 4 }), one("invalidResolution", "resolution")],
  ["referenceImages min 1", withRefs(), withPatch({ referenceImages: [] }), one("invalidReferenceImages", "referenceImages")],
  ["referenceImages max 2", withPatch({ referenceImages: [UUID, URL_IMG] }), withPatch({ referenceImages: [UUID, UUID, UUID] }), one("invalidReferenceImages", "referenceImages")],
];

const GIF_DATA_URI = `data:image/gif;base64,${GIF_HEAD_BASE64}`;

// biome-ignore format: one row per case reads as a table
const mediaRows: Row[] = [
  ["seedImage: UUID v4 / ftp URL", seeded({ seedImage: UUID }), seeded({ seedImage: "ftp://example.com/fox.png" }), one("invalidSeedImage", "seedImage")],
  ["seedImage: https URL / data:image/gif", seeded({ seedImage: URL_IMG }), seeded({ seedImage: GIF_DATA_URI }), one("invalidSeedImage", "seedImage")],
  ["seedImage: PNG data URI / random text", seeded({ seedImage: PNG_1PX_DATA_URI }), seeded({ seedImage: "a picture of a fox" }), one("invalidSeedImage", "seedImage")],
  ["seedImage: bare base64 PNG / bare base64 GIF", seeded({ seedImage: PNG_1PX_BASE64 }), seeded({ seedImage: GIF_HEAD_BASE64 }), one("invalidSeedImage", "seedImage")],
  ["seedImage: a string, not a number", seeded(), seeded({ seedImage: 42 }), one("invalidSeedImage", "seedImage")],
  ["maskImage: data URI / random text", seeded({ maskImage: PNG_1PX_DATA_URI }), seeded({ maskImage: "mask" }), one("invalidMaskImage", "maskImage")],
  ["referenceImages items: base64 / ftp URL", withPatch({ referenceImages: [PNG_1PX_BASE64] }), withPatch({ referenceImages: [UUID, "ftp://example.com/a.png"] }), one("invalidReferenceImages", "referenceImages.1")],
];

// biome-ignore format: one row per case reads as a table
const unknownRows: Row[] = [
  ["on the task", base, withPatch({ sampler: "euler" }), one("unknownParameter", "sampler")],
  ["a misspelled field", withPatch({ CFGScale: 7 }), withPatch({ cfgScale: 7 }), one("unknownParameter", "cfgScale")],
  ["photoMaker is not part of the contract", base, withPatch({ photoMaker: {} }), one("unknownParameter", "photoMaker")],
  ["on safety (contract: checkContent only)", withPatch({ safety: { checkContent: false } }), withPatch({ safety: { mode: "full" } }), one("unknownParameter", "safety.mode")],
];

// biome-ignore format: one row per case reads as a table
const ruleRows: Row[] = [
  ["maskImage needs seedImage", seeded({ maskImage: UUID }), withPatch({ maskImage: UUID }), one("missingSeedImage", "seedImage")],
  ["outpaint needs seedImage", seeded({ outpaint: { left: 64 } }), withPatch({ outpaint: { left: 64 } }), one("missingSeedImage", "seedImage")],
  ["maskImage and outpaint without seedImage: one error", seeded({ maskImage: UUID, outpaint: { top: 64 } }), withPatch({ maskImage: UUID, outpaint: { top: 64 } }), one("missingSeedImage", "seedImage")],
  ["maskMargin only with maskImage", seeded({ maskImage: UUID, maskMargin: 64 }), seeded({ maskMargin: 64 }), one("unsupportedMaskMargin", "maskMargin")],
  ["ttl with outputType URL", withPatch({ outputType: "URL", ttl: 120 }), withPatch({ outputType: "base64Data", ttl: 120 }), one("unsupportedTtl", "ttl")],
  ["ttl with the default outputType (URL)", withPatch({ ttl: 120 }), withPatch({ outputType: "dataURI", ttl: 120 }), one("unsupportedTtl", "ttl")],
  ["resolution needs referenceImages", withRefs({ resolution: "2k" }), withPatch({ resolution: "2k" }), one("unsupportedResolution", "resolution")],
  ["resolution: seedImage is not a reference image", withRefs({ seedImage: UUID, resolution: "1k" }), seeded({ resolution: "1k" }), one("unsupportedResolution", "resolution")],
  ["acePlusPlus needs the fill model", ace(), ace({ model: "runware:101@1" }), one("unsupportedModel", "model")],
  ["acePlusPlus needs referenceImages", ace(), ace({ referenceImages: undefined }), one("missingReferenceImages", "referenceImages")],
  ["acePlusPlus takes at most 1 reference image", ace({ referenceImages: [URL_IMG] }), ace({ referenceImages: [UUID, URL_IMG] }), one("invalidReferenceImages", "referenceImages")],
  ["acePlusPlus: wrong model and no references", ace(), ace({ model: "runware:100@1", referenceImages: undefined }), [["unsupportedModel", "model"], ["missingReferenceImages", "referenceImages"]]],
  ["layerDiffuse with PNG / explicit JPG", withPatch({ outputFormat: "PNG", advancedFeatures: { layerDiffuse: true } }), withPatch({ outputFormat: "JPG", advancedFeatures: { layerDiffuse: true } }), one("unsupportedOutputFormat", "outputFormat")],
  ["layerDiffuse with WEBP / default JPG", withPatch({ outputFormat: "WEBP", advancedFeatures: { layerDiffuse: true } }), withPatch({ advancedFeatures: { layerDiffuse: true } }), one("unsupportedOutputFormat", "outputFormat")],
  ["layerDiffuse false with JPG is fine", withPatch({ advancedFeatures: { layerDiffuse: false, hiresfix: true } }), withPatch({ outputFormat: "JPG", advancedFeatures: { layerDiffuse: true, hiresfix: true } }), one("unsupportedOutputFormat", "outputFormat")],
];

describe.each([
  ["field bounds and enums", fieldRows],
  ["media inputs", mediaRows],
  ["unknown properties", unknownRows],
  ["workflow rules", ruleRows],
])("imageInference %s", (_group, rows) => {
  it.each(rows)("%s", (_what, passing, failing, expected) => {
    expect(errorsOf(passing)).toEqual([]);
    expect(errorsOf(failing)).toEqual(expected);
  });
});

function parsed(task: Task): ImageInferenceTask {
  const out = parseTask(task);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  if (out.task.taskType !== "imageInference") throw new Error("expected an image task");
  return out.task;
}

describe("imageInference output and messages", () => {
  it("accepts every documented workflow", () => {
    for (const task of [
      base,
      seeded({ strength: 0.5 }),
      seeded({ maskImage: PNG_1PX_DATA_URI, maskMargin: 48 }),
      seeded({ positivePrompt: "__BLANK__", model: ACE_PLUS_PLUS_MODEL, outpaint: { top: 256, blur: 16 } }),
      ace({ acePlusPlus: { type: "subject", repaintingScale: 0.5 } }),
    ]) {
      expect(errorsOf(task)).toEqual([]);
    }
  });

  it("allows strength without seedImage (it is ignored there)", () => {
    expect(parsed(withPatch({ strength: 0.3 })).strength).toBe(0.3);
  });

  it("fills the defaults that no rule or preset depends on, and only those", () => {
    const task = parsed(base);
    expect(task).toMatchObject({
      outputType: "URL",
      outputFormat: "JPG",
      outputQuality: 95,
      deliveryMethod: "sync",
      includeCost: false,
      CFGScale: 7,
      numberResults: 1,
      strength: 0.8,
      acceleration: "none",
    });
    for (const key of ["steps", "scheduler", "resolution", "seed", "acceleratorOptions", "safety"]) {
      expect(task).not.toHaveProperty(key);
    }
    expect(IMAGE_DEFAULTS).toMatchObject({ steps: 20, resolution: "1k", outputFormat: "JPG" });
  });

  it("exposes the bounds forms read", () => {
    expect(IMAGE_LIMITS.width).toEqual({ min: 128, max: 2048, multipleOf: 64 });
    expect(IMAGE_LIMITS.steps).toEqual({ min: 1, max: 100, default: 20 });
    expect(IMAGE_LIMITS.seed.max).toBe(2 ** 63);
  });

  it("names the multiple in a width error", () => {
    const out = parseTask(withPatch({ width: 1000 }));
    expect(out.ok ? "" : out.errors[0]?.message).toContain("multiple of 64");
  });

  it("stamps errors with the task's identity and the declared type", () => {
    const out = parseTask(withPatch({ steps: 0 }));
    expect(out.ok ? null : out.errors[0]).toMatchObject({
      code: "invalidSteps",
      parameter: "steps",
      type: "integer",
      taskType: "imageInference",
      taskUUID: base.taskUUID,
    });
  });

  it("reports a misspelled key without also running the workflow rules", () => {
    expect(errorsOf(withPatch({ maskImage: UUID, seedImag: UUID }))).toEqual(
      one("unknownParameter", "seedImag"),
    );
  });

  it("accepts the request @runware/ai-sdk-provider sends", () => {
    const fromSdk = {
      ...base,
      numberResults: 1,
      outputType: "URL",
      outputFormat: "PNG",
      outputQuality: 95,
      checkNSFW: false,
      includeCost: false,
    };
    expect(errorsOf(fromSdk)).toEqual([]);
  });
});

describe("checkOutpaintAgainstSeed", () => {
  const outpainted = (patch: Task) =>
    parsed(
      seeded({
        outpaint: { top: 256, right: 256, bottom: 256, left: 256 },
        width: 1280,
        height: 1280,
        ...patch,
      }),
    );
  const pairs = (task: ImageInferenceTask, seed: { width: number; height: number }) =>
    checkOutpaintAgainstSeed(task, seed).map((e) => [e.code, e.parameter]);

  it("passes when the size is the seed size plus the extensions (768 + 2 x 256 = 1280)", () => {
    expect(checkOutpaintAgainstSeed(outpainted({}), { width: 768, height: 768 })).toEqual([]);
  });

  it("fails on width when left + right do not add up", () => {
    expect(pairs(outpainted({ width: 1216 }), { width: 768, height: 768 })).toEqual([
      ["invalidWidth", "width"],
    ]);
  });

  it("fails on height when top + bottom do not add up", () => {
    expect(pairs(outpainted({ height: 1344 }), { width: 768, height: 768 })).toEqual([
      ["invalidHeight", "height"],
    ]);
  });

  it("fails on both axes for a seed of another size", () => {
    expect(pairs(outpainted({}), { width: 1024, height: 512 })).toEqual([
      ["invalidWidth", "width"],
      ["invalidHeight", "height"],
    ]);
  });

  it("counts absent sides as 0 (one-sided extension)", () => {
    const task = parsed(seeded({ outpaint: { left: 128 }, width: 896, height: 768 }));
    expect(checkOutpaintAgainstSeed(task, { width: 768, height: 768 })).toEqual([]);
    expect(pairs(task, { width: 896, height: 768 })).toEqual([["invalidWidth", "width"]]);
  });

  it("says what the size should be and stamps the task", () => {
    const [error] = checkOutpaintAgainstSeed(outpainted({ width: 1024 }), { width: 768, height: 768 });
    expect(error?.message).toContain("768 + 256 + 256 = 1280");
    expect(error).toMatchObject({ taskType: "imageInference", taskUUID: base.taskUUID, type: "integer" });
  });

  it("has nothing to check without outpaint", () => {
    expect(checkOutpaintAgainstSeed(parsed(seeded()), { width: 1, height: 1 })).toEqual([]);
  });
});
