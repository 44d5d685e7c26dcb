import { z } from "zod";
import { multilineText, oneLineText } from "@/lib/studio/person-text";
import { type AxisSpec, type EvalCase, MAX_AXES, MAX_AXIS_VALUES } from "./axes";

/**
 * What `POST /api/experiments` and `/api/experiments/preview` take: the task the Create form would
 * send (its `taskType` and fields; a `taskUUID` is dropped, each cell gets its own), the axes, a
 * name and the concurrency cap. Browser-safe: the Vary dialog builds the same body.
 */

const text = multilineText().max(3000);
const values = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_AXIS_VALUES);
const path = z.string().min(1).max(200);

/** One case of an evaluation set, as stored and as sent. */
export const evalCaseSchema: z.ZodType<EvalCase> = z.object({
  prompt: multilineText().trim().min(1, "Give the case a prompt.").max(3000),
  seed: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  negativePrompt: multilineText().trim().max(3000).optional(),
});

export const axisSpecSchema: z.ZodType<AxisSpec> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("promptReplace"), find: text, replacements: values(text) }),
  z.object({ kind: z.literal("prompts"), prompts: values(text) }),
  z.object({ kind: z.literal("seeds"), seeds: values(z.number().int().min(0)) }),
  z.object({
    kind: z.literal("seedCount"),
    start: z.number().int().min(0),
    count: z.number().int().min(1).max(MAX_AXIS_VALUES),
  }),
  z.object({
    kind: z.literal("values"),
    path,
    values: values(z.union([z.string().max(3000), z.number(), z.boolean(), z.null()])),
  }),
  z.object({
    kind: z.literal("range"),
    path,
    from: z.number(),
    to: z.number(),
    step: z.number(),
  }),
  z.object({ kind: z.literal("cases"), cases: values(evalCaseSchema) }),
]);

export const MAX_CONCURRENCY = 20;
export const DEFAULT_CONCURRENCY = 4;

export const experimentInputSchema = z.object({
  name: oneLineText().trim().max(200).optional(),
  base: z.record(z.string(), z.unknown()).refine((b) => typeof b.taskType === "string", {
    message: "The base task needs its taskType.",
  }),
  axes: z.array(axisSpecSchema).min(1).max(MAX_AXES),
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).optional(),
});
export type ExperimentInput = z.output<typeof experimentInputSchema>;

/** `POST /api/experiments/[id]/rerun`: the value at `index` on axis `axis` becomes `value`. */
export const rerunInputSchema = z.object({
  axis: z
    .number()
    .int()
    .min(0)
    .max(MAX_AXES - 1),
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_AXIS_VALUES - 1),
  value: z.union([z.string().max(3000), z.number(), z.boolean(), z.null()]),
});
export type RerunInput = z.output<typeof rerunInputSchema>;

export type ReplaceOutcome = { ok: true; spec: AxisSpec } | { ok: false; message: string };

/** The axis with one of its values changed (a range or a seed count becomes the list it makes). */
export function replaceAxisValue(spec: AxisSpec, index: number, value: unknown): ReplaceOutcome {
  const put = <T>(list: readonly T[], v: T): T[] | null =>
    index < list.length ? list.map((old, i) => (i === index ? v : old)) : null;
  const missing = { ok: false as const, message: "That axis has no such value." };
  switch (spec.kind) {
    case "promptReplace":
    case "prompts": {
      if (typeof value !== "string") return { ok: false, message: "Give the new text." };
      const list = spec.kind === "prompts" ? spec.prompts : spec.replacements;
      const next = put(list, value);
      if (!next) return missing;
      return {
        ok: true,
        spec: spec.kind === "prompts" ? { ...spec, prompts: next } : { ...spec, replacements: next },
      };
    }
    case "seeds":
    case "seedCount": {
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
        return { ok: false, message: "A seed is a whole number from 0." };
      const seeds =
        spec.kind === "seeds" ? spec.seeds : Array.from({ length: spec.count }, (_, i) => spec.start + i);
      const next = put(seeds, value);
      return next ? { ok: true, spec: { kind: "seeds", seeds: next } } : missing;
    }
    case "cases":
      return { ok: false, message: "An evaluation set's cases change on the set's own page." };
    case "values": {
      const next = put(spec.values, value);
      return next ? { ok: true, spec: { ...spec, values: next } } : missing;
    }
    case "range": {
      if (typeof value !== "number") return { ok: false, message: "Give a number." };
      const count = Math.floor((Math.abs(spec.to - spec.from) + spec.step * 1e-9) / spec.step) + 1;
      const sign = spec.to >= spec.from ? 1 : -1;
      const list = Array.from({ length: Math.min(count, MAX_AXIS_VALUES) }, (_, i) =>
        Number((spec.from + sign * i * spec.step).toPrecision(12)),
      );
      const next = put(list, value);
      return next ? { ok: true, spec: { kind: "values", path: spec.path, values: next } } : missing;
    }
  }
}
