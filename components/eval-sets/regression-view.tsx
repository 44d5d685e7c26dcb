"use client";

import { ArrowLeft, GitCompareArrows } from "lucide-react";
import { useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Segmented } from "@/components/ui/segmented";
import { useModelNames } from "@/lib/client/create/tools";
import { useRegression } from "@/lib/client/eval-sets/use-regression";
import {
  type RegressionSort,
  SORT_WORDS,
  SORTS,
  sortRows,
  summaryWords,
} from "@/lib/studio/eval-sets/regression";
import { settingsChanges } from "@/lib/studio/eval-sets/settings-changes";
import { RegressionCaseRow } from "./regression-row";
import { useRunLabels } from "./run-labels";

/** Where a set's regression view lives: a run against a baseline (the set's when none is named). */
export function regressionHref(setId: string, run: string, baseline?: string | null): string {
  return `/experiments/sets/${setId}/compare?run=${run}${baseline ? `&baseline=${baseline}` : ""}`;
}

/**
 * A run against a baseline, case by case: what changed in the settings, how many cases got better
 * or worse, and each case's two results with the votes and ratings that judge them, worst first.
 */
export function RegressionView({
  setId,
  run,
  baseline,
}: {
  setId: string;
  run: string;
  baseline: string | null;
}) {
  const query = useRegression(setId, run, baseline);
  const [sort, setSort] = useState<RegressionSort>("worst");
  const data = query.data;
  const labels = useRunLabels(data ? [data.baseline, data.run] : []);
  const names = useModelNames(data ? [data.baseline.settings.model, data.run.settings.model] : []);
  if (query.isPending) return <p className="text-muted text-sm">Loading the comparison…</p>;
  if (query.isError || !data)
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-danger-fg text-sm">
          {query.error?.message ?? "The comparison could not be read."}
        </p>
        <ButtonLink href={`/experiments/sets/${setId}`} variant="secondary" size="sm">
          <ArrowLeft aria-hidden /> Back to the set
        </ButtonLink>
      </div>
    );
  const changes = settingsChanges(data.baseline.settings, data.run.settings, names);
  const rows = sortRows(data.rows, sort);
  const runName = `Run ${data.run.number}`;
  const baseName = `Run ${data.baseline.number}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={`Regression · ${data.setName}`}
        title={`${runName} against ${baseName}`}
        description={`${labels.get(data.run.id) ?? data.run.label}, measured case by case against ${data.setBaselineRunId === data.baseline.id ? "the set's baseline" : "another run"}: ${labels.get(data.baseline.id) ?? data.baseline.label}.`}
        actions={
          <ButtonLink href={`/experiments/sets/${setId}`} variant="ghost">
            <ArrowLeft aria-hidden /> Back to the set
          </ButtonLink>
        }
      />
      <section
        aria-labelledby="changed-title"
        className="flex flex-col gap-3 rounded-card border border-border bg-panel p-4 shadow-panel"
      >
        <div className="flex flex-wrap items-baseline gap-3">
          <h2 id="changed-title" className="font-semibold text-base text-foreground">
            What changed
          </h2>
          <span className="text-[12.5px] text-muted">
            From {baseName} to {runName}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            {data.previousRunId && data.previousRunId !== data.baseline.id ? (
              <ButtonLink
                href={regressionHref(setId, data.run.id, data.previousRunId)}
                variant="secondary"
                size="sm"
              >
                <GitCompareArrows aria-hidden /> Compare with the run before
              </ButtonLink>
            ) : null}
            {data.setBaselineRunId &&
            data.setBaselineRunId !== data.baseline.id &&
            data.setBaselineRunId !== data.run.id ? (
              <ButtonLink href={regressionHref(setId, data.run.id)} variant="secondary" size="sm">
                <GitCompareArrows aria-hidden /> Compare with the set's baseline
              </ButtonLink>
            ) : null}
          </div>
        </div>
        {changes.length > 0 ? (
          <ul aria-label="Settings that differ" className="flex flex-col gap-1">
            {changes.map((c) => (
              <li key={c} className="text-[13.5px] text-foreground">
                {c}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-[13px] text-muted">The same settings: only the draws differ.</p>
        )}
      </section>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p data-testid="regression-summary" className="font-medium text-[15px] text-foreground">
          {summaryWords(data.rows.map((r) => r.verdict))}
        </p>
        <Segmented<RegressionSort>
          label="Sort the cases"
          value={sort}
          onChange={setSort}
          options={SORTS.map((s) => ({ value: s, label: SORT_WORDS[s] }))}
          className="ml-auto"
        />
      </div>
      <p className="-mt-3 max-w-3xl text-[12.5px] text-muted leading-relaxed">
        A case is better or worse when the blind votes on its two results say so with 95% confidence: the
        interval of the chance that {runName}'s result wins leaves out an even chance. Votes count once their
        vote is closed; ratings count as they are given.
      </p>
      <div className="overflow-x-auto rounded-card border border-border bg-panel shadow-panel">
        <table aria-label="Cases against the baseline" className="w-full border-collapse text-left">
          <thead>
            <tr className="border-border border-b text-[12px] text-muted">
              <th scope="col" className="px-4 py-3 font-medium">
                Case
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                Baseline · {baseName}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {runName}
              </th>
              <th scope="col" className="min-w-64 px-4 py-3 font-medium">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <RegressionCaseRow key={row.index} row={row} runLabel={runName} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
