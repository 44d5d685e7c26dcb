"use client";

import { Dices, Plus, Save, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError, inputClasses } from "@/components/ui/field";
import { MAX_CASES } from "@/lib/studio/eval-sets/input";
import type { EvalCase } from "./types";

/** A case as typed: text as typed, the seed too, checked when saved. */
interface CaseDraft {
  prompt: string;
  seed: string;
  negativePrompt: string;
}

const randomSeed = () => String(1 + Math.floor(Math.random() * 2 ** 31));
const toDraft = (c: EvalCase): CaseDraft => ({
  prompt: c.prompt,
  seed: String(c.seed),
  negativePrompt: c.negativePrompt ?? "",
});

/** What the drafts make, or the first thing a person must fix. */
function toCases(drafts: CaseDraft[]): { ok: true; cases: EvalCase[] } | { ok: false; message: string } {
  const cases: EvalCase[] = [];
  for (const [i, d] of drafts.entries()) {
    const seed = Number(d.seed);
    if (d.prompt.trim() === "") return { ok: false, message: `Case ${i + 1} needs a prompt.` };
    if (!Number.isSafeInteger(seed) || seed < 1)
      return { ok: false, message: `Case ${i + 1}: a seed is a whole number from 1.` };
    cases.push({
      prompt: d.prompt.trim(),
      seed,
      ...(d.negativePrompt.trim() ? { negativePrompt: d.negativePrompt.trim() } : {}),
    });
  }
  return { ok: true, cases };
}

interface CaseEditorProps {
  cases: EvalCase[];
  version: number;
  canEdit: boolean;
  saving: boolean;
  error: string | null;
  onSave(cases: EvalCase[]): void;
}

/** The set's cases as rows: prompt, seed and negative prompt, added and removed, saved together. */
export function CaseEditor({ cases, version, canEdit, saving, error, onSave }: CaseEditorProps) {
  const [drafts, setDrafts] = useState<CaseDraft[]>(() => cases.map(toDraft));
  const [problem, setProblem] = useState<string | null>(null);
  const stored = JSON.stringify(cases.map(toDraft));
  // A save (or another member's) brings the stored cases: the drafts follow them.
  useEffect(() => {
    setDrafts(JSON.parse(stored) as CaseDraft[]);
  }, [stored]);
  const changed = JSON.stringify(drafts) !== stored;
  const put = (i: number, patch: Partial<CaseDraft>) =>
    setDrafts((ds) => ds.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  function save() {
    const out = toCases(drafts);
    if (!out.ok) {
      setProblem(out.message);
      return;
    }
    setProblem(null);
    onSave(out.cases);
  }

  return (
    <section aria-labelledby="cases-title" className="flex flex-col gap-3">
      <header className="flex flex-wrap items-baseline gap-3">
        <h2 id="cases-title" className="font-semibold text-base text-foreground">
          Cases
        </h2>
        <p className="text-[12.5px] text-muted">
          {cases.length} {cases.length === 1 ? "case" : "cases"} · version {version}
          {changed ? " · unsaved changes" : ""}
        </p>
      </header>
      {drafts.length === 0 ? (
        <p className="rounded-card border border-border border-dashed px-4 py-6 text-center text-[13px] text-muted">
          No cases yet. {canEdit ? "Add a prompt and its seed." : ""}
        </p>
      ) : (
        <ol aria-label="Cases" className="flex flex-col gap-2">
          {drafts.map((d, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a case is its row until saved.
              key={i}
              data-testid="case-row"
              className="grid grid-cols-[1.75rem_minmax(0,1fr)_8.5rem_auto] items-start gap-2 rounded-card border border-border bg-panel p-2.5 max-md:grid-cols-[1.75rem_minmax(0,1fr)]"
            >
              <span className="pt-2 text-center font-medium text-[12px] text-muted-subtle">{i + 1}</span>
              <div className="flex flex-col gap-1.5">
                <textarea
                  aria-label={`Prompt of case ${i + 1}`}
                  value={d.prompt}
                  rows={2}
                  maxLength={3000}
                  readOnly={!canEdit}
                  placeholder="A lighthouse on a cliff at dusk"
                  onChange={(e) => put(i, { prompt: e.target.value })}
                  className={cn(inputClasses, "h-auto min-h-10 resize-y py-2 leading-snug")}
                />
                <input
                  aria-label={`Negative prompt of case ${i + 1}`}
                  value={d.negativePrompt}
                  maxLength={3000}
                  readOnly={!canEdit}
                  placeholder="Negative prompt (optional)"
                  onChange={(e) => put(i, { negativePrompt: e.target.value })}
                  className={cn(inputClasses, "h-8 text-[13px]")}
                />
              </div>
              <div className="flex items-center gap-1 max-md:col-start-2">
                <input
                  aria-label={`Seed of case ${i + 1}`}
                  inputMode="numeric"
                  value={d.seed}
                  readOnly={!canEdit}
                  onChange={(e) => put(i, { seed: e.target.value.replace(/[^\d]/g, "") })}
                  className={cn(inputClasses, "font-mono text-[13px]")}
                />
                {canEdit ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`New seed for case ${i + 1}`}
                    title="A new random seed"
                    onClick={() => put(i, { seed: randomSeed() })}
                  >
                    <Dices aria-hidden />
                  </Button>
                ) : null}
              </div>
              {canEdit ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove case ${i + 1}`}
                  className="max-md:col-start-2 max-md:justify-self-start"
                  onClick={() => setDrafts((ds) => ds.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={drafts.length >= MAX_CASES}
            onClick={() => setDrafts((ds) => [...ds, { prompt: "", seed: randomSeed(), negativePrompt: "" }])}
          >
            <Plus aria-hidden /> Add case
          </Button>
          <Button size="sm" variant="primary" disabled={!changed || saving} onClick={save}>
            <Save aria-hidden /> Save cases
          </Button>
          {changed ? (
            <Button size="sm" variant="ghost" onClick={() => setDrafts(JSON.parse(stored) as CaseDraft[])}>
              Discard changes
            </Button>
          ) : null}
          <FormError>{problem ?? error}</FormError>
        </div>
      ) : null}
    </section>
  );
}
