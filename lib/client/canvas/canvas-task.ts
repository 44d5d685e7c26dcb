/**
 * The task a canvas plan becomes: the contract's parameters for the workflow the frame chose, and
 * nothing a plan did not decide (regional prompts are never sent: the service has no such field).
 */

import { buildTask } from "../create/task-values";
import type { CanvasSettings } from "./canvas-persist";
import type { Plan } from "./canvas-plan";

/** The settings sent under the task's own names, as set (the canvas keeps them by those names). */
export const SAMPLING_KEYS = ["seed", "steps", "CFGScale", "scheduler", "clipSkip"] as const;

export interface PlanInputs {
  /** The uploaded seed's id (image to image, inpainting, outpainting). */
  seedImage?: string;
  maskImage?: string;
  /** Each guide layer's image, in the plan's order. */
  guideImages: string[];
}

export function canvasTask(
  plan: Plan,
  settings: CanvasSettings,
  inputs: PlanInputs,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    model: settings.model,
    positivePrompt: settings.prompt,
    width: plan.width,
    height: plan.height,
    numberResults: settings.numberResults,
  };
  if (settings.negativePrompt.trim()) fields.negativePrompt = settings.negativePrompt;
  // The sampling the Create forms offer; absent ones are the model's own.
  for (const key of SAMPLING_KEYS) if (settings[key] !== undefined) fields[key] = settings[key];
  if (plan.kind !== "textToImage") fields.seedImage = inputs.seedImage;
  if (plan.kind === "imageToImage" || plan.kind === "inpainting") fields.strength = settings.strength;
  if (plan.kind === "inpainting") {
    fields.maskImage = inputs.maskImage;
    if (settings.maskMargin !== null) fields.maskMargin = settings.maskMargin;
  }
  if (plan.kind === "outpainting" && plan.outpaint) {
    fields.outpaint = { ...plan.outpaint };
    if (settings.outpaintBlur > 0) (fields.outpaint as Record<string, number>).blur = settings.outpaintBlur;
  }
  if (plan.guides.length > 0) {
    fields.controlNet = plan.guides.map((g, i) => ({
      model: g.model,
      guideImage: inputs.guideImages[i],
      weight: g.weight,
    }));
  }
  return buildTask("imageInference", fields);
}
