"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { callApi } from "@/lib/client/api";
import { roundsKey } from "@/lib/client/live/round-changes";
import type { EvalRunSummary } from "./types";

/**
 * "Blind vote…" over the runs shown side by side: teammates compare the runs' results case by
 * case without knowing which run made which. Opens the new round's voting panel.
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
  const router = useRouter();
  const pathname = usePathname();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function start() {
    setSending(true);
    const out = await callApi<{ data: { id: string } }>(`/api/eval-sets/${setId}/rounds`, {
      body: { runs: runs.map((r) => r.id), ...(name.trim() ? { name: name.trim() } : {}) },
    });
    setSending(false);
    if (!out.ok) {
      setError(out.errors.map((e) => e.message).join(" "));
      return;
    }
    void client.invalidateQueries({ queryKey: roundsKey(setId) });
    onClose();
    router.replace(`${pathname}?round=${out.data.data.id}`, { scroll: false });
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title="Start a blind vote between runs"
      description="Teammates (reviewers and up) pick the better of two results of the same case without knowing which run made which. The ranking shows once you close the vote."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
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
                  <span className="font-mono">{run.label}</span>
                </span>
                <span className="text-[12px] text-muted">
                  {run.done} of {run.cells} done
                </span>
              </li>
            ))}
          </ul>
        </div>
        <TextField
          id="set-round-name"
          label="Question (optional)"
          placeholder="Which run works best?"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p role="status" className="text-[13px] text-muted">
          Each voter sees one pair per two runs for every case both have a result for.
        </p>
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={sending}>
            Start the vote
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
