import type { Rgb } from "./raster";

/** The vocabulary `readScene` understands: colour names, camera phrases, times of day. */

export type TimeOfDay = "day" | "sunset" | "dawn" | "night";
export type CameraMove =
  | "static"
  | "zoomIn"
  | "zoomOut"
  | "panLeft"
  | "panRight"
  | "dollyIn"
  | "dollyOut"
  | "tiltUp"
  | "tiltDown";

/** Whole words, allowing the usual endings (waves, cloudy, glowing). */
export const has = (text: string, words: readonly string[]) =>
  words.some((w) => new RegExp(`\\b${w}(s|es|y|ed|ing)?\\b`, "i").test(text));

export const COLOUR_WORDS: Record<string, Rgb> = {
  red: [220, 50, 50],
  crimson: [200, 20, 60],
  orange: [255, 140, 40],
  gold: [255, 196, 60],
  yellow: [250, 220, 70],
  green: [60, 190, 90],
  emerald: [30, 170, 110],
  teal: [30, 170, 170],
  cyan: [40, 220, 240],
  turquoise: [60, 210, 200],
  blue: [50, 110, 230],
  azure: [70, 150, 240],
  purple: [150, 70, 210],
  violet: [140, 90, 230],
  magenta: [230, 50, 190],
  pink: [250, 120, 180],
  white: [240, 240, 245],
  silver: [200, 205, 215],
};

export const CAMERA_WORDS: [CameraMove, RegExp][] = [
  ["static", /\b(static|still shot|locked[- ]off|tripod|no camera movement)\b/i],
  ["dollyIn", /\b(dolly (in|forward)|push(es|ing)? in|tracking forward|fly(ing)? (through|forward))\b/i],
  ["dollyOut", /\b(dolly (out|back)|pull(s|ing)? (back|out))\b/i],
  ["zoomOut", /\bzoom(s|ing)? out\b/i],
  ["zoomIn", /\bzoom(s|ing)?( in)?\b/i],
  ["panLeft", /\bpan(s|ning)? (to the )?left\b/i],
  ["panRight", /\bpan(s|ning)?( (to the )?right)?\b/i],
  ["tiltUp", /\btilt(s|ing)? up\b/i],
  ["tiltDown", /\btilt(s|ing)?( down)?\b/i],
];

export const DEFAULT_MOVES: CameraMove[] = ["zoomIn", "panLeft", "panRight", "dollyIn", "zoomOut", "tiltUp"];

export function timeOf(p: string): TimeOfDay {
  if (has(p, ["sunset", "dusk", "golden hour", "evening", "twilight"])) return "sunset";
  if (has(p, ["sunrise", "dawn", "morning"])) return "dawn";
  if (has(p, ["night", "midnight", "neon", "moon", "stars", "starry", "space", "galaxy", "nebula", "cosmic"]))
    return "night";
  return "day";
}

export const SKIES: Record<TimeOfDay, [Rgb, Rgb, Rgb]> = {
  day: [
    [58, 120, 205],
    [120, 175, 230],
    [205, 228, 242],
  ],
  sunset: [
    [52, 36, 104],
    [214, 92, 96],
    [255, 186, 110],
  ],
  dawn: [
    [78, 110, 180],
    [200, 160, 200],
    [255, 205, 170],
  ],
  night: [
    [6, 8, 26],
    [16, 24, 60],
    [40, 52, 96],
  ],
};
