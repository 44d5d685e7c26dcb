import "server-only";
import { BLANK_PROMPT } from "@/lib/protocol/blank-prompt";
import type { ServiceError } from "@/lib/protocol/errors";
import { EDIT_MODELS, type EditModel, tiersText } from "@/lib/protocol/image-edit-models";
import type { ImageInferenceTask } from "@/lib/protocol/image-inference";
import type { CatalogModel } from "../models/catalog";

/**
 * Which models read `referenceImages`, and at which `resolution`: an edit model (up to its number
 * of references, at its own tiers), or the ACE++ workflow (its rules are the schema's). Any other
 * model would take the images and ignore them, so the task is refused before it is acknowledged.
 */

type ReferenceFields = Pick<ImageInferenceTask, "model" | "referenceImages" | "resolution" | "acePlusPlus">;

function refuse(code: string, parameter: string, type: string, message: string): ServiceError {
  return { code, message, parameter, type, taskType: "imageInference" };
}

const editModelsText = () => EDIT_MODELS.map((m) => `${m.name} (${m.air})`).join(", ");

export function editModelIn(catalog: readonly CatalogModel[], air: string): EditModel | undefined {
  return catalog.find((m) => m.air === air)?.edit;
}

/** The first reason the task's references or tier cannot be rendered, or null. */
export function checkReferences(
  task: ReferenceFields,
  catalog: readonly CatalogModel[],
): ServiceError | null {
  const refs = task.referenceImages?.length ?? 0;
  if (refs === 0 || task.acePlusPlus !== undefined) return null;
  const edit = editModelIn(catalog, task.model);
  if (!edit) {
    return refuse(
      "unsupportedReferenceImages",
      "referenceImages",
      "array",
      `Model ${task.model} does not take 'referenceImages': use an edit model (${editModelsText()}), or the ACE++ workflow on the fill model, or remove referenceImages.`,
    );
  }
  if (refs > edit.maxReferences) {
    return refuse(
      "invalidReferenceImages",
      "referenceImages",
      "array",
      `${edit.name} (${edit.air}) takes at most ${edit.maxReferences} reference images (got ${refs}).`,
    );
  }
  if (task.resolution !== undefined && !edit.resolutions.includes(task.resolution)) {
    return refuse(
      "unsupportedResolution",
      "resolution",
      "string",
      `${edit.name} (${edit.air}) renders resolution ${tiersText(edit)}, not '${task.resolution}': choose one of those.`,
    );
  }
  return null;
}

/**
 * How far an edit moves from the first reference: a prompt that asks for a lot of change (long,
 * or with words like "replace", "turn into") moves it further; no text guidance keeps it close.
 */
export function editStrength(prompt: string): number {
  const text = prompt === BLANK_PROMPT ? "" : prompt.trim();
  if (text === "") return 0.2;
  const words = text.split(/\s+/).length;
  const bold = /\b(replace|turn|transform|change|make|into|instead|remove|swap)\b/i.test(text) ? 0.15 : 0;
  return Math.min(0.75, 0.35 + Math.min(0.25, words * 0.02) + bold);
}
