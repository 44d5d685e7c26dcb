import type { AxisSpec } from "@/lib/studio/experiments/axes";

/**
 * An axis as the Vary dialog holds it while a person types: text as typed, turned into an
 * `AxisSpec` only when it makes one. Lists are one value a line (prompts) or comma-separated.
 */
export type AxisKind = "prompts" | "promptReplace" | "seeds" | "field";

export interface AxisDraft {
  kind: AxisKind;
  prompts: string;
  find: string;
  replacements: string;
  seedStart: string;
  seedCount: string;
  /** A field's dotted path, or "" for one typed in `customPath`. */
  path: string;
  customPath: string;
  mode: "list" | "range";
  list: string;
  from: string;
  to: string;
  step: string;
}

export const AXIS_KIND_LABELS: Record<AxisKind, string> = {
  prompts: "Prompts",
  promptReplace: "Words in the prompt",
  seeds: "Seeds",
  field: "A setting",
};

/** Settings people vary, by task type, with what the dialog calls them. */
export const VARY_FIELDS: Record<string, { path: string; label: string }[]> = {
  imageInference: [
    { path: "CFGScale", label: "CFG" },
    { path: "steps", label: "Steps" },
    { path: "strength", label: "Strength" },
    { path: "scheduler", label: "Scheduler" },
    { path: "model", label: "Model" },
    { path: "lora.0.weight", label: "LoRA 1 weight" },
    { path: "width", label: "Width" },
    { path: "height", label: "Height" },
    { path: "clipSkip", label: "CLIP skip" },
  ],
  videoInference: [
    { path: "duration", label: "Duration" },
    { path: "CFGScale", label: "CFG" },
    { path: "steps", label: "Steps" },
    { path: "width", label: "Width" },
    { path: "height", label: "Height" },
  ],
};

export function newAxis(kind: AxisKind, taskType: string, prompt: string): AxisDraft {
  const firstField = VARY_FIELDS[taskType]?.[0]?.path ?? "CFGScale";
  return {
    kind,
    prompts: prompt,
    find: "",
    replacements: "",
    seedStart: "1",
    seedCount: "4",
    path: firstField,
    customPath: "",
    mode: "list",
    list: "",
    from: "",
    to: "",
    step: "",
  };
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

const items = (text: string) =>
  text
    .split(/[,\n]/)
    .map((l) => l.trim())
    .filter((l) => l !== "");

/** A typed value as the task takes it: numbers as numbers, on/off as booleans, else text. */
export function typedValue(text: string): string | number | boolean {
  if (text === "true" || text === "false") return text === "true";
  const n = Number(text);
  return text !== "" && Number.isFinite(n) ? n : text;
}

export function fieldPath(draft: AxisDraft): string {
  return draft.path === "" ? draft.customPath.trim() : draft.path;
}

/** The spec the draft makes, or null while it is incomplete. */
export function toSpec(draft: AxisDraft): AxisSpec | null {
  switch (draft.kind) {
    case "prompts": {
      const prompts = lines(draft.prompts);
      return prompts.length > 0 ? { kind: "prompts", prompts } : null;
    }
    case "promptReplace": {
      const replacements = lines(draft.replacements);
      return draft.find.trim() && replacements.length > 0
        ? { kind: "promptReplace", find: draft.find.trim(), replacements }
        : null;
    }
    case "seeds": {
      const start = Number(draft.seedStart);
      const count = Number(draft.seedCount);
      return Number.isInteger(start) && start >= 0 && Number.isInteger(count) && count >= 1
        ? { kind: "seedCount", start, count }
        : null;
    }
    case "field": {
      const path = fieldPath(draft);
      if (!path) return null;
      if (draft.mode === "list") {
        const values = items(draft.list).map(typedValue);
        return values.length > 0 ? { kind: "values", path, values } : null;
      }
      const [from, to, step] = [draft.from, draft.to, draft.step].map(Number);
      return [draft.from, draft.to, draft.step].every((t) => t.trim() !== "") &&
        [from, to, step].every((n) => Number.isFinite(n))
        ? { kind: "range", path, from: from as number, to: to as number, step: step as number }
        : null;
    }
  }
}

/** Whether a value of this axis can be taken out one by one (lists can; counts and ranges cannot). */
export function canRemoveValues(draft: AxisDraft): boolean {
  return (
    draft.kind === "prompts" ||
    draft.kind === "promptReplace" ||
    (draft.kind === "field" && draft.mode === "list")
  );
}

/** The draft without its `index`th value. */
export function withoutValue(draft: AxisDraft, index: number): AxisDraft {
  const drop = <T>(list: T[]) => list.filter((_, i) => i !== index);
  if (draft.kind === "prompts") return { ...draft, prompts: drop(lines(draft.prompts)).join("\n") };
  if (draft.kind === "promptReplace")
    return { ...draft, replacements: drop(lines(draft.replacements)).join("\n") };
  if (draft.kind === "field" && draft.mode === "list")
    return { ...draft, list: drop(items(draft.list)).join(", ") };
  return draft;
}
