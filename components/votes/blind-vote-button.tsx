"use client";

import { Scale } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { ExperimentView } from "@/lib/studio/api/experiments";
import { MAX_VOTE_PAIRS } from "@/lib/studio/votes/input";
import { planPairs } from "@/lib/studio/votes/vote-pairs";
import { StartVoteDialog, useOpenVoteHere } from "./start-vote-dialog";

/**
 * "Blind vote…": pick the axis whose values compete (prompts, models, any setting) and which of
 * its values; pairs match on every other axis. Opens the new vote's panel.
 */
export function BlindVoteButton({ view }: { view: ExperimentView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <Scale aria-hidden /> Blind vote…
      </Button>
      {open ? <BlindVoteDialog view={view} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BlindVoteDialog({ view, onClose }: { view: ExperimentView; onClose(): void }) {
  const opened = useOpenVoteHere(view.id, onClose);
  // The prompt axis first when there is one: the usual question is "which prompt works best".
  const firstPrompt = view.axes.findIndex((a) => a.kind === "prompts" || a.kind === "promptReplace");
  const [axis, setAxis] = useState(firstPrompt === -1 ? 0 : firstPrompt);
  const labels = view.axes[axis]?.labels ?? [];
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(labels.map((_, i) => i)));
  const values = [...chosen].sort((a, b) => a - b);
  const pairs = useMemo(
    () =>
      planPairs(
        view.cells.map((c) => ({ coords: c.coords, itemIds: c.items.map((i) => i.id) })),
        axis,
        values,
        view.axes.map((a) => a.labels),
      ).length,
    [view, axis, values],
  );
  const axisName = view.axes[axis]?.name ?? "value";

  function chooseAxis(next: number) {
    setAxis(next);
    setChosen(new Set((view.axes[next]?.labels ?? []).map((_, i) => i)));
  }

  const blocked = values.length < 2 || pairs === 0 || pairs > MAX_VOTE_PAIRS;
  return (
    <StartVoteDialog
      title="Start a blind vote"
      description="Teammates (reviewers and up) pick the better of two results without knowing which is which. The two always share every other setting, such as the seed. The ranking shows once you close the vote."
      nameId="round-name"
      namePlaceholder={`Which ${axisName.toLowerCase()} works best?`}
      status={
        values.length < 2
          ? "Pick two or more values."
          : pairs === 0
            ? "None of these values have finished results side by side yet."
            : pairs > MAX_VOTE_PAIRS
              ? `${pairs} pairs for each voter: pick fewer values (at most ${MAX_VOTE_PAIRS}).`
              : `${pairs} ${pairs === 1 ? "pair" : "pairs"} for each voter`
      }
      blocked={blocked}
      variants={values.length}
      pairs={pairs}
      start={(options) =>
        call(api.votes.startOnExperiment, { params: { id: view.id }, body: { axis, values, ...options } })
      }
      onStarted={opened}
      onClose={onClose}
    >
      {view.axes.length > 1 ? (
        <div className="flex flex-col gap-1.5 text-[13px] text-muted">
          <label htmlFor="round-axis">Compare the values of</label>
          <Select id="round-axis" value={axis} onChange={(e) => chooseAxis(Number(e.target.value))}>
            {view.axes.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an axis is its position
              <option key={i} value={i}>
                {a.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-[13px] text-muted">{axisName} values in the vote</legend>
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {labels.map((label, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a value is its position on the axis
            <li key={i}>
              <label className="flex items-center gap-2 rounded-control px-2 py-1.5 text-[13px] text-foreground hover:bg-panel-raised">
                <input
                  type="checkbox"
                  className="size-4 accent-[#6553f0]"
                  checked={chosen.has(i)}
                  onChange={(e) =>
                    setChosen((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(i);
                      else next.delete(i);
                      return next;
                    })
                  }
                />
                {/* The whole value, wrapped: a cut prompt hides the words the vote is about. */}
                <span className="min-w-0 break-words">{view.axes[axis]?.titles[i] ?? label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </StartVoteDialog>
  );
}
