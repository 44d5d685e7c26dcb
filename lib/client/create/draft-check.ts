import { type ProtocolOptions, parseTask } from "@/lib/protocol";
import { labelOf } from "./field-labels";
import { pickFields } from "./image-fields";
import { buildTask, parseExtraJson } from "./task-values";

export interface DraftCheck {
  /** What the form opens with: the defaults, overlaid with every value of the draft that passed. */
  values: Record<string, unknown>;
  /** The fields whose saved value was set aside, in the form's words. */
  dropped: string[];
}

interface CheckOptions {
  defaults: Record<string, unknown>;
  fields: readonly string[];
  taskType: "imageInference" | "videoInference";
  protocol?: ProtocolOptions;
  toTask?: (values: Record<string, unknown>) => Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A kind of value, to tell a number saved where the form keeps a string (an older form's draft). */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  return Array.isArray(value) ? "list" : typeof value;
}

/**
 * Opens a stored draft as far as it is still valid: the contract's own parser judges the task it
 * would send, and a field whose saved value it refuses goes back to its default (an unfinished
 * draft's missing values are not refusals: the form says so when Generate is pressed). A value of
 * another kind than the form keeps, or a draft that is not an object at all, is set aside too.
 */
export function checkDraft(draft: unknown, options: CheckOptions): DraftCheck {
  const { defaults, fields, taskType, protocol, toTask } = options;
  if (!draft || typeof draft !== "object" || Array.isArray(draft)) {
    return { values: { ...defaults }, dropped: draft == null ? [] : ["the whole draft"] };
  }
  const values: Record<string, unknown> = { ...defaults };
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(draft as Record<string, unknown>)) {
    if (key.startsWith("__")) continue;
    const expected = defaults[key];
    if (expected !== undefined && value != null && kindOf(expected) !== kindOf(value)) dropped.add(key);
    else values[key] = value;
  }
  // Each round sets aside the fields the parser names; one value set aside can reveal another.
  for (let round = 0; round < 4; round++) {
    const extra = parseExtraJson(values.extraJson as string | undefined);
    if (!extra.ok) {
      values.extraJson = defaults.extraJson ?? "";
      dropped.add("extraJson");
      continue;
    }
    let shaped: Record<string, unknown>;
    try {
      shaped = toTask ? toTask(values) : values;
    } catch {
      return { values: { ...defaults }, dropped: ["the whole draft"] };
    }
    const outcome = parseTask(
      buildTask(taskType, pickFields(shaped, fields), { extra: extra.value }),
      protocol,
    );
    if (outcome.ok) break;
    const refused = new Set<string>();
    for (const e of outcome.errors) {
      if (e.message.startsWith("Missing required parameter")) continue;
      const root = e.parameter?.split(".")[0];
      if (root && root in values && !same(values[root], defaults[root])) refused.add(root);
    }
    if (refused.size === 0) break;
    for (const key of refused) {
      if (key in defaults) values[key] = defaults[key];
      else delete values[key];
      dropped.add(key);
    }
  }
  const labels = [...dropped].map((key) => (key === "extraJson" ? "Extra JSON" : labelOf(key)));
  return { values, dropped: labels.sort((a, b) => a.localeCompare(b)) };
}

/** What the form says after opening a draft that lost some values. */
export function droppedNotice(dropped: readonly string[]): string | null {
  if (dropped.length === 0) return null;
  if (dropped.includes("the whole draft"))
    return "The saved draft could not be read; the form starts from its defaults.";
  return `Your draft is back, except ${listInWords(dropped)}: ${dropped.length === 1 ? "its saved value is" : "their saved values are"} no longer valid, so ${dropped.length === 1 ? "it is" : "they are"} at ${dropped.length === 1 ? "its default" : "their defaults"}.`;
}

function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
