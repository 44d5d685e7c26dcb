/**
 * The raw JSON editor's logic: what its status line says, how Format rewrites the text, and which
 * of the form's own fields a key typed there replaces. Parsing and the refused keys are
 * `parseExtraJson`'s, the same check the form's resolver and Generate run.
 */

import { inWords, isKnownPath, labelOf } from "@/lib/client/create/field-labels";
import { type ProtocolOptions, parseTask } from "@/lib/protocol";
import { buildTask, compact, parseExtraJson, STUDIO_SET_KEYS } from "./task-values";

export { STUDIO_SET_KEYS };

export type JsonStatus =
  | { state: "empty" }
  | { state: "valid"; keys: string[] }
  | { state: "invalid"; message: string };

export function jsonStatus(text: string | undefined): JsonStatus {
  if (!text || text.trim() === "") return { state: "empty" };
  const parsed = parseExtraJson(text);
  return parsed.ok
    ? { state: "valid", keys: Object.keys(parsed.value) }
    : { state: "invalid", message: parsed.message };
}

/**
 * The editor's one verdict on its text: well-formed JSON that the contract refuses is not valid.
 * The contract judges the task the form would send with these keys merged in (as Generate does);
 * only complaints about keys typed here count, each in the words of the field it names.
 */
export function jsonVerdict(
  text: string | undefined,
  values: Record<string, unknown>,
  taskType: "imageInference" | "videoInference" = "imageInference",
  options: ProtocolOptions = {},
): JsonStatus {
  const status = jsonStatus(text);
  const extra = parseExtraJson(text);
  if (status.state !== "valid" || !extra.ok) return status;
  const outcome = parseTask(buildTask(taskType, values, { extra: extra.value }), options);
  if (outcome.ok) return status;
  const refused = outcome.errors.filter((e) => status.keys.includes(e.parameter?.split(".")[0] ?? ""));
  if (refused.length === 0) return status;
  return { state: "invalid", message: refused.map((e) => inWords(e.message)).join(" ") };
}

/** Keys as people read them: a form field's label, or the key as typed when no field has it. */
export function keyWords(keys: readonly string[]): string {
  return keys.map((k) => (isKnownPath(k) ? labelOf(k) : k)).join(", ");
}

/** The text pretty-printed with two-space indents, or null when it is not JSON. */
export function formatJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/**
 * Keys of the JSON that also hold a value in the form: the JSON's value wins (it is merged over the
 * form), so the editor says which fields it replaces. `providerSettings` here replaces the whole
 * object the provider forms build, not one provider inside it.
 */
export function overriddenKeys(keys: readonly string[], values: Record<string, unknown>): string[] {
  return keys.filter((k) => k !== "extraJson" && isGiven(values[k]));
}

/** Whether the form would send this value (compact drops blanks and emptied lists or objects). */
function isGiven(value: unknown): boolean {
  return Object.keys(compact({ value }) as Record<string, unknown>).length > 0;
}
