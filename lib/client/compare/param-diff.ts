import { labelOf } from "@/lib/client/create/field-labels";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";

/**
 * Of several tasks' parameters, only those whose values differ, for the compare page's table.
 * Nested values are flattened to wire paths ("lora.0.weight") and named in the forms' words
 * ("LoRA 1 weight"). A parameter a task omitted reads as the contract's default, as the service
 * reads it: `steps` omitted and `steps: 20` are no difference. Pure: the page and the tests use it
 * alike.
 */

/** Keys the studio sets itself or that name a task rather than describe it: never a difference. */
const STUDIO_KEYS = new Set(["taskUUID", "webhookURL", "deliveryMethod"]);

/**
 * The order rows are read in: what a person sets first on a Create form, then the rest by name.
 * Stored tasks cannot say their own order (PostgreSQL's jsonb keeps keys shortest first).
 */
const ROW_ORDER = [
  "model",
  "width",
  "height",
  "resolution",
  "duration",
  "steps",
  "CFGScale",
  "scheduler",
  "seed",
  "strength",
  "clipSkip",
  "lora",
  "controlNet",
  "vae",
  "numberResults",
];

/** A leaf of a task's parameters: a primitive, an empty list or object, or a stored media reference. */
export type ParamValue = string | number | boolean | null | undefined | readonly [] | Record<string, unknown>;

export interface ParamDiffRow {
  /** The wire path, "lora.0.weight". */
  path: string;
  /** What a person reads, "LoRA 1 weight". */
  label: string;
  /** One value per task, in the order given; `undefined` where a task did not set it and it has no default. */
  values: ParamValue[];
}

export interface ParamDiffOptions {
  /** Top-level keys shown elsewhere (the prompts, diffed word by word). */
  omit?: readonly string[];
}

/** The rows of only the parameters that differ between `tasks`, in `ROW_ORDER`. */
export function paramDiff(
  tasks: readonly Record<string, unknown>[],
  options: ParamDiffOptions = {},
): ParamDiffRow[] {
  const omit = new Set([...STUDIO_KEYS, ...(options.omit ?? [])]);
  const flat = tasks.map((task) => flatten(withContractDefaults(task), omit));
  const paths: string[] = [];
  const seen = new Set<string>();
  for (const leaves of flat) {
    for (const path of leaves.keys()) {
      if (!seen.has(path)) {
        seen.add(path);
        paths.push(path);
      }
    }
  }
  const rows: ParamDiffRow[] = [];
  for (const path of paths) {
    const values = flat.map((leaves) => leaves.get(path));
    const first = values[0];
    if (values.every((value) => sameValue(value, first))) continue;
    rows.push({ path, label: labelOf(path), values });
  }
  return rows.sort(byRowOrder);
}

function rank(path: string): number {
  const at = ROW_ORDER.indexOf(path.split(".")[0] ?? "");
  return at === -1 ? ROW_ORDER.length : at;
}

/** Known settings in form order, the others by path; list items by their number (2 before 10). */
function byRowOrder(a: ParamDiffRow, b: ParamDiffRow): number {
  return rank(a.path) - rank(b.path) || a.path.localeCompare(b.path, "en", { numeric: true });
}

/** Every leaf of `value` under its dotted path; list items under their index. */
export function flatten(value: Record<string, unknown>, omit: ReadonlySet<string> = STUDIO_KEYS) {
  const leaves = new Map<string, ParamValue>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node) && node.length > 0) {
      for (const [i, child] of node.entries()) walk(child, `${path}.${i}`);
    } else if (isPlainObject(node) && Object.keys(node).length > 0 && !isInlineMediaRef(node)) {
      for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    } else {
      leaves.set(path, node as ParamValue);
    }
  };
  for (const [key, child] of Object.entries(value)) {
    if (!omit.has(key)) walk(child, key);
  }
  return leaves;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Equal as the service reads them: a number and a string spelling the same number are one value
 * (a seed is stored as a decimal string, past a JS number's precision, and sent as either).
 */
export function sameValue(a: ParamValue, b: ParamValue): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null) return na === nb;
  return canonical(a) === canonical(b);
}

function numeric(value: ParamValue): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    return /e/i.test(text) ? text : canonicalNumber(text);
  }
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return canonicalNumber(value.trim());
  return null;
}

/** "007" → "7", "1.50" → "1.5": compared as text so that 20-digit seeds keep every digit. */
function canonicalNumber(text: string): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  const decimals = fraction.replace(/0+$/, "");
  const body = decimals ? `${digits}.${decimals}` : digits;
  return negative && body !== "0" ? `-${body}` : body;
}

function canonical(value: ParamValue): string {
  if (isInlineMediaRef(value)) return `inline:${value.$inline.sha256}`;
  return JSON.stringify(value) ?? "undefined";
}

/** A value as the table shows it. */
export function formatParamValue(value: ParamValue): string {
  if (value === undefined) return "Not set";
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (typeof value === "number" || typeof value === "string") return value === "" ? "Empty" : String(value);
  if (Array.isArray(value)) return "None";
  if (isInlineMediaRef(value)) return `Attached ${value.$inline.mime.split("/")[0] ?? "file"}`;
  return Object.keys(value).length === 0 ? "None" : JSON.stringify(value);
}
