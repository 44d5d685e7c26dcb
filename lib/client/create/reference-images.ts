/**
 * Image to image starts from a source image (`seedImage`, moved as far as `strength` says) or from
 * reference images (`referenceImages`, read by an edit model, the output's size a `resolution`
 * tier in the first reference's shape). The form keeps both sets of fields; which one it sends
 * follows the person's choice, so a source image left behind never travels with references.
 */
import {
  type EditModel,
  editModelOf,
  type ImageResolution,
  RESOLUTION_MEGAPIXELS,
} from "@/lib/protocol/image-edit-models";
import { IMAGE_DEFAULTS, IMAGE_RESOLUTIONS } from "@/lib/protocol/image-limits";

export const START_FROM = ["source", "references"] as const;
export type StartFrom = (typeof START_FROM)[number];

/** The form-only value holding the choice; it is not a task field, so it is never sent. */
export const START_FROM_FIELD = "startFrom";

export const START_FROM_LABELS: Readonly<Record<StartFrom, string>> = {
  source: "Source image",
  references: "Reference images",
};

function referencesOf(values: Record<string, unknown>): string[] {
  const list = values.referenceImages;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string" && v !== "") : [];
}

/**
 * What the form starts from: the person's choice, or for a form filled from a task (a recall, a
 * draft) what that task used. ACE++ also reads reference images, but from its own panel.
 */
export function startFromOf(values: Record<string, unknown>): StartFrom {
  const chosen = values[START_FROM_FIELD];
  if (chosen === "source" || chosen === "references") return chosen;
  return referencesOf(values).length > 0 && values.acePlusPlus === undefined && values.seedImage === undefined
    ? "references"
    : "source";
}

/** The task's fields for what the form starts from: the other choice's fields are left out. */
export function imageToImageTask(values: Record<string, unknown>): Record<string, unknown> {
  const { [START_FROM_FIELD]: _mode, ...out } = values;
  if (startFromOf(values) === "references") {
    delete out.seedImage;
    delete out.strength;
    if (referencesOf(values).length > 0) out.resolution = values.resolution ?? IMAGE_DEFAULTS.resolution;
    return out;
  }
  delete out.resolution;
  if (values.acePlusPlus === undefined) delete out.referenceImages;
  return out;
}

/** Why Generate waits, in words, or null. */
export function imageToImageBlocked(values: Record<string, unknown>): string | null {
  if (startFromOf(values) === "source") return values.seedImage ? null : "Add a source image to start from.";
  if (referencesOf(values).length === 0) return "Add a reference image to start from.";
  const model = editModelOf(values.model);
  if (!model) return "This model takes no reference images: choose an edit model.";
  if (values.resolution !== undefined && !model.resolutions.includes(values.resolution as ImageResolution))
    return `${model.name} does not make ${values.resolution}: choose another resolution.`;
  return null;
}

export interface TierOption {
  value: ImageResolution;
  label: string;
  detail: string;
  enabled: boolean;
}

/** "1k · about 1 megapixel". */
export function tierWords(tier: ImageResolution): string {
  const mp = RESOLUTION_MEGAPIXELS[tier];
  return `${tier} · about ${mp} megapixel${mp === 1 ? "" : "s"}`;
}

/** The tiers with the ones the model cannot make disabled (all of them for a model that is not an edit model). */
export function tierOptions(model: EditModel | undefined): TierOption[] {
  return IMAGE_RESOLUTIONS.map((tier) => ({
    value: tier,
    label: tier,
    detail: `about ${RESOLUTION_MEGAPIXELS[tier]} MP`,
    enabled: model?.resolutions.includes(tier) ?? false,
  }));
}

/** The tier to keep when the model changes: the one chosen if the model makes it, else its largest below it. */
export function tierFor(model: EditModel, chosen: unknown): ImageResolution {
  const wanted = IMAGE_RESOLUTIONS.indexOf(chosen as ImageResolution);
  const fits = model.resolutions.filter((t) => IMAGE_RESOLUTIONS.indexOf(t) <= Math.max(0, wanted));
  return fits[fits.length - 1] ?? model.resolutions[0] ?? "1k";
}
