import { describe, expect, it } from "vitest";
import { parseTask } from "@/lib/protocol";
import { CONTROL_MODES, IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import {
  CONTROL_MODE_INFO,
  CONTROL_MODE_OPTIONS,
  type ControlNetUnitValues,
  controlNetBlockedBy,
  newControlNetUnit,
  stepsFor,
  switchTiming,
  timingModeOf,
  unitSummary,
} from "./controlnet-units";
import { BASE_IMAGE_VALUES } from "./image-fields";
import { buildTask } from "./task-values";

const GUIDE = "3f2b8c1e-6d4a-4f7b-9c2e-1a5d8e7f6b90";
const MODEL = "runware:25@1";

/** The task the ControlNet form sends for these units, as the form's resolver builds it. */
function taskWith(units: ControlNetUnitValues[], extra: Record<string, unknown> = {}) {
  return buildTask("imageInference", {
    ...BASE_IMAGE_VALUES,
    positivePrompt: "a lighthouse at dusk",
    controlNet: units,
    ...extra,
  });
}

describe("a new ControlNet unit", () => {
  it("starts on the schema's weight over the whole run, in the neutral mode", () => {
    const unit = newControlNetUnit();
    expect(unit.weight).toBe(IMAGE_DEFAULTS.controlNet.weight);
    expect(unit.startStepPercentage).toBe(IMAGE_LIMITS.controlNet.startStepPercentage.min);
    expect(unit.endStepPercentage).toBe(IMAGE_LIMITS.controlNet.endStepPercentage.max);
    expect(CONTROL_MODES).toContain(unit.controlMode);
    expect(timingModeOf(unit)).toBe("percent");
  });

  it("makes a task lib/protocol accepts once it has a guide and a model", () => {
    const outcome = parseTask(taskWith([{ ...newControlNetUnit(), guideImage: GUIDE, model: MODEL }]));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.task.taskType !== "imageInference") return;
    expect(outcome.task.controlNet?.[0]).toMatchObject({ model: MODEL, guideImage: GUIDE, weight: 1 });
  });

  it("leaves its blank guide and model out, so the errors name them", () => {
    const outcome = parseTask(taskWith([newControlNetUnit()]));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const params = outcome.errors.map((e) => e.parameter);
    expect(params).toContain("controlNet.0.guideImage");
    expect(params).toContain("controlNet.0.model");
  });
});

describe("switching between steps and percent", () => {
  const base = { ...newControlNetUnit(), guideImage: GUIDE, model: MODEL };

  it("converts the span and clears the other pair", () => {
    const patch = switchTiming({ ...base, startStepPercentage: 25, endStepPercentage: 75 }, "steps", 20);
    expect(patch).toEqual({
      startStep: 5,
      endStep: 15,
      startStepPercentage: undefined,
      endStepPercentage: undefined,
    });
    const back = switchTiming({ ...base, ...patch }, "percent", 20);
    expect(back).toEqual({
      startStep: undefined,
      endStep: undefined,
      startStepPercentage: 25,
      endStepPercentage: 75,
    });
  });

  it("never sends both forms, and the switched unit still parses", () => {
    for (const steps of [1, 4, 20, 100]) {
      const unit = { ...base, ...switchTiming(base, "steps", steps) };
      const task = taskWith([unit], { steps });
      const item = (task.controlNet as Record<string, unknown>[])[0] ?? {};
      expect(Object.keys(item)).not.toContain("startStepPercentage");
      expect(Object.keys(item)).not.toContain("endStepPercentage");
      expect(parseTask(task).ok).toBe(true);
      const again = { ...unit, ...switchTiming(unit, "percent", steps) };
      expect(parseTask(taskWith([again], { steps })).ok).toBe(true);
    }
  });

  it("keeps start before end however narrow the span", () => {
    const patch = switchTiming({ ...base, startStepPercentage: 98, endStepPercentage: 99 }, "steps", 4);
    expect(patch.startStep).toBeLessThan(patch.endStep ?? 0);
    expect(patch.endStep).toBeLessThanOrEqual(4);
    const pct = switchTiming({ startStep: 19, endStep: 20 }, "percent", 20);
    expect(pct.startStepPercentage).toBeLessThan(pct.endStepPercentage ?? 0);
    expect(pct.startStepPercentage).toBeLessThanOrEqual(IMAGE_LIMITS.controlNet.startStepPercentage.max);
  });

  it("keeps a pair already in the chosen form as typed", () => {
    expect(switchTiming({ startStep: 3 }, "steps", 20)).toEqual({
      startStep: 3,
      endStep: undefined,
      startStepPercentage: undefined,
      endStepPercentage: undefined,
    });
  });

  it("uses the service's default steps when the form leaves steps blank", () => {
    expect(stepsFor(undefined)).toBe(IMAGE_DEFAULTS.steps);
    expect(stepsFor(Number.NaN)).toBe(IMAGE_DEFAULTS.steps);
    expect(stepsFor(30)).toBe(30);
  });
});

describe("unit summary and Generate's blocking reason", () => {
  it("summarises model, weight, span and mode, and says what is missing", () => {
    expect(unitSummary({ ...newControlNetUnit(), guideImage: GUIDE, model: MODEL, weight: 0.75 })).toBe(
      "runware:25@1 · weight 0.75 · 0–100% · Balanced",
    );
    expect(unitSummary({ startStep: 2, endStep: 12, controlMode: "controlnet" })).toBe(
      "no guide image · no model · weight 1 · steps 2–12 · ControlNet",
    );
  });

  it("blocks until every unit has a guide image and a model", () => {
    expect(controlNetBlockedBy({})).toMatch(/Add a ControlNet unit/);
    expect(controlNetBlockedBy({ controlNet: [] })).toMatch(/Add a ControlNet unit/);
    expect(controlNetBlockedBy({ controlNet: [newControlNetUnit()] })).toBe(
      "ControlNet unit 1 needs a guide image.",
    );
    const ready = { ...newControlNetUnit(), guideImage: GUIDE, model: MODEL };
    expect(controlNetBlockedBy({ controlNet: [ready, { ...ready, model: "" }] })).toBe(
      "ControlNet unit 2 needs a ControlNet model.",
    );
    expect(controlNetBlockedBy({ controlNet: [ready] })).toBeNull();
  });

  it("explains every control mode of the contract", () => {
    expect(CONTROL_MODE_OPTIONS.map((o) => o.value)).toEqual([...CONTROL_MODES]);
    for (const mode of CONTROL_MODES) expect(CONTROL_MODE_INFO[mode].description.length).toBeGreaterThan(10);
  });
});
