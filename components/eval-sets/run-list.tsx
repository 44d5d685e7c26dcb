"use client";

import { Flag, GitCompareArrows, Grid3x3 } from "lucide-react";
import { STATUS_WORDS } from "@/components/experiments/types";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { MAX_COMPARED_RUNS } from "@/lib/studio/eval-sets/input";
import { regressionHref } from "./regression-view";
import { useRunLabels } from "./run-labels";
import { type EvalRunSummary, ratingWords } from "./types";

interface RunListProps {
  setId: string;
  runs: EvalRunSummary[];
  version: number;
  shown: readonly string[];
  onShow(runId: string, shown: boolean): void;
  /** The run the others are measured against, and whether a member picked it. */
  baseline: { runId: string | null; chosen: boolean };
  /** Editors move the baseline; `null` for those who cannot. */
  onBaseline: ((runId: string) => void) | null;
  /** The run whose baseline change is on its way. */
  movingTo?: string | null;
}

/** Every run of the set, newest first: tick up to four to read side by side. */
export function RunList({
  setId,
  runs,
  version,
  shown,
  onShow,
  baseline,
  onBaseline,
  movingTo,
}: RunListProps) {
  const labels = useRunLabels(runs);
  return (
    <section aria-labelledby="runs-title" className="flex flex-col gap-3">
      <header className="flex flex-wrap items-baseline gap-3">
        <h2 id="runs-title" className="font-semibold text-base text-foreground">
          Runs
        </h2>
        <p className="text-[12.5px] text-muted">Tick up to {MAX_COMPARED_RUNS} to read side by side.</p>
      </header>
      {runs.length === 0 ? (
        <p className="rounded-card border border-border border-dashed px-4 py-6 text-center text-[13px] text-muted">
          Not run yet.
        </p>
      ) : (
        <ul aria-label="Runs" className="divide-y divide-border rounded-card border border-border bg-panel">
          {runs.map((run, i) => {
            const on = shown.includes(run.id);
            const isBaseline = run.id === baseline.runId;
            // Runs are listed newest first: the one after is the run before.
            const before = runs[i + 1];
            return (
              <li key={run.id} data-testid="eval-run" className="flex flex-col gap-1.5 px-4 py-2.5">
                <label className="flex min-w-0 items-start gap-3">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && shown.length >= MAX_COMPARED_RUNS}
                    onChange={(e) => onShow(run.id, e.target.checked)}
                    aria-label={`Show ${labels.get(run.id) ?? run.label} side by side`}
                    className="mt-0.5 size-4 shrink-0 accent-[#6553f0]"
                  />
                  <span className="min-w-0">
                    <span className="block break-words text-[12.5px] text-foreground">
                      <span className="mr-2 text-muted-subtle">Run {run.number}</span>
                      <span>{labels.get(run.id) ?? run.label}</span>
                    </span>
                    <span className="block text-[12px] text-muted">
                      {run.createdByName ?? "someone"} · {new Date(run.createdAt).toLocaleString()}
                      {run.setVersion !== version ? ` · set version ${run.setVersion}` : ""}
                    </span>
                  </span>
                </label>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-7">
                  <Badge
                    tone={run.status === "done" ? "success" : run.status === "running" ? "accent" : "neutral"}
                  >
                    {STATUS_WORDS[run.status]}
                  </Badge>
                  <span className="text-[12px] text-muted">
                    {run.done} of {run.cells} done{run.failed > 0 ? ` · ${run.failed} failed` : ""}
                  </span>
                  <span className="text-[12px] text-muted">
                    {ratingWords(run.ratingAvg, run.ratingCount)}
                  </span>
                  <ButtonLink
                    href={`/experiments/${run.experimentId}`}
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                  >
                    <Grid3x3 aria-hidden /> Grid
                  </ButtonLink>
                </div>
                <div className="flex flex-wrap items-center gap-2 pl-7">
                  {isBaseline ? (
                    <span
                      data-testid="baseline-mark"
                      className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 font-medium text-[12px] text-accent-fg"
                      title={baseline.chosen ? undefined : "The oldest finished run, until one is picked"}
                    >
                      <Flag aria-hidden className="size-3.5" />
                      {baseline.chosen ? "Baseline" : "Baseline (oldest finished run)"}
                    </span>
                  ) : onBaseline ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={movingTo === run.id}
                      onClick={() => onBaseline(run.id)}
                      aria-label={`Make Run ${run.number} the baseline`}
                    >
                      <Flag aria-hidden /> Make baseline
                    </Button>
                  ) : null}
                  {!isBaseline && baseline.runId ? (
                    <ButtonLink
                      href={regressionHref(setId, run.id, baseline.runId)}
                      variant="secondary"
                      size="sm"
                      aria-label={`Compare Run ${run.number} with the baseline`}
                    >
                      <GitCompareArrows aria-hidden /> Compare with baseline
                    </ButtonLink>
                  ) : null}
                  {before ? (
                    <ButtonLink
                      href={regressionHref(setId, run.id, before.id)}
                      variant="ghost"
                      size="sm"
                      aria-label={`Compare Run ${run.number} with the run before, Run ${before.number}`}
                    >
                      Compare with the run before
                    </ButtonLink>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
