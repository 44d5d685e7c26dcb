/**
 * Between a form's values and a task: forms keep what a person typed (empty strings, blank number
 * inputs, an emptied list), the task carries only what was given. `compactTask` removes the rest,
 * so a cleared field means "the service's default", never an empty value the contract refuses.
 */

import { newId } from "../new-id";

/** Keys of the task that the studio, not the form, decides. */
export const STUDIO_SET_KEYS = [
  "taskType",
  "taskUUID",
  "deliveryMethod",
  "webhookURL",
  "outputType",
  // The version link (see lib/studio/versions/versions.ts): set by "New version", never by the form.
  "versionOf",
  "versionComment",
] as const;
const STUDIO_KEYS: ReadonlySet<string> = new Set(STUDIO_SET_KEYS);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (typeof value === "number") return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** A deep copy without blank strings, NaN, null, and lists or objects left empty by that. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(compact).filter((v) => !isEmpty(v));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const c = compact(v);
      if (!isEmpty(c)) out[key] = c;
    }
    return out;
  }
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  return value;
}

/**
 * The task a form's values make: compacted, with the raw JSON extras merged on top (they are for
 * what no form field covers, so they win), and the studio's own keys set last.
 */
export function buildTask(
  taskType: "imageInference" | "videoInference",
  values: Record<string, unknown>,
  options: { taskUUID?: string; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const { extraJson: _extra, ...fields } = values;
  const base = (compact(fields) ?? {}) as Record<string, unknown>;
  for (const key of STUDIO_KEYS) delete base[key];
  return {
    ...base,
    ...(options.extra ?? {}),
    taskType,
    taskUUID: options.taskUUID ?? newId(),
    // Results reach the studio by the relay or by polling; the answer to the send is only "queued".
    deliveryMethod: "async",
  };
}

export type ExtraJson = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** The raw JSON editor's text: empty, or one JSON object whose keys the task does not reserve. */
export function parseExtraJson(text: string | undefined): ExtraJson {
  if (!text || text.trim() === "") return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Not valid JSON: ${(err as Error).message}` };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, message: 'Write one JSON object, such as { "clipSkip": 1 }.' };
  }
  const reserved = Object.keys(parsed).filter((k) => STUDIO_KEYS.has(k));
  if (reserved.length > 0) {
    return { ok: false, message: `The studio sets ${reserved.join(", ")} itself; remove them here.` };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** A recorded task's parameters as form values: the studio's own keys dropped. */
export function valuesFromTask(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!STUDIO_KEYS.has(key) && key !== "includeCost") out[key] = value;
  }
  return out;
}
