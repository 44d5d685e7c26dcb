"use client";

import { ImageOff, LoaderCircle, Scale, Star } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { useEvalCompare } from "@/lib/client/eval-sets/use-eval-sets";
import { thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import type { RunVotes } from "@/lib/studio/api/votes";
import { runVoteWords } from "@/lib/studio/votes/words";
import { useRunLabels } from "./run-labels";
import { type CaseResult, ratingWords } from "./types";

/** The chosen runs side by side: a row per case, a column per run, each result with its ratings. */
export function SideBySide({ setId, runIds }: { setId: string; runIds: readonly string[] }) {
  const query = useEvalCompare(setId, runIds);
  const labels = useRunLabels(query.data?.runs ?? []);
  if (runIds.length === 0) {
    return (
      <p className="rounded-card border border-border border-dashed px-4 py-8 text-center text-[13px] text-muted">
        Run the set, or tick runs above, to see them side by side.
      </p>
    );
  }
  if (query.isPending) return <p className="text-muted text-sm">Loading the runs…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  const { cases, runs } = query.data;
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-panel shadow-panel">
      <table aria-label="Runs side by side" className="w-full border-collapse text-left">
        <thead>
          <tr className="border-border border-b">
            <th
              scope="col"
              className="w-64 min-w-48 px-4 py-3 align-bottom font-medium text-[12px] text-muted"
            >
              Case
            </th>
            {runs.map((run) => (
              <th
                key={run.id}
                scope="col"
                data-testid="run-column"
                className="min-w-52 px-3 py-3 align-bottom font-normal"
              >
                <span className="block text-[11.5px] text-muted-subtle">Run {run.number}</span>
                <span className="block text-[12px] text-foreground">{labels.get(run.id) ?? run.label}</span>
                <span
                  className="mt-1 flex items-center gap-1 text-[12px] text-muted"
                  data-testid="run-rating"
                >
                  <Star aria-hidden className="size-3.5 fill-warning text-warning" />
                  {ratingWords(run.ratingAvg, run.ratingCount)}
                </span>
                <RunVoteLine votes={run.votes} />
                <span className="block text-[11.5px] text-muted-subtle">
                  {run.done} of {run.cells} done · {new Date(run.createdAt).toLocaleDateString()}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {cases.map((c, i) => (
            <tr key={`${c.prompt}-${c.seed}`} data-testid="case-compare-row">
              <th scope="row" className="px-4 py-3 align-top font-normal">
                <span className="block text-[13px] text-foreground leading-snug">
                  <span className="mr-1.5 text-muted-subtle">{i + 1}.</span>
                  {c.prompt}
                </span>
                <span className="mt-1 block font-mono text-[11.5px] text-muted-subtle">seed {c.seed}</span>
                {c.negativePrompt ? (
                  <span className="mt-0.5 block text-[11.5px] text-muted-subtle">
                    not: {c.negativePrompt}
                  </span>
                ) : null}
              </th>
              {runs.map((run) => (
                <td key={run.id} className="px-3 py-3 align-top">
                  <ResultCell
                    result={run.results[i] ?? null}
                    label={`Case ${i + 1} in ${labels.get(run.id) ?? run.label}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The blind votes a run received: wins, losses and ties over closed rounds, and its latest win chance. */
function RunVoteLine({ votes }: { votes: RunVotes | null }) {
  return (
    <span className="mt-0.5 flex items-start gap-1 text-[12px] text-muted" data-testid="run-votes">
      <Scale aria-hidden className="mt-0.5 size-3.5 shrink-0 text-accent-fg" />
      {votes ? (
        <span>
          {runVoteWords(votes)}
          {votes.latest ? (
            <span
              className="block text-[11.5px] text-muted-subtle"
              title={`From “${votes.latest.roundName}”`}
            >
              {Math.round(votes.latest.winChance * 100)}% win chance in the latest vote
            </span>
          ) : null}
        </span>
      ) : (
        "No closed blind vote yet"
      )}
    </span>
  );
}

function ResultCell({ result, label }: { result: CaseResult | null; label: string }) {
  const box =
    "grid aspect-square w-44 place-items-center rounded-control bg-surface-sunken text-center text-[12px] text-muted";
  if (!result) return <div className={box}>Not in this run</div>;
  if (result.item) {
    const item = result.item;
    return (
      <div className="flex w-44 flex-col gap-1.5" data-testid="result-cell">
        <Link
          href={viewerUrl(item.id)}
          className={cn(
            "block overflow-hidden rounded-control border border-border hover:border-border-strong",
            focusRing,
          )}
        >
          {/* biome-ignore lint/performance/noImgElement: studio thumbnails are served by our own route. */}
          <img
            src={thumbUrl(item.id, 320)}
            alt={label}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
        </Link>
        <span className="text-[12px] text-muted" data-testid="case-rating">
          {ratingWords(item.ratingAvg, item.ratingCount)}
        </span>
      </div>
    );
  }
  if (result.status === "error" || result.status === "refused") {
    return (
      <div className={cn(box, "gap-1 p-3 text-danger-fg")}>
        <ImageOff aria-hidden className="size-5" />
        {result.errors[0] ?? "Failed"}
      </div>
    );
  }
  return (
    <div className={box} role="status">
      <span className="flex items-center gap-1.5">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> Making…
      </span>
    </div>
  );
}
