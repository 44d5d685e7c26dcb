/**
 * The ControlNet workflow's units as the form holds them: each is one `controlNet[]` item of the
 * task (lib/protocol's controlNetItemSchema), with blank values the task drops. Bounds, defaults
 * and control modes come from lib/protocol, so this file only decides how a person edits them.
 */
import { CONTROL_MODES, IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";

const L = IMAGE_LIMITS.controlNet;

export type ControlMode = (typeof CONTROL_MODES)[number];
/** A unit says where it acts either in steps or in percent of the steps, never both. */
export type TimingMode = "steps" | "percent";

export interface ControlNetUnitValues {
  model?: string | undefined;
  guideImage?: string | undefined;
  weight?: number | undefined;
  startStep?: number | undefined;
  endStep?: number | undefined;
  startStepPercentage?: number | undefined;
  endStepPercentage?: number | undefined;
  controlMode?: ControlMode | undefined;
}

/** Labels and one-line explanations, keyed by the contract's modes so none can be missing. */
export const CONTROL_MODE_INFO: Record<ControlMode, { label: string; description: string }> = {
  balanced: { label: "Balanced", description: "The prompt and the guide weigh about equally." },
  prompt: {
    label: "Prompt",
    description: "The prompt leads; the guide's shapes are followed more loosely.",
  },
  controlnet: {
    label: "ControlNet",
    description: "The guide leads; the prompt mostly sets style and detail.",
  },
};

export const CONTROL_MODE_OPTIONS = CONTROL_MODES.map((value) => ({
  value,
  label: CONTROL_MODE_INFO[value].label,
  title: CONTROL_MODE_INFO[value].description,
}));

/**
 * A new unit: the schema's default weight, active over the whole run (the widest percent range
 * the contract allows), and the neutral mode. Percent rather than steps because it keeps meaning
 * when the step count or the model changes. Model and guide start blank: the person picks them.
 */
export function newControlNetUnit(): ControlNetUnitValues {
  return {
    model: "",
    guideImage: "",
    weight: IMAGE_DEFAULTS.controlNet.weight,
    startStepPercentage: L.startStepPercentage.min,
    endStepPercentage: L.endStepPercentage.max,
    controlMode: "balanced",
  };
}

function given(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Which form a unit's values use; null when neither pair holds a number. */
export function timingModeOf(unit: ControlNetUnitValues): TimingMode | null {
  if (given(unit.startStep) || given(unit.endStep)) return "steps";
  if (given(unit.startStepPercentage) || given(unit.endStepPercentage)) return "percent";
  return null;
}

/** The step count the task's rules use: the form's `steps`, else the service's default. */
export function stepsFor(steps: unknown): number {
  return given(steps) && steps >= IMAGE_LIMITS.steps.min ? Math.round(steps) : IMAGE_DEFAULTS.steps;
}

export interface TimingPatch {
  startStep: number | undefined;
  endStep: number | undefined;
  startStepPercentage: number | undefined;
  endStepPercentage: number | undefined;
}

/**
 * The four timing values after switching to `to`: the chosen pair carries over the same span
 * (converted with the task's step count), the other pair is cleared, so the task never holds
 * both forms (the contract refuses that). A missing start or end means the run's start or end.
 */
export function switchTiming(unit: ControlNetUnitValues, to: TimingMode, steps: number): TimingPatch {
  const total = Math.max(1, steps);
  const from = timingModeOf(unit);
  if (to === "steps") {
    if (from === "steps") {
      return {
        startStep: unit.startStep,
        endStep: unit.endStep,
        startStepPercentage: undefined,
        endStepPercentage: undefined,
      };
    }
    const startPct = given(unit.startStepPercentage) ? unit.startStepPercentage : L.startStepPercentage.min;
    const endPct = given(unit.endStepPercentage) ? unit.endStepPercentage : L.endStepPercentage.max;
    const startStep = clamp(Math.round((startPct / 100) * total), L.startStep.min, total - 1);
    const endStep = clamp(Math.round((endPct / 100) * total), startStep + 1, total);
    return { startStep, endStep, startStepPercentage: undefined, endStepPercentage: undefined };
  }
  if (from === "percent") {
    return {
      startStep: undefined,
      endStep: undefined,
      startStepPercentage: unit.startStepPercentage,
      endStepPercentage: unit.endStepPercentage,
    };
  }
  const start = given(unit.startStep) ? unit.startStep : L.startStep.min;
  const end = given(unit.endStep) ? unit.endStep : total;
  const startStepPercentage = clamp(
    Math.round((start / total) * 100),
    L.startStepPercentage.min,
    L.startStepPercentage.max,
  );
  const endStepPercentage = clamp(
    Math.round((end / total) * 100),
    Math.max(L.endStepPercentage.min, startStepPercentage + 1),
    L.endStepPercentage.max,
  );
  return { startStep: undefined, endStep: undefined, startStepPercentage, endStepPercentage };
}

function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The span a unit acts over, as its own form says it: "steps 4–16" or "10–90%". */
export function timingText(unit: ControlNetUnitValues): string {
  if (timingModeOf(unit) === "steps") {
    const start = given(unit.startStep) ? unit.startStep : L.startStep.min;
    return `steps ${start}–${given(unit.endStep) ? unit.endStep : "end"}`;
  }
  const start = given(unit.startStepPercentage) ? unit.startStepPercentage : L.startStepPercentage.min;
  const end = given(unit.endStepPercentage) ? unit.endStepPercentage : L.endStepPercentage.max;
  return `${start}–${end}%`;
}

/** One line that tells units apart while folded: model, weight, span, mode, and what is missing. */
export function unitSummary(unit: ControlNetUnitValues): string {
  const weight = given(unit.weight) ? unit.weight : IMAGE_DEFAULTS.controlNet.weight;
  const parts = [
    unit.model ? unit.model : "no model",
    `weight ${formatNumber(weight)}`,
    timingText(unit),
    unit.controlMode ? CONTROL_MODE_INFO[unit.controlMode].label : "default mode",
  ];
  if (!unit.guideImage) parts.unshift("no guide image");
  return parts.join(" · ");
}

/** Why Generate is off: no unit yet, or a unit without a guide image or a model. */
export function controlNetBlockedBy(values: Record<string, unknown>): string | null {
  const units = Array.isArray(values.controlNet) ? (values.controlNet as ControlNetUnitValues[]) : [];
  if (units.length === 0) return "Add a ControlNet unit with a guide image and a model.";
  for (const [i, unit] of units.entries()) {
    if (!unit?.guideImage) return `ControlNet unit ${i + 1} needs a guide image.`;
    if (!unit.model) return `ControlNet unit ${i + 1} needs a ControlNet model.`;
  }
  return null;
}
