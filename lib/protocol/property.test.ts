/**
 * Property tests: whatever arrives, parsing never throws and always ends in either a parsed task
 * or well-formed error objects that name a parameter.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequest, type TaskOutcome } from "./envelope";
import { PNG_1PX_DATA_URI } from "./test-fixtures";
import { DEFAULT_VIDEO_MODEL } from "./video-inference";

const BASES: Record<string, unknown>[] = [
  {
    taskType: "imageInference",
    taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a01",
    positivePrompt: "a lighthouse at dusk",
    model: "runware:100@1",
    width: 768,
    height: 512,
    steps: 20,
    CFGScale: 7,
    numberResults: 2,
    outputFormat: "PNG",
    lora: [{ model: "civitai:133005@782002", weight: 0.8 }],
  },
  {
    taskType: "imageInference",
    taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a02",
    positivePrompt: "__BLANK__",
    model: "runware:102@1",
    seedImage: PNG_1PX_DATA_URI,
    width: 1280,
    height: 1280,
    outpaint: { top: 256, right: 256, bottom: 256, left: 256 },
  },
  {
    taskType: "videoInference",
    taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a03",
    model: DEFAULT_VIDEO_MODEL,
    positivePrompt: "waves rolling onto a beach",
    width: 832,
    height: 480,
    duration: 5,
  },
  {
    taskType: "videoInference",
    taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a04",
    model: DEFAULT_VIDEO_MODEL,
    positivePrompt: "Image 1 comes alive",
    inputs: { frameImages: [{ image: PNG_1PX_DATA_URI, frame: "first" }] },
    resolution: "720p",
  },
  { taskType: "getResponse", taskUUID: "0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a05" },
  { taskType: "authentication", apiKey: "key" },
  { taskType: "ping", ping: true },
];

/** A mutation of a valid task: drop, replace or add one property, possibly nested. */
const mutated = fc
  .tuple(
    fc.constantFrom(...BASES),
    fc.constantFrom("drop", "replace", "add", "nest"),
    fc.nat(),
    fc.anything(),
    fc.string(),
  )
  .map(([base, op, pick, value, key]) => {
    const task: Record<string, unknown> = structuredClone(base);
    const keys = Object.keys(task);
    const target = keys[pick % keys.length] ?? "taskType";
    if (op === "drop") delete task[target];
    else if (op === "replace") task[target] = value;
    else if (op === "add") task[key] = value;
    else {
      const inner = task[target];
      task[target] =
        typeof inner === "object" && inner !== null ? { ...inner, [key]: value } : { [key]: value };
    }
    return task;
  });

function checkOutcome(outcome: TaskOutcome) {
  if (outcome.ok) {
    expect(typeof outcome.task.taskType).toBe("string");
    return;
  }
  expect(outcome.errors.length).toBeGreaterThan(0);
  for (const e of outcome.errors) {
    expect(e.code).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(e.message.length).toBeGreaterThan(0);
    if (e.parameter !== undefined) expect(typeof e.parameter).toBe("string");
  }
}

describe("parsing never throws", () => {
  it("on arbitrary JSON bodies", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const out = parseRequest(body, { allowSingleObject: true });
        if (out.ok) out.outcomes.forEach(checkOutcome);
        else expect(out.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it("on arbitrary values of any JS type", () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { minLength: 1, maxLength: 5 }), (tasks) => {
        const out = parseRequest(tasks);
        expect(out.ok).toBe(true);
        if (out.ok) out.outcomes.forEach(checkOutcome);
      }),
      { numRuns: 300 },
    );
  });

  it("on mutated valid tasks, each outcome is a task or errors naming a parameter", () => {
    fc.assert(
      fc.property(fc.array(mutated, { minLength: 1, maxLength: 4 }), (tasks) => {
        const out = parseRequest(tasks);
        expect(out.ok).toBe(true);
        if (out.ok) out.outcomes.forEach(checkOutcome);
      }),
      { numRuns: 1000 },
    );
  });

  it("the unmutated bases all parse", () => {
    const out = parseRequest(BASES.map((b) => structuredClone(b)));
    if (!out.ok) throw new Error("expected outcomes");
    for (const o of out.outcomes) {
      if (!o.ok) throw new Error(JSON.stringify(o.errors));
    }
  });
});
