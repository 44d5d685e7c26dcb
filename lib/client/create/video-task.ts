import {
  contextOf,
  contextValue,
  frameSlots,
  inputsOf,
  modeOf,
  REFERENCE_KEYS,
  REFERENCE_NOUNS,
  stringList,
  type VideoFormValues,
} from "./video-form-values";
import { videoSizeFromValues } from "./video-size-options";

/**
 * From the video form's values to the task's fields. Only the current mode's inputs are taken,
 * so whatever a draft or a recall left behind, a task never carries frames with references
 * (rule 4), a size with media (rules 2 and 5), a `resolution` without media (rule 6), or a
 * document with a web page (rule 7). Blank values stay in: `buildTask` drops them.
 */
export function toVideoTask(values: VideoFormValues, model: string): Record<string, unknown> {
  const mode = modeOf(values);
  const context = contextOf(values);
  const given = inputsOf(values);
  const inputs: Record<string, unknown> = {};

  if (mode === "frames") {
    const { first, last } = frameSlots(given.frameImages);
    if (first !== undefined) inputs.frameImages = last !== undefined ? [first, last] : [first];
    // A last frame alone is sent as what it is, so the contract's own message explains why a
    // video needs a first frame; Generate is blocked before that in any case.
    else if (last !== undefined) inputs.frameImages = [{ image: last, frame: "last" }];
  } else if (mode === "references") {
    for (const key of REFERENCE_KEYS) inputs[key] = stringList(given[key]).map((v) => v.trim());
  }
  const document = contextValue(values, "document");
  const url = contextValue(values, "url");
  if (context === "document" && document !== undefined) inputs.documents = [document];
  if (context === "url" && url !== undefined) inputs.urls = [url];

  const safety = { ...(values.safety as Record<string, unknown> | undefined) };
  // The mode only says how thoroughly content is checked; without the check it means nothing.
  if (safety.checkContent !== true) delete safety.mode;

  return {
    model,
    positivePrompt: values.positivePrompt,
    inputs,
    ...(mode === "text" ? { width: values.width, height: values.height } : { resolution: values.resolution }),
    duration: values.duration,
    seed: values.seed,
    settings: values.settings,
    numberResults: values.numberResults,
    outputFormat: values.outputFormat,
    outputQuality: values.outputQuality,
    safety,
    ttl: values.ttl,
    includeCost: values.includeCost === true ? true : undefined,
    uploadEndpoint: values.uploadEndpoint,
  };
}

function blankPositions(list: string[]): number[] {
  return list.flatMap((v, i) => (v.trim() === "" ? [i + 1] : []));
}

/**
 * Why Generate cannot be pressed yet, or null. These are the gaps a person can see at a glance
 * (a missing frame, an empty entry); everything else is judged by the contract's parser when
 * Generate is pressed.
 */
export function videoBlockedReason(values: VideoFormValues): string | null {
  const mode = modeOf(values);
  const given = inputsOf(values);

  if (mode === "text") {
    const prompt = typeof values.positivePrompt === "string" ? values.positivePrompt.trim() : "";
    if (prompt === "")
      return "Write a prompt: without frames or references, the prompt is what the video is made from.";
    const w = values.width;
    const h = values.height;
    if (videoSizeFromValues(w, h) === undefined) {
      return `${String(w)} × ${String(h)} is not an allowed video size: choose a tier and an aspect.`;
    }
  }
  if (mode === "frames") {
    const { first, last } = frameSlots(given.frameImages);
    if (first === undefined) {
      return last !== undefined
        ? "Add a first frame: a video starts from its first frame, the last one is optional."
        : "Add a first frame, or switch to Text.";
    }
  }
  if (mode === "references") {
    const lists = REFERENCE_KEYS.map((k) => [k, stringList(given[k])] as const);
    if (lists.every(([, list]) => list.every((v) => v.trim() === ""))) {
      return "Add at least one reference image, video or audio, or switch to Text.";
    }
    for (const [key, list] of lists) {
      const blank = blankPositions(list)[0];
      if (blank !== undefined) return `${REFERENCE_NOUNS[key]} ${blank} is empty: fill it in or remove it.`;
    }
  }
  const context = contextOf(values);
  if (context === "document" && contextValue(values, "document") === undefined) {
    return "Enter the document's URL or UUID, or set Context to None.";
  }
  if (context === "url" && contextValue(values, "url") === undefined) {
    return "Enter the web page's URL, or set Context to None.";
  }
  return null;
}
