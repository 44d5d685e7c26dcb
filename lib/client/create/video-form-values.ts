import { type FrameImageItem, frameImagePositions, VIDEO_DEFAULTS, VIDEO_LIMITS } from "@/lib/protocol";
import { DEFAULT_VIDEO_SIZE } from "./video-size-options";

/**
 * The video form's values. Task fields keep the task's own paths (`inputs.referenceVideos.1`), so
 * an error the contract's parser names lands on the input that holds it. Two values are the
 * form's alone and never reach a task: `videoMode` (which workflow) and `contextKind` (document,
 * web page or neither).
 */

export const VIDEO_SLUG = "video";

/**
 * Text, first/last frames, or references. Frames and references are separate workflows in the
 * contract (rule 4), so the form holds one at a time.
 */
export const VIDEO_MODES = ["text", "frames", "references"] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

/** One document or one web page as context, never both (rule 7). */
export const CONTEXT_KINDS = ["none", "document", "url"] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];

/** The task fields this form sends; anything else in its values stays in the form. */
export const VIDEO_FIELDS = [
  "model",
  "positivePrompt",
  "inputs",
  "width",
  "height",
  "resolution",
  "duration",
  "seed",
  "settings",
  "numberResults",
  "outputFormat",
  "outputQuality",
  "safety",
  "ttl",
  "includeCost",
  "uploadEndpoint",
] as const;

export const REFERENCE_KEYS = ["referenceImages", "referenceVideos", "referenceAudios"] as const;
export type ReferenceKey = (typeof REFERENCE_KEYS)[number];

/** How the prompt names each kind of reference (`Image 1`, `Video 1`, `Audio 1`). */
export const REFERENCE_NOUNS: Record<ReferenceKey, string> = {
  referenceImages: "Image",
  referenceVideos: "Video",
  referenceAudios: "Audio",
};

/** Where the duration slider starts when Auto is turned off: a short clip, quick to render. */
export const DURATION_START_SECONDS = Math.max(VIDEO_LIMITS.duration.min, 5);

export type VideoFormValues = Record<string, unknown>;

/** A fresh form: the service's defaults made visible, with the model the server runs. */
export function videoDefaults(model: string): VideoFormValues {
  return {
    videoMode: "text",
    contextKind: "none",
    model,
    positivePrompt: "",
    inputs: {
      // Positional slots: index 0 is the first frame, index 1 the last.
      frameImages: ["", ""],
      referenceImages: [],
      referenceVideos: [],
      referenceAudios: [],
      documents: [""],
      urls: [""],
    },
    width: DEFAULT_VIDEO_SIZE.width,
    height: DEFAULT_VIDEO_SIZE.height,
    resolution: VIDEO_DEFAULTS.resolution,
    duration: VIDEO_DEFAULTS.duration,
    seed: undefined,
    settings: { ...VIDEO_DEFAULTS.settings },
    numberResults: VIDEO_DEFAULTS.numberResults,
    outputFormat: VIDEO_DEFAULTS.outputFormat,
    outputQuality: VIDEO_DEFAULTS.outputQuality,
    safety: { ...VIDEO_DEFAULTS.safety },
    ttl: undefined,
    includeCost: VIDEO_DEFAULTS.includeCost,
    uploadEndpoint: "",
  };
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function inputsOf(values: VideoFormValues): Record<string, unknown> {
  return record(values.inputs);
}

/** A list as the form holds it; values from drafts and recalls are not trusted to be lists. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => (typeof v === "string" ? v : "")) : [];
}

function filled(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function isFrameItem(item: unknown): item is FrameImageItem {
  return filled(item) || filled(record(item).image);
}

export interface FrameSlots {
  first?: string;
  last?: string;
}

/**
 * The first and last frame in `inputs.frameImages`. The form writes positional strings (blank
 * allowed); a recalled task may hold objects with explicit `frame` positions, read as the
 * contract reads them.
 */
export function frameSlots(value: unknown): FrameSlots {
  const items: unknown[] = Array.isArray(value) ? value : [];
  if (items.every((i) => typeof i === "string")) {
    const [first, last] = items as string[];
    return { ...(filled(first) ? { first } : {}), ...(filled(last) ? { last } : {}) };
  }
  const given = items.filter(isFrameItem);
  const positions = frameImagePositions(given);
  const slots: FrameSlots = {};
  for (const [i, item] of given.entries()) {
    const image = typeof item === "string" ? item : item.image;
    const position = positions[i] ?? "first";
    if (slots[position] === undefined) slots[position] = image;
  }
  return slots;
}

/** The filled entries of one reference list. */
export function referencesOf(values: VideoFormValues, key: ReferenceKey): string[] {
  return stringList(inputsOf(values)[key]).filter(filled);
}

/** The document or web page entered, if any. */
export function contextValue(values: VideoFormValues, kind: "document" | "url"): string | undefined {
  const list = stringList(inputsOf(values)[kind === "document" ? "documents" : "urls"]);
  const v = list[0];
  return filled(v) ? v.trim() : undefined;
}

/**
 * The mode the form is in. What the inputs hold wins over the stored choice, so a recalled task
 * (which carries no `videoMode`) opens in the mode its media belong to.
 */
export function modeOf(values: VideoFormValues): VideoMode {
  const frames = frameSlots(inputsOf(values).frameImages);
  if (frames.first !== undefined || frames.last !== undefined) return "frames";
  if (REFERENCE_KEYS.some((k) => referencesOf(values, k).length > 0)) return "references";
  const stored = values.videoMode;
  return (VIDEO_MODES as readonly unknown[]).includes(stored) ? (stored as VideoMode) : "text";
}

/** Document, web page or neither: an entered value wins over the stored choice, as for the mode. */
export function contextOf(values: VideoFormValues): ContextKind {
  if (contextValue(values, "document") !== undefined) return "document";
  if (contextValue(values, "url") !== undefined) return "url";
  const stored = values.contextKind;
  return (CONTEXT_KINDS as readonly unknown[]).includes(stored) ? (stored as ContextKind) : "none";
}

/** Form paths and values to set, in order. */
export type ValuePatch = [path: string, value: unknown][];

/** Entering a mode clears what belongs to the others, so they can never be sent together. */
export function switchMode(values: VideoFormValues, to: VideoMode): ValuePatch {
  const inputs = inputsOf(values);
  const patch: ValuePatch = [["videoMode", to]];
  if (to !== "frames") patch.push(["inputs.frameImages", ["", ""]]);
  else if (!Array.isArray(inputs.frameImages)) patch.push(["inputs.frameImages", ["", ""]]);
  for (const key of REFERENCE_KEYS) {
    if (to !== "references") patch.push([`inputs.${key}`, []]);
  }
  return patch;
}

/** Choosing a document clears the web page and the other way round (rule 7). */
export function switchContext(to: ContextKind): ValuePatch {
  return [
    ["contextKind", to],
    ...(to !== "document" ? ([["inputs.documents", [""]]] as ValuePatch) : []),
    ...(to !== "url" ? ([["inputs.urls", [""]]] as ValuePatch) : []),
  ];
}

/** A fixed seed drawn within the contract's video seed range (narrower than the image one). */
export function randomVideoSeed(random = Math.random): number {
  const { min, max } = VIDEO_LIMITS.seed;
  return min + Math.floor(random() * (max - min + 1));
}
