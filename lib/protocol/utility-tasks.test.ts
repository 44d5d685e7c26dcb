import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import { MODEL_CATEGORIES, PREPROCESSOR_TYPES, UTILITY_TASK_TYPES } from "./utility-tasks";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const TASK_UUID = "9d2a4c1e-7b3f-4e5a-8c6d-0f1e2d3c4b5a";

type Task = Record<string, unknown>;
type Pair = [code: string, parameter: string];
function errorsOf(task: Task): Pair[] {
  const out = parseTask(task);
  return out.ok ? [] : out.errors.map((e): Pair => [e.code, e.parameter ?? ""]);
}
function parsed(task: Task): Task {
  const out = parseTask(task);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.task as Task;
}
const one = (code: string, parameter: string): Pair[] => [[code, parameter]];
const omit = (task: Task, key: string): Task =>
  Object.fromEntries(Object.entries(task).filter(([k]) => k !== key));

const upload: Task = { taskType: "imageUpload", taskUUID: TASK_UUID, image: `data:image/png;base64,${PNG}` };
const search: Task = { taskType: "modelSearch", taskUUID: TASK_UUID };
const preprocess: Task = {
  taskType: "imageControlNetPreProcess",
  taskUUID: TASK_UUID,
  inputImage: PNG,
  preProcessorType: "canny",
};
const enhance: Task = { taskType: "promptEnhance", taskUUID: TASK_UUID, prompt: "a cat surfing" };
const p = (base: Task, patch: Task): Task => ({ ...base, ...patch });

/** [what, a passing task, a failing task, the failing task's exact errors]. */
type Row = [string, Task, Task, Pair[]];

// biome-ignore format: one row per case reads as a table
const rows: Row[] = [
  // imageUpload
  ["imageUpload: image is required", upload, omit(upload, "image"), one("missingImage", "image")],
  ["imageUpload: image is an image input", p(upload, { image: "https://example.com/a.png" }), p(upload, { image: "hello" }), one("invalidImage", "image")],
  ["imageUpload: bare base64", p(upload, { image: PNG }), p(upload, { image: "R0lGODlhAQABAAAAACw=" }), one("invalidImage", "image")],
  ["imageUpload: taskUUID", upload, p(upload, { taskUUID: "x" }), one("invalidTaskUUID", "taskUUID")],
  ["imageUpload: unknown property", upload, p(upload, { name: "a.png" }), one("unknownParameter", "name")],
  // modelSearch
  ["modelSearch: search is a string", p(search, { search: "realistic" }), p(search, { search: 3 }), one("invalidSearch", "search")],
  ...MODEL_CATEGORIES.map((category): Row => [`modelSearch: category ${category}`, p(search, { category }), p(search, { category: category.toUpperCase() }), one("invalidCategory", "category")]),
  ["modelSearch: architecture", p(search, { architecture: "flux1d" }), p(search, { architecture: "" }), one("invalidArchitecture", "architecture")],
  ["modelSearch: limit min 1", p(search, { limit: 1 }), p(search, { limit: 0 }), one("invalidLimit", "limit")],
  ["modelSearch: limit max 100", p(search, { limit: 100 }), p(search, { limit: 101 }), one("invalidLimit", "limit")],
  ["modelSearch: offset min 0", p(search, { offset: 0 }), p(search, { offset: -1 }), one("invalidOffset", "offset")],
  ["modelSearch: offset is an integer", p(search, { offset: 40 }), p(search, { offset: 1.5 }), one("invalidOffset", "offset")],
  ["modelSearch: unknown property", search, p(search, { sort: "new" }), one("unknownParameter", "sort")],
  // imageControlNetPreProcess
  ["preprocess: inputImage is required", preprocess, omit(preprocess, "inputImage"), one("missingInputImage", "inputImage")],
  ["preprocess: inputImage is an image input", p(preprocess, { inputImage: TASK_UUID }), p(preprocess, { inputImage: "x.png" }), one("invalidInputImage", "inputImage")],
  ["preprocess: preProcessorType is required", preprocess, omit(preprocess, "preProcessorType"), one("missingPreProcessorType", "preProcessorType")],
  ...PREPROCESSOR_TYPES.map((t): Row => [`preprocess: preProcessorType ${t}`, p(preprocess, { preProcessorType: t }), p(preprocess, { preProcessorType: `${t}2` }), one("invalidPreProcessorType", "preProcessorType")]),
  ["preprocess: width min 128", p(preprocess, { width: 128 }), p(preprocess, { width: 64 }), one("invalidWidth", "width")],
  ["preprocess: width max 2048", p(preprocess, { width: 2048 }), p(preprocess, { width: 2112 }), one("invalidWidth", "width")],
  ["preprocess: width multiple of 64", p(preprocess, { width: 512 }), p(preprocess, { width: 500 }), one("invalidWidth", "width")],
  ["preprocess: height min 128", p(preprocess, { height: 128 }), p(preprocess, { height: 0 }), one("invalidHeight", "height")],
  ["preprocess: height max 2048", p(preprocess, { height: 2048 }), p(preprocess, { height: 4096 }), one("invalidHeight", "height")],
  ["preprocess: lowThresholdCanny min 1", p(preprocess, { lowThresholdCanny: 1 }), p(preprocess, { lowThresholdCanny: 0 }), one("invalidLowThresholdCanny", "lowThresholdCanny")],
  ["preprocess: highThresholdCanny max 255", p(preprocess, { highThresholdCanny: 255 }), p(preprocess, { highThresholdCanny: 256 }), one("invalidHighThresholdCanny", "highThresholdCanny")],
  ["preprocess: low < high", p(preprocess, { lowThresholdCanny: 50, highThresholdCanny: 51 }), p(preprocess, { lowThresholdCanny: 80, highThresholdCanny: 80 }), one("invalidHighThresholdCanny", "highThresholdCanny")],
  ["preprocess: low < default high", p(preprocess, { lowThresholdCanny: 199 }), p(preprocess, { lowThresholdCanny: 220 }), one("invalidHighThresholdCanny", "highThresholdCanny")],
  ["preprocess: default low < high", p(preprocess, { highThresholdCanny: 101 }), p(preprocess, { highThresholdCanny: 90 }), one("invalidHighThresholdCanny", "highThresholdCanny")],
  ["preprocess: outputType", p(preprocess, { outputType: "dataURI" }), p(preprocess, { outputType: "file" }), one("invalidOutputType", "outputType")],
  ["preprocess: outputFormat", p(preprocess, { outputFormat: "WEBP" }), p(preprocess, { outputFormat: "MP4" }), one("invalidOutputFormat", "outputFormat")],
  ["preprocess: outputQuality min 20", p(preprocess, { outputQuality: 20 }), p(preprocess, { outputQuality: 19 }), one("invalidOutputQuality", "outputQuality")],
  ["preprocess: outputQuality max 99", p(preprocess, { outputQuality: 99 }), p(preprocess, { outputQuality: 100 }), one("invalidOutputQuality", "outputQuality")],
  ["preprocess: unknown property", preprocess, p(preprocess, { includeHandsAndFace: true }), one("unknownParameter", "includeHandsAndFace")],
  // promptEnhance
  ["promptEnhance: prompt is required", enhance, omit(enhance, "prompt"), one("missingPrompt", "prompt")],
  ["promptEnhance: prompt min 2", p(enhance, { prompt: "ab" }), p(enhance, { prompt: "a" }), one("invalidPrompt", "prompt")],
  ["promptEnhance: prompt max 3000", p(enhance, { prompt: "a".repeat(3000) }), p(enhance, { prompt: "a".repeat(3001) }), one("invalidPrompt", "prompt")],
  ["promptEnhance: promptMaxLength min 12", p(enhance, { promptMaxLength: 12 }), p(enhance, { promptMaxLength: 11 }), one("invalidPromptMaxLength", "promptMaxLength")],
  ["promptEnhance: promptMaxLength max 400", p(enhance, { promptMaxLength: 400 }), p(enhance, { promptMaxLength: 401 }), one("invalidPromptMaxLength", "promptMaxLength")],
  ["promptEnhance: promptVersions min 1", p(enhance, { promptVersions: 1 }), p(enhance, { promptVersions: 0 }), one("invalidPromptVersions", "promptVersions")],
  ["promptEnhance: promptVersions max 5", p(enhance, { promptVersions: 5 }), p(enhance, { promptVersions: 6 }), one("invalidPromptVersions", "promptVersions")],
  ["promptEnhance: unknown property", enhance, p(enhance, { language: "en" }), one("unknownParameter", "language")],
];

describe("utility tasks", () => {
  it.each(rows)("%s", (_what, passing, failing, expected) => {
    expect(errorsOf(passing)).toEqual([]);
    expect(errorsOf(failing)).toEqual(expected);
  });

  it("are all dispatched by the envelope", () => {
    expect(UTILITY_TASK_TYPES.map((taskType) => errorsOf({ taskType })[0]?.[1])).toEqual(
      UTILITY_TASK_TYPES.map(() => "taskUUID"),
    );
  });

  it("fill the documented defaults", () => {
    expect(parsed(search)).toMatchObject({ limit: 20, offset: 0 });
    expect(parsed(preprocess)).toMatchObject({ lowThresholdCanny: 100, highThresholdCanny: 200 });
    expect(parsed(enhance)).toMatchObject({ promptVersions: 1 });
    expect(parsed(enhance)).not.toHaveProperty("promptMaxLength");
  });

  it("keep given values over defaults", () => {
    expect(parsed(p(search, { limit: 5, offset: 10 }))).toMatchObject({ limit: 5, offset: 10 });
  });

  it("explain the Canny threshold rule with both values", () => {
    const out = parseTask(p(preprocess, { lowThresholdCanny: 220 }));
    expect(out.ok ? "" : out.errors[0]?.message).toMatch(/200.*220/);
  });
});
