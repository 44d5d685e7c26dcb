/**
 * The canvas's settings as a shared setup ("Copy link to this setup"): kept under the task's own
 * names, as the Create forms keep theirs, so a setup reads the same wherever it is opened. A setup
 * made elsewhere (an older Inpainting form, another studio) may hold fields the canvas has no place
 * for: they are left out, and said, in words.
 */
import { labelOf } from "../create/field-labels";
import { compact, STUDIO_SET_KEYS } from "../create/task-values";
import { type CanvasSettings, settingsSchema } from "./canvas-persist";
import { recalledSettings } from "./canvas-recall";

/** The task fields the canvas keeps in its settings; every other field of a setup is left out. */
const KNOWN = new Set([
  "positivePrompt",
  "negativePrompt",
  "model",
  "strength",
  "numberResults",
  "maskMargin",
  "outpaint",
  "seed",
  "steps",
  "CFGScale",
  "scheduler",
  "clipSkip",
  "extraJson",
  ...STUDIO_SET_KEYS,
]);

/** Where each setting is read from in a setup, for saying which one was set aside. */
const SOURCE: Record<keyof CanvasSettings, string> = {
  prompt: "positivePrompt",
  negativePrompt: "negativePrompt",
  model: "model",
  strength: "strength",
  numberResults: "numberResults",
  maskMargin: "maskMargin",
  outpaintBlur: "outpaint.blur",
  seed: "seed",
  steps: "steps",
  CFGScale: "CFGScale",
  scheduler: "scheduler",
  clipSkip: "clipSkip",
};

/** A field in words; a list by its items' noun ("lora" is "LoRAs"). */
function wordsFor(key: string, value: unknown): string {
  const item = labelOf(`${key}.0`);
  return Array.isArray(value) && item.endsWith(" 1") ? `${item.slice(0, -2)}s` : labelOf(key);
}

export function settingsToValues(settings: CanvasSettings): Record<string, unknown> {
  const values: Record<string, unknown> = {
    positivePrompt: settings.prompt,
    negativePrompt: settings.negativePrompt,
    model: settings.model,
    strength: settings.strength,
    numberResults: settings.numberResults,
    outpaint: { blur: settings.outpaintBlur },
  };
  if (settings.maskMargin !== null) values.maskMargin = settings.maskMargin;
  for (const key of ["seed", "steps", "CFGScale", "scheduler", "clipSkip"] as const) {
    if (settings[key] !== undefined) values[key] = settings[key];
  }
  return values;
}

export interface OpenedSetup {
  settings: CanvasSettings;
  /** What was left out, in the studio's words, sorted. */
  dropped: string[];
}

/**
 * A setup's values as the canvas's settings, over `base` (its sampling blank): each value the canvas keeps and the
 * contract accepts is taken; a field the canvas has no place for, or a value out of bounds, is
 * left out and named.
 */
export function settingsFromSetup(values: unknown, base: CanvasSettings): OpenedSetup {
  if (!values || typeof values !== "object" || Array.isArray(values)) {
    return { settings: base, dropped: values == null ? [] : ["the whole setup"] };
  }
  const given = values as Record<string, unknown>;
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(given)) {
    if (key.startsWith("__") || KNOWN.has(key)) continue;
    // A field left blank, or a switch left off, in the form it was made in says nothing.
    const kept = compact({ value }) as Record<string, unknown>;
    if ("value" in kept && kept.value !== false) dropped.add(wordsFor(key, value));
  }
  if (typeof given.extraJson === "string" && given.extraJson.trim() !== "") dropped.add(labelOf("extraJson"));
  const outpaint = given.outpaint;
  if (outpaint && typeof outpaint === "object") {
    const o = outpaint as Record<string, unknown>;
    const sides = ["top", "right", "bottom", "left"].filter((s) => typeof o[s] === "number" && o[s] !== 0);
    // The canvas's frame sets how far it reaches; a setup carries no picture to reach past.
    if (sides.length > 0) dropped.add(labelOf("outpaint"));
  }
  // A sampling value the sharer left blank is the model's own for the opener too.
  const blank = {
    ...base,
    seed: undefined,
    steps: undefined,
    CFGScale: undefined,
    scheduler: undefined,
    clipSkip: undefined,
  };
  const settings = recalledSettings(given, blank);
  for (const key of Object.keys(SOURCE) as (keyof CanvasSettings)[]) {
    if (!settingsSchema.shape[key].safeParse(settings[key]).success) {
      (settings as Record<string, unknown>)[key] = base[key];
      dropped.add(labelOf(SOURCE[key]));
    }
  }
  // Sampling values out of bounds are not taken (recalledSettings): said too.
  for (const key of ["seed", "steps", "CFGScale", "scheduler", "clipSkip"] as const) {
    if (key in given && given[key] !== undefined && given[key] !== "" && settings[key] !== given[key])
      dropped.add(labelOf(key));
  }
  return { settings, dropped: [...dropped].sort((a, b) => a.localeCompare(b)) };
}

function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** What the canvas says after opening a setup, or null when all of it was taken. */
export function setupNotice(author: string | null, dropped: readonly string[]): string | null {
  if (dropped.length === 0) return null;
  const whose = author ? `${author}'s setup` : "The shared setup";
  if (dropped.includes("the whole setup"))
    return `${whose} could not be read; the canvas kept your settings.`;
  const one = dropped.length === 1;
  return `${whose} is open without ${listInWords(dropped)}: the canvas has no place for ${one ? "it" : "them"}, or ${one ? "its value is" : "their values are"} not one the service accepts.`;
}
