"use client";

import { Scale } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { StartVoteDialog, useOpenVoteHere } from "@/components/votes/start-vote-dialog";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { useRunLabels } from "./run-labels";
import type { EvalRunSummary } from "./types";

/**
 * "Blind vote…" over the runs shown side by side: teammates compare the runs' results case by
 * case without knowing which run made which. Opens the new vote's voting panel.
 */
export function SetBlindVoteButton({ setId, runs }: { setId: string; runs: EvalRunSummary[] }) {
  const [open, setOpen] = useState(false);
  const enough = runs.length >= 2;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={!enough}
        title={enough ? undefined : "Tick two or more runs to compare them in a blind vote."}
        onClick={() => setOpen(true)}
      >
        <Scale aria-hidden /> Blind vote…
      </Button>
      {open ? <SetBlindVoteDialog setId={setId} runs={runs} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SetBlindVoteDialog({
  setId,
  runs,
  onClose,
}: {
  setId: string;
  runs: EvalRunSummary[];
  onClose(): void;
}) {
  const opened = useOpenVoteHere(setId, onClose);
  const labels = useRunLabels(runs);
  return (
    <StartVoteDialog
      title="Start a blind vote between runs"
      description="Teammates (reviewers and up) pick the better of two results of the same case without knowing which run made which. The ranking shows once you close the vote."
      nameId="set-round-name"
      namePlaceholder="Which run works best?"
      status="Each voter sees one pair per two runs for every case both have a result for."
      variants={runs.length}
      start={(options) =>
        call(api.votes.startOnEvalSet, {
          params: { id: setId },
          body: { runs: runs.map((r) => r.id), ...options },
        })
      }
      onStarted={opened}
      onClose={onClose}
    >
      <div className="flex flex-col gap-1.5">
        <p className="text-[13px] text-muted">Runs in the vote (the ones ticked to read side by side)</p>
        <ul
          aria-label="Runs in the vote"
          className="flex flex-col gap-1 rounded-card border border-border p-2"
        >
          {runs.map((run) => (
            <li key={run.id} className="flex flex-wrap items-baseline gap-x-3 px-2 py-1">
              <span className="text-[12.5px] text-foreground">
                <span className="mr-2 text-muted-subtle">Run {run.number}</span>
                <span>{labels.get(run.id) ?? run.label}</span>
              </span>
              <span className="text-[12px] text-muted">
                {run.done} of {run.cells} done
              </span>
            </li>
          ))}
        </ul>
      </div>
    </StartVoteDialog>
  );
}
