import "server-only";
import type { TaskOf } from "@/lib/protocol/envelope";
import { seededRandom } from "../render/shared/seeded";
import { promptEnhanceCost } from "./pricing";
import type { Processor } from "./types";

/**
 * `promptEnhance`: deterministic enrichment (the same prompt always gives the same versions):
 * each version appends a few descriptive phrases picked by hash of (prompt, version), cut at a
 * word boundary to `promptMaxLength` (default 300 characters).
 */

export const DEFAULT_PROMPT_MAX_LENGTH = 300;

const PHRASES = {
  light: [
    "golden hour light",
    "soft diffused light",
    "dramatic rim lighting",
    "volumetric light",
    "overcast daylight",
    "neon glow",
  ],
  detail: [
    "highly detailed",
    "intricate textures",
    "sharp focus",
    "fine grain",
    "crisp edges",
    "rich detail",
  ],
  style: [
    "cinematic composition",
    "editorial photography",
    "painterly style",
    "wide-angle shot",
    "shallow depth of field",
    "studio photograph",
  ],
  mood: [
    "serene atmosphere",
    "moody tones",
    "vibrant colours",
    "muted palette",
    "high contrast",
    "dreamlike mood",
  ],
};

export function enhancePrompt(
  prompt: string,
  version: number,
  maxLength = DEFAULT_PROMPT_MAX_LENGTH,
): string {
  const random = seededRandom(prompt.trim().toLowerCase(), version);
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)] ?? list[0] ?? "";
  const base = prompt.trim().replace(/[\s,.;]+$/, "");
  const text = [
    base,
    pick(PHRASES.style),
    pick(PHRASES.light),
    pick(PHRASES.mood),
    pick(PHRASES.detail),
  ].join(", ");
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(" ");
  return (space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,]+$/, "");
}

export const promptEnhanceProcessor: Processor<TaskOf<"promptEnhance">, null> = {
  itemCount: (task) => task.promptVersions,
  isAsync: () => false,
  prepare: async () => null,
  async runItem(task, _prepared, item) {
    return {
      fields: { text: enhancePrompt(task.prompt, item.index, task.promptMaxLength) },
      cost: promptEnhanceCost(),
    };
  },
};
