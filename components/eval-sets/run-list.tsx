"use client";

import { Grid3x3 } from "lucide-react";
import { STATUS_WORDS } from "@/components/experiments/types";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { MAX_COMPARED_RUNS } from "@/lib/studio/eval-sets/input";
import { useRunLabels } from "./run-labels";
import { type EvalRunSummary, ratingWords } from "./types";

interface RunListProps {
  runs: EvalRunSummary[];
  version: number;
  shown: readonly string[];
  onShow(runId: string, shown: boolean): void;
}

/** Every run of the set, newest first: tick up to four to read side by side. */
export function RunList({ runs, version, shown, onShow }: RunListProps) {
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
          {runs.map((run) => {
            const on = shown.includes(run.id);
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
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
