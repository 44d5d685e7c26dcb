/**
 * What a folded advanced section says about itself ("2 LoRAs", "From 80%"), and whether it holds an
 * error, so a person sees what is set without opening every section.
 */

import { humanizeKey } from "@/lib/client/create/field-labels";
import { IMAGE_DEFAULTS } from "@/lib/protocol/image-limits";
import { ADVANCED_FEATURE_FIELDS, CACHE_FIELDS } from "./advanced-fields";

const FEATURE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  ADVANCED_FEATURE_FIELDS.map((f) => [f.name, f.label]),
);

type Values = Record<string, unknown> | undefined;

function asRecord(value: unknown): Values {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  return !(typeof value === "number" && Number.isNaN(value));
}

/** "None", "1 LoRA", "3 LoRAs". */
export function countSummary(list: unknown, one: string, many: string): string {
  const n = Array.isArray(list) ? list.length : 0;
  if (n === 0) return "None";
  return `${n} ${n === 1 ? one : many}`;
}

export function refinerSummary(refiner: unknown): string {
  const r = asRecord(refiner);
  if (!r || !isSet(r.model)) return "None";
  if (isSet(r.startStep)) return `From step ${r.startStep}`;
  if (isSet(r.startStepPercentage)) return `From ${r.startStepPercentage}%`;
  return "Start not set";
}

export function modelSummary(model: unknown, none: string): string {
  return typeof model === "string" && model !== "" ? model : none;
}

export function puLIDSummary(puLID: unknown): string {
  const p = asRecord(puLID);
  if (!p) return "None";
  const images = Array.isArray(p.inputImages) ? p.inputImages.filter(isSet).length : 0;
  return images > 0 ? "Face image set" : Object.values(p).some(isSet) ? "Face image missing" : "None";
}

export function aceSummary(ace: unknown): string {
  const a = asRecord(ace);
  return a && isSet(a.type) ? String(a.type).replace(/_/g, " ") : "Off";
}

/** "None", "Preset medium", "TeaCache", "Preset low · DeepCache". */
export function accelerationSummary(preset: unknown, options: unknown): string {
  const o = asRecord(options);
  const caches = CACHE_FIELDS.filter((c) => o?.[c.name] === true).map((c) => c.label);
  const p = typeof preset === "string" && preset !== "" ? preset : IMAGE_DEFAULTS.acceleration;
  const parts = [p === IMAGE_DEFAULTS.acceleration ? null : `Preset ${p}`, ...caches].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "None";
}

/** The labels of the switches that are on (the advanced features' by default), or "Off". */
export function flagsSummary(
  flags: unknown,
  labels: Readonly<Record<string, string>> = FEATURE_LABELS,
): string {
  const f = asRecord(flags);
  const on = f ? Object.keys(f).filter((k) => f[k] === true) : [];
  return on.length > 0 ? on.map((k) => labels[k] ?? humanizeKey(k)).join(", ") : "Off";
}

/** Whether react-hook-form's error tree holds an error at or under any of these dotted paths. */
export function hasErrorUnder(errors: unknown, paths: readonly string[]): boolean {
  return paths.some((path) => {
    let node: unknown = errors;
    for (const part of path.split(".")) {
      const record = node && typeof node === "object" ? (node as Record<string, unknown>) : undefined;
      node = record?.[part];
      if (node === undefined) return false;
    }
    return node !== null && node !== undefined;
  });
}
