"use client";

import { ListChecks } from "lucide-react";
import { useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { VoteList } from "@/components/votes/vote-list";
import { VoteOverlay } from "@/components/votes/vote-overlay";
import { useEndpointMutation } from "@/lib/client/endpoint-client";
import { useEvalSet } from "@/lib/client/eval-sets/use-eval-sets";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { RunSettingsInput } from "@/lib/studio/eval-sets/input";
import { MAX_COMPARED_RUNS } from "@/lib/studio/eval-sets/input";
import { CaseEditor } from "./case-editor";
import { RunForm } from "./run-form";
import { RunList } from "./run-list";
import { SetBlindVoteButton } from "./set-blind-vote";
import { SideBySide } from "./side-by-side";
import type { EvalCase } from "./types";

interface EvalSetPageProps {
  id: string;
  /** Editors and up: edit cases, run the set, start and close blind votes. */
  canRun: boolean;
  /** Reviewers and up vote. */
  canVote?: boolean;
  /** Those who organize share a vote's link. */
  canShare?: boolean;
}

const messageOf = (err: unknown) => (err as ApiError).errors.map((e) => e.message).join(" ");

/**
 * One evaluation set: its cases, a form to run it, its runs, the chosen runs side by side with the
 * ratings and blind votes each received, and the set's blind votes between runs.
 */
export function EvalSetPage({ id, canRun, canVote = false, canShare = false }: EvalSetPageProps) {
  const query = useEvalSet(id);
  const update = useEndpointMutation(api.evalSets.update);
  const runSet = useEndpointMutation(api.evalSets.run);
  const moveBaseline = useEndpointMutation(api.evalSets.setBaseline);
  const [shown, setShown] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const view = query.data;

  if (query.isPending) return <p className="text-muted text-sm">Loading the set…</p>;
  if (query.isError || !view)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error?.message ?? "The set could not be read."}
      </p>
    );
  // Until a person ticks runs, the newest two are side by side.
  const compared = shown ?? view.runs.slice(0, 2).map((r) => r.id);

  async function saveCases(cases: EvalCase[]) {
    setSaving(true);
    try {
      await update.mutateAsync({ params: { id }, body: { cases } });
      setSaveError(null);
    } catch (err) {
      setSaveError(messageOf(err));
    }
    setSaving(false);
  }

  async function run(settings: RunSettingsInput) {
    setRunning(true);
    let runId: string;
    try {
      runId = (await runSet.mutateAsync({ params: { id }, body: settings })).run.id;
    } catch (err) {
      setRunning(false);
      setRunError(messageOf(err));
      return;
    }
    setRunning(false);
    setRunError(null);
    // The new run goes beside the one before it.
    setShown([runId, ...compared.filter((r) => r !== runId)].slice(0, 2));
  }

  const last = view.runs[0]?.settings ?? null;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Evaluation set"
        title={view.name}
        description={`${view.cases.length} ${view.cases.length === 1 ? "case" : "cases"} · version ${view.version} · ${view.runs.length} ${view.runs.length === 1 ? "run" : "runs"}`}
        actions={
          <ButtonLink href="/experiments/sets" variant="ghost">
            <ListChecks aria-hidden /> All sets
          </ButtonLink>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <CaseEditor
          cases={view.cases}
          version={view.version}
          canEdit={canRun}
          saving={saving}
          error={saveError}
          onSave={(cases) => void saveCases(cases)}
        />
        <div className="flex flex-col gap-6">
          {canRun ? (
            <RunForm
              key={last ? "after-a-run" : "first"}
              last={last}
              running={running}
              error={runError}
              disabled={view.cases.length === 0}
              onRun={(s) => void run(s)}
            />
          ) : null}
          <RunList
            setId={id}
            baseline={{ runId: view.baselineRunId, chosen: view.baselineChosen }}
            onBaseline={canRun ? (run) => moveBaseline.mutate({ params: { id }, body: { run } }) : null}
            movingTo={moveBaseline.isPending ? moveBaseline.variables?.body.run : null}
            runs={view.runs}
            version={view.version}
            shown={compared}
            onShow={(runId, on) =>
              setShown(
                on ? [...compared, runId].slice(0, MAX_COMPARED_RUNS) : compared.filter((r) => r !== runId),
              )
            }
          />
          {moveBaseline.isError ? (
            <p role="alert" className="text-danger-fg text-sm">
              {messageOf(moveBaseline.error)}
            </p>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="side-title" className="flex flex-col gap-3">
        <header className="flex flex-wrap items-baseline gap-3">
          <h2 id="side-title" className="font-semibold text-base text-foreground">
            Side by side
          </h2>
          <p className="min-w-0 flex-1 text-[12.5px] text-muted">
            Each result with the team's rating, and each run with the blind votes it won; open a result to
            rate it. Cases are matched by prompt and seed, so runs of earlier versions line up where their
            cases are the same.
          </p>
          {canRun ? (
            <SetBlindVoteButton
              setId={id}
              runs={compared.flatMap((r) => view.runs.filter((run) => run.id === r))}
            />
          ) : null}
        </header>
        <SideBySide setId={id} runIds={compared} />
      </section>
      <VoteList owner={{ evalSetId: id }} canRun={canRun} canVote={canVote} canShare={canShare} />
      <VoteOverlay anchorId={id} canVote={canVote} canClose={canRun} />
    </div>
  );
}
