/**
 * The canvas's settings that the Create forms' own panels edit (model, images, seed, sampling):
 * which values each box takes and why it refuses the others, in words. The bounds are the kept
 * settings' own, which are the contract's, so a box takes every value a recall can set.
 */
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { type CanvasSettings, settingsSchema } from "./canvas-persist";

/** The settings the Create forms' own panels edit here, under the names those panels use. */
export const FORM_KEYS = [
  "model",
  "numberResults",
  "seed",
  "steps",
  "CFGScale",
  "scheduler",
  "clipSkip",
] as const;
export type FormKey = (typeof FORM_KEYS)[number];

export function formValuesOf(settings: Partial<CanvasSettings>): Record<FormKey, unknown> {
  return Object.fromEntries(FORM_KEYS.map((k) => [k, settings[k]])) as Record<FormKey, unknown>;
}

/** Why a typed value is not taken, in words: the bounds the contract sets. */
export function refusal(key: FormKey): string {
  const L = IMAGE_LIMITS;
  if (key === "numberResults") return `From ${L.numberResults.min} to ${L.numberResults.max} images.`;
  if (key === "seed") return `A whole number from ${L.seed.min} up.`;
  if (key === "steps") return `From ${L.steps.min} to ${L.steps.max} steps.`;
  if (key === "CFGScale") return `From ${L.CFGScale.min} to ${L.CFGScale.max}.`;
  if (key === "clipSkip") return `From ${L.clipSkip.min} to ${L.clipSkip.max}.`;
  return "Choose one from the list.";
}

/** Whether a box's value is kept: the staging bar steps through any number of results the contract allows. */
export function accepts(key: FormKey, value: unknown): boolean {
  return settingsSchema.shape[key].safeParse(value).success;
}
