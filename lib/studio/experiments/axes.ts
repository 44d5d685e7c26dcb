/**
 * An experiment's axes: what varies from cell to cell. Each axis spec (a prompt fragment replaced,
 * a list of prompts, seeds, any field of the task as a list or a range) expands to labelled values,
 * each a set of changes to the task's parameters. Browser-safe: the Vary dialog and the server
 * expand the same way.
 */

/** One change to a task's parameters: `path` is dotted (`lora.0.weight`, `providerSettings.bfl.raw`). */
export interface ParamPatch {
  path: string;
  value: unknown;
}

export type AxisSpec =
  /** A fragment of the prompt replaced by each text in turn (the fragment itself is not kept unless listed). */
  | { kind: "promptReplace"; find: string; replacements: string[] }
  /** Whole prompts, one per value. */
  | { kind: "prompts"; prompts: string[] }
  /** Seeds: the ones listed, or `count` seeds from `start`. */
  | { kind: "seeds"; seeds: number[] }
  | { kind: "seedCount"; start: number; count: number }
  /** Any field (CFG, steps, strength, scheduler, model, a LoRA's model or weight, a provider setting). */
  | { kind: "values"; path: string; values: unknown[] }
  /** A numeric field from `from` to `to` (both included when the steps land on it) every `step`. */
  | { kind: "range"; path: string; from: number; to: number; step: number }
  /** An evaluation set's cases: each value sets the prompt, the seed and the negative prompt together. */
  | { kind: "cases"; cases: EvalCase[] };

/** One case of an evaluation set: a prompt with its seed (and its negative prompt, when it has one). */
export interface EvalCase {
  prompt: string;
  seed: number;
  negativePrompt?: string;
}

export interface AxisValue {
  /** What a person reads on the grid's edge: "cfg 7", "a watercolor fox", "seed 42". */
  label: string;
  /** The same words uncut (a prompt in full), for a tooltip and for exports. */
  title: string;
  patches: ParamPatch[];
}

export interface ExpandedAxis {
  /** The axis's name on the grid: "Prompt", "Seed", "CFG". */
  name: string;
  values: AxisValue[];
}

/** What went wrong with an axis spec as a whole (before any value is checked against the contract). */
export interface AxisProblem {
  message: string;
  /** Which part of the axis: `find`, `values`, `step`... */
  field: string;
}

/** At most this many values on one axis, and axes on one grid. */
export const MAX_AXIS_VALUES = 50;
export const MAX_AXES = 3;

/** Names of the fields people vary most, as the grid labels them. */
const FIELD_NAMES: Record<string, string> = {
  positivePrompt: "Prompt",
  negativePrompt: "Negative prompt",
  seed: "Seed",
  CFGScale: "CFG",
  steps: "Steps",
  strength: "Strength",
  scheduler: "Scheduler",
  model: "Model",
  width: "Width",
  height: "Height",
  duration: "Duration",
  clipSkip: "CLIP skip",
  numberResults: "Images",
};

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const PATH_RE = /^[A-Za-z][A-Za-z0-9]*(\.(\d{1,3}|[A-Za-z][A-Za-z0-9_-]*))*$/;

/** A dotted path into a task's parameters that names a field (never an object's prototype). */
export function isParamPath(path: string): boolean {
  return path.length <= 200 && PATH_RE.test(path) && !path.split(".").some((k) => UNSAFE_KEYS.has(k));
}

/** A readable name for a dotted path: `lora.0.weight` → "LoRA 1 weight". */
export function pathName(path: string): string {
  const known = FIELD_NAMES[path];
  if (known) return known;
  const parts = path.split(".");
  if (parts[0] === "lora" && parts.length === 3) return `LoRA ${Number(parts[1]) + 1} ${parts[2]}`;
  if (parts[0] === "providerSettings" && parts.length >= 3) return `${parts[1]} ${parts.slice(2).join(" ")}`;
  return parts.map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p)).join(" ");
}

function short(text: string, max = 48): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function valueWords(value: unknown, max = 32): string {
  if (typeof value === "string") return short(value, max);
  if (typeof value === "number") return String(Number(value.toPrecision(10)));
  if (typeof value === "boolean") return value ? "on" : "off";
  if (value === null) return "none";
  return short(JSON.stringify(value), max);
}

const whole = (text: string) => text.replace(/\s+/g, " ").trim();

/** Ranges are walked in whole steps, so 0.1 + 0.2 lands on 0.3 rather than 0.30000000000000004. */
function rangeValues(from: number, to: number, step: number): number[] {
  const decimals = Math.max(...[from, to, step].map((n) => (String(n).split(".")[1] ?? "").length));
  const scale = 10 ** Math.min(decimals, 10);
  const count = Math.floor((Math.abs(to - from) + step * 1e-9) / step) + 1;
  const sign = to >= from ? 1 : -1;
  return Array.from({ length: count }, (_, i) => Math.round((from + sign * i * step) * scale) / scale);
}

type Expanded = { ok: true; axis: ExpandedAxis } | { ok: false; problem: AxisProblem };

const tooMany = (field: string, n: number): Expanded | null =>
  n > MAX_AXIS_VALUES
    ? {
        ok: false as const,
        problem: { field, message: `An axis takes at most ${MAX_AXIS_VALUES} values (this one has ${n}).` },
      }
    : null;
const badPath = (): Expanded => ({
  ok: false as const,
  problem: { field: "path", message: "Pick a setting of the task to vary." },
});
const empty = (field: string): Expanded => ({
  ok: false as const,
  problem: { field, message: "Give at least one value." },
});

function promptReplaceAxis(
  spec: Extract<AxisSpec, { kind: "promptReplace" }>,
  base: Record<string, unknown>,
): Expanded {
  const prompt = typeof base.positivePrompt === "string" ? base.positivePrompt : "";
  if (spec.find.trim() === "")
    return {
      ok: false,
      problem: { field: "find", message: "Say which words of the prompt to replace." },
    };
  if (!prompt.includes(spec.find)) {
    return {
      ok: false,
      problem: { field: "find", message: `The prompt does not contain “${short(spec.find)}”.` },
    };
  }
  if (spec.replacements.length === 0) return empty("replacements");
  return (
    tooMany("replacements", spec.replacements.length) ?? {
      ok: true,
      axis: {
        name: "Prompt",
        values: spec.replacements.map((r) => ({
          label: r.trim() === "" ? "(removed)" : short(r),
          title: r.trim() === "" ? "(removed)" : whole(r),
          patches: [{ path: "positivePrompt", value: prompt.split(spec.find).join(r) }],
        })),
      },
    }
  );
}

function rangeAxis(spec: Extract<AxisSpec, { kind: "range" }>): Expanded {
  if (!isParamPath(spec.path)) return badPath();
  if (![spec.from, spec.to, spec.step].every(Number.isFinite)) {
    return {
      ok: false,
      problem: { field: "step", message: "A range needs numbers for its start, end and step." },
    };
  }
  if (spec.step <= 0) return { ok: false, problem: { field: "step", message: "The step must be above 0." } };
  const count = Math.floor(Math.abs(spec.to - spec.from) / spec.step) + 1;
  const over = tooMany("step", count);
  if (over) return over;
  const name = pathName(spec.path);
  return {
    ok: true,
    axis: {
      name,
      values: rangeValues(spec.from, spec.to, spec.step).map((v) => ({
        label: `${name} ${valueWords(v)}`,
        title: `${name} ${valueWords(v)}`,
        patches: [{ path: spec.path, value: v }],
      })),
    },
  };
}

/**
 * Expands an axis over the base task's parameters: its values, or what is wrong with the spec
 * itself (an empty list, a fragment the prompt does not hold, a range too long).
 */
export function expandAxis(spec: AxisSpec, base: Record<string, unknown>): Expanded {
  switch (spec.kind) {
    case "promptReplace":
      return promptReplaceAxis(spec, base);
    case "prompts":
      if (spec.prompts.length === 0) return empty("prompts");
      return (
        tooMany("prompts", spec.prompts.length) ?? {
          ok: true,
          axis: {
            name: "Prompt",
            values: spec.prompts.map((p) => ({
              label: short(p),
              title: whole(p),
              patches: [{ path: "positivePrompt", value: p }],
            })),
          },
        }
      );
    case "seeds":
    case "seedCount": {
      const seeds =
        spec.kind === "seeds"
          ? spec.seeds
          : Array.from({ length: Math.max(0, Math.floor(spec.count)) }, (_, i) => spec.start + i);
      if (seeds.length === 0) return empty(spec.kind === "seeds" ? "seeds" : "count");
      return (
        tooMany(spec.kind === "seeds" ? "seeds" : "count", seeds.length) ?? {
          ok: true,
          axis: {
            name: "Seed",
            values: seeds.map((s) => ({
              label: `seed ${s}`,
              title: `seed ${s}`,
              patches: [{ path: "seed", value: s }],
            })),
          },
        }
      );
    }
    case "cases":
      if (spec.cases.length === 0) return empty("cases");
      return (
        tooMany("cases", spec.cases.length) ?? {
          ok: true,
          axis: {
            name: "Case",
            values: spec.cases.map((c, i) => ({
              label: `${i + 1}. ${short(c.prompt, 40)} · seed ${c.seed}`,
              title: `${i + 1}. ${whole(c.prompt)} · seed ${c.seed}`,
              patches: casePatches(c),
            })),
          },
        }
      );
    case "values": {
      if (!isParamPath(spec.path)) return badPath();
      if (spec.values.length === 0) return empty("values");
      const name = pathName(spec.path);
      return (
        tooMany("values", spec.values.length) ?? {
          ok: true,
          axis: {
            name,
            values: spec.values.map((v) => ({
              label: `${name} ${valueWords(v)}`,
              title: `${name} ${valueWords(v, Number.POSITIVE_INFINITY)}`,
              patches: [{ path: spec.path, value: v }],
            })),
          },
        }
      );
    }
    case "range":
      return rangeAxis(spec);
  }
}

/**
 * What a case sets: its prompt and seed, and its negative prompt; a case without one clears the
 * form's, so every run of a set sends the same text.
 */
export function casePatches(c: EvalCase): ParamPatch[] {
  const patches: ParamPatch[] = [
    { path: "positivePrompt", value: c.prompt },
    { path: "seed", value: c.seed },
  ];
  if (c.negativePrompt?.trim()) patches.push({ path: "negativePrompt", value: c.negativePrompt });
  else patches.push({ path: "negativePrompt", value: undefined });
  return patches;
}

/** Sets `value` at a dotted path of a copy of `params`, making the objects and lists on the way. */
export function applyPatches(
  params: Record<string, unknown>,
  patches: readonly ParamPatch[],
): Record<string, unknown> {
  const out = structuredClone(params);
  for (const { path, value } of patches) {
    if (!isParamPath(path)) continue;
    const keys = path.split(".");
    let node: Record<string, unknown> | unknown[] = out;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i] as string;
      const nextIsIndex = /^\d+$/.test(keys[i + 1] as string);
      const current = (node as Record<string, unknown>)[key];
      if (typeof current !== "object" || current === null) {
        (node as Record<string, unknown>)[key] = nextIsIndex ? [] : {};
      }
      node = (node as Record<string, unknown>)[key] as Record<string, unknown> | unknown[];
    }
    // `undefined` clears the field (a case without a negative prompt drops the form's).
    if (value === undefined) delete (node as Record<string, unknown>)[keys.at(-1) as string];
    else (node as Record<string, unknown>)[keys.at(-1) as string] = value;
  }
  return out;
}
