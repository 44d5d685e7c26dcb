import { z } from "zod";
import { MAX_AXIS_VALUES } from "@/lib/studio/experiments/axes";
import { evalCaseSchema } from "@/lib/studio/experiments/input";
import { modelLabel } from "@/lib/studio/models/model-label";
import { uuid } from "@/lib/studio/params";
import { oneLineText } from "@/lib/studio/person-text";
import { plural } from "@/lib/studio/words";

/**
 * What the evaluation-set endpoints take. Browser-safe: the set's page builds the same bodies.
 * A set holds at most as many cases as an experiment axis holds values, since each run is one.
 */

export const MAX_CASES = MAX_AXIS_VALUES;

const name = oneLineText().trim().min(1, "Give the set a name.").max(200);
const cases = z.array(evalCaseSchema).max(MAX_CASES, `A set holds at most ${MAX_CASES} cases.`);

/** `POST /api/eval-sets`: by hand (`cases`), or from a board's items or an experiment's cells. */
export const createSetSchema = z.object({
  name,
  cases: cases.optional(),
  from: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("board"), id: uuid() }),
      z.object({ kind: z.literal("experiment"), id: uuid() }),
    ])
    .optional(),
});
export type CreateSetInput = z.output<typeof createSetSchema>;

/** `PATCH /api/eval-sets/[id]`: a new name, new cases, or both. */
export const updateSetSchema = z
  .object({ name: name.optional(), cases: cases.optional() })
  .refine((b) => b.name !== undefined || b.cases !== undefined, { message: "Change the name or the cases." });
export type UpdateSetInput = z.output<typeof updateSetSchema>;

/**
 * `POST /api/eval-sets/[id]/runs`: the model and settings of a text-to-image run; each case adds
 * its prompt and seed. The contract's own parser checks the whole task before anything is sent.
 */
export const runSettingsSchema = z.object({
  model: z.string().trim().min(1, "Pick a model.").max(200),
  steps: z.number().int().min(1).max(100).optional(),
  CFGScale: z.number().min(0).max(50).optional(),
  width: z.number().int().min(128).max(2048),
  height: z.number().int().min(128).max(2048),
  scheduler: z.string().trim().min(1).max(100).optional(),
});
export type RunSettingsInput = z.output<typeof runSettingsSchema>;

/** At most this many runs side by side. */
export const MAX_COMPARED_RUNS = 4;

/**
 * A run's settings in words: "FLUX.1 [dev] · runware:101@1 · 30 steps · CFG 7 · 512×512", the
 * model by its catalogue name when it is known (lib/studio/models/model-label.ts), else by its id.
 */
export function settingsWords(
  s: {
    model: string;
    steps?: number;
    CFGScale?: number;
    width: number;
    height: number;
    scheduler?: string;
  },
  modelName?: string | null,
): string {
  return [
    modelLabel(s.model, modelName),
    s.steps !== undefined ? plural(s.steps, "step") : null,
    s.CFGScale !== undefined ? `CFG ${s.CFGScale}` : null,
    `${s.width}×${s.height}`,
    s.scheduler ?? null,
  ]
    .filter((p) => p !== null)
    .join(" · ");
}

/** A case's identity across versions of its set: the same prompt, seed and negative prompt. */
export function caseKey(c: { prompt: string; seed: number; negativePrompt?: string | undefined }): string {
  return JSON.stringify([c.prompt.trim(), c.seed, c.negativePrompt?.trim() ?? ""]);
}

/**
 * Cases from results (a board's items, an experiment's cells): their prompt and seed, the first of
 * each repeated case kept, those without a prompt or a usable seed left out.
 */
export function casesFrom(
  sources: readonly { prompt: unknown; seed: unknown; negativePrompt?: unknown }[],
): z.output<typeof evalCaseSchema>[] {
  const seen = new Set<string>();
  const out: z.output<typeof evalCaseSchema>[] = [];
  for (const s of sources) {
    const seed = typeof s.seed === "string" ? Number(s.seed) : s.seed;
    const parsed = evalCaseSchema.safeParse({
      prompt: s.prompt,
      seed,
      ...(typeof s.negativePrompt === "string" && s.negativePrompt.trim() !== ""
        ? { negativePrompt: s.negativePrompt }
        : {}),
    });
    if (!parsed.success) continue;
    const key = caseKey(parsed.data);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(parsed.data);
    if (out.length === MAX_CASES) break;
  }
  return out;
}
