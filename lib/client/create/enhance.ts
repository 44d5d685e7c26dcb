import { PROMPT_ENHANCE_LIMITS } from "@/lib/protocol/utility-tasks";

const E = PROMPT_ENHANCE_LIMITS;

/** Versions asked for at once: a real choice, within what the service allows. */
export const ENHANCE_VERSIONS = Math.min(3, E.promptVersions.max);

/** Whether a prompt can be sent to `promptEnhance` as it is (its own bounds, not the form's). */
export function canEnhance(prompt: string): boolean {
  return prompt.trim().length >= E.prompt.min && prompt.length <= E.prompt.max;
}

/**
 * The `promptEnhance` task for a prompt field. An enhanced prompt must still fit the field, but
 * the task caps `promptMaxLength` lower than any prompt field, so the field's limit only matters
 * when it is the smaller one.
 */
export function enhanceTask(prompt: string, fieldMax: number) {
  const promptMaxLength = Math.max(E.promptMaxLength.min, Math.min(E.promptMaxLength.max, fieldMax));
  return { taskType: "promptEnhance" as const, prompt, promptMaxLength, promptVersions: ENHANCE_VERSIONS };
}

/** The versions worth offering: each text once, none that merely repeats the prompt. */
export function distinctVersions(answers: readonly { text?: unknown }[], prompt: string): string[] {
  const seen = new Set([prompt.trim()]);
  const out: string[] = [];
  for (const answer of answers) {
    const text = typeof answer.text === "string" ? answer.text.trim() : "";
    if (text === "" || seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}
