import { VIDEO_MEDIA_INPUTS } from "@/lib/protocol";
import { pickFields } from "./image-fields";
import { recallValues } from "./recall";
import type { RecallPart } from "./recall-links";
import { VIDEO_FIELDS, type VideoFormValues } from "./video-form-values";

export type VideoRecall = { reset: VideoFormValues } | { apply: VideoFormValues };

function given(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/**
 * What taking a past video task into the form does. A whole task replaces the form, so media of
 * another mode cannot stay beside it. Its size is the exact pair for a video from text, and the
 * tier for one made from media (which has no width or height to take).
 */
export function videoRecall(
  params: Record<string, unknown>,
  part: RecallPart,
  itemSeed: string | null | undefined,
  defaults: VideoFormValues,
): VideoRecall {
  const recalled = recallValues(params, part, itemSeed);
  if (part === "all") return { reset: { ...defaults, ...pickFields(recalled, VIDEO_FIELDS) } };
  if (part === "size") {
    const inputs = (params.inputs ?? {}) as Record<string, unknown>;
    const fromMedia = VIDEO_MEDIA_INPUTS.some((k) => inputs[k] !== undefined);
    return { apply: given(fromMedia ? { resolution: params.resolution } : recalled) };
  }
  return { apply: pickFields(given(recalled), VIDEO_FIELDS) };
}
