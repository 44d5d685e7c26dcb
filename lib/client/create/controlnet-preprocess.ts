/**
 * Turning a photo into a ControlNet guide with `imageControlNetPreProcess` (docs/real-service.md,
 * "Other task types")
 * through the studio's `POST /api/tools`: readable names for the preprocessors, the request body,
 * a check with the contract's own parser before sending, and the model to suggest for a guide.
 */
import { parseTask, type ServiceError } from "@/lib/protocol";
import {
  CONTROLNET_PREPROCESS_LIMITS,
  PREPROCESSOR_TYPES,
  type PreProcessorType,
} from "@/lib/protocol/utility-tasks";
import { newId } from "../new-id";

interface PreprocessorInfo {
  label: string;
  hint: string;
  /**
   * What to search the ControlNet catalogue for: model names say "Canny", "Depth", "OpenPose",
   * "Lineart"..., rarely the preprocessor's short id (`normalbae`, `lineart_anime`).
   */
  search: string;
}

/** Keyed by the contract's list, so a preprocessor added there fails to compile until named here. */
export const PREPROCESSOR_INFO: Record<PreProcessorType, PreprocessorInfo> = {
  canny: {
    label: "Canny edges",
    hint: "Crisp outlines; the thresholds set how many edges count.",
    search: "canny",
  },
  depth: {
    label: "Depth map",
    hint: "Near is light, far is dark: keeps the layout of space.",
    search: "depth",
  },
  mlsd: {
    label: "Straight lines (M-LSD)",
    hint: "Only straight lines: rooms, buildings, furniture.",
    search: "mlsd",
  },
  normalbae: {
    label: "Surface normals (BAE)",
    hint: "Which way each surface faces: keeps form and relief.",
    search: "normal",
  },
  openpose: {
    label: "Pose (OpenPose)",
    hint: "Stick figures of people's bodies, hands and faces.",
    search: "openpose",
  },
  tile: {
    label: "Tile (detail)",
    hint: "A softened copy: keeps colours and layout, redraws detail.",
    search: "tile",
  },
  seg: {
    label: "Segmentation",
    hint: "Flat colour regions per kind of thing: sky, wall, person.",
    search: "seg",
  },
  lineart: { label: "Line art", hint: "Clean drawn lines of a photo or render.", search: "lineart" },
  lineart_anime: {
    label: "Line art (anime)",
    hint: "Line art tuned for anime and illustration.",
    search: "lineart anime",
  },
  shuffle: {
    label: "Shuffle (colour and style)",
    hint: "A scrambled copy: passes on palette and mood, not layout.",
    search: "shuffle",
  },
  scribble: {
    label: "Scribble",
    hint: "Rough strokes: the loosest outline of the shapes.",
    search: "scribble",
  },
  softedge: {
    label: "Soft edges (HED)",
    hint: "Soft outlines that keep shading and inner lines.",
    search: "softedge",
  },
};

export const PREPROCESSOR_OPTIONS = PREPROCESSOR_TYPES.map((value) => ({
  value,
  label: PREPROCESSOR_INFO[value].label,
}));

/** Canny first: the most common guide, and the one every ControlNet family offers. */
export const DEFAULT_PREPROCESSOR: PreProcessorType = "canny";

export interface PreprocessInput {
  /** A studio image id (upload or gallery result). */
  inputImage: string;
  preProcessorType: PreProcessorType;
  lowThresholdCanny?: number | undefined;
  highThresholdCanny?: number | undefined;
}

export interface PreprocessBody {
  taskType: "imageControlNetPreProcess";
  inputImage: string;
  preProcessorType: PreProcessorType;
  lowThresholdCanny?: number;
  highThresholdCanny?: number;
}

/** What the tools endpoint answers for a preprocess: the guide, kept as the member's upload and usable as `guideImage`. */
export interface PreprocessResult {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
  preProcessorType: PreProcessorType;
}

/** The body to send; the Canny thresholds only for Canny (other preprocessors ignore them). */
export function preprocessBody(input: PreprocessInput): PreprocessBody {
  const body: PreprocessBody = {
    taskType: "imageControlNetPreProcess",
    inputImage: input.inputImage,
    preProcessorType: input.preProcessorType,
  };
  if (input.preProcessorType === "canny") {
    if (Number.isFinite(input.lowThresholdCanny)) body.lowThresholdCanny = input.lowThresholdCanny;
    if (Number.isFinite(input.highThresholdCanny)) body.highThresholdCanny = input.highThresholdCanny;
  }
  return body;
}

/** The contract's errors for a body, before it is sent (e.g. a low threshold above the high one). */
export function checkPreprocess(body: PreprocessBody): ServiceError[] {
  const outcome = parseTask({ ...body, taskUUID: newId() });
  return outcome.ok ? [] : outcome.errors;
}

export const CANNY_LIMITS = {
  low: CONTROLNET_PREPROCESS_LIMITS.lowThresholdCanny,
  high: CONTROLNET_PREPROCESS_LIMITS.highThresholdCanny,
} as const;

/** The model search that finds ControlNet models made for a kind of guide. */
export function modelSearchTerm(type: PreProcessorType): string {
  return PREPROCESSOR_INFO[type].search;
}

/** The model to preselect after a guide is used: the first hit, only if the unit has none yet. */
export function suggestedModel(
  results: readonly { air: string }[],
  currentModel: string | undefined,
): string | null {
  if (currentModel) return null;
  return results[0]?.air ?? null;
}
