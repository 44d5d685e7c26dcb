"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { DECIDED_LABELS } from "@/lib/studio/approvals/approvals";
import type { ReviewerView, StageView } from "@/lib/studio/approvals/views";
import { timeAgo } from "@/lib/studio/relative-time";

const STAGE_WORDS: Record<StageView["state"], string> = {
  waiting: "Waiting for the stage before",
  active: "Deciding now",
  approved: "Approved",
  stopped: "Stopped here",
};

function dotTone(r: ReviewerView): string {
  switch (r.decision) {
    case "approve":
      return "bg-emerald-400";
    case "approveWithChanges":
      return "bg-lime-400";
    case "changesRequested":
      return "bg-orange-400";
    case "reject":
      return "bg-red-500";
    default:
      return "bg-zinc-500";
  }
}

/**
 * The stages in order, each reviewer with a status dot, their decision in words and when; a
 * guest's link says when it was withdrawn. The request's page may add controls under each
 * reviewer and at the foot of each stage.
 */
export function StageList({
  stages,
  reviewerActions,
  stageFooter,
}: {
  stages: readonly StageView[];
  reviewerActions?: ((stage: StageView, reviewer: ReviewerView) => ReactNode) | undefined;
  stageFooter?: ((stage: StageView) => ReactNode) | undefined;
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Stages">
      {stages.map((stage) => (
        <li
          key={stage.position}
          data-testid={`stage-${stage.position}`}
          className={cn(
            "rounded-card border bg-panel p-4",
            stage.state === "active" ? "border-accent/60" : "border-border",
          )}
        >
          <div className="mb-2 flex items-baseline justify-between gap-3">
            <h3 className="font-semibold text-[14px] text-foreground">
              Stage {stage.position}: {stage.name}
            </h3>
            <span className="text-[12px] text-muted">{STAGE_WORDS[stage.state]}</span>
          </div>
          <ul className="flex flex-col divide-y divide-border">
            {stage.reviewers.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                data-testid="reviewer"
              >
                <span aria-hidden className={cn("size-2.5 shrink-0 rounded-full", dotTone(r))} />
                <span className="font-medium text-[13px] text-foreground">
                  {r.name}
                  {r.isYou ? <span className="text-muted"> (you)</span> : null}
                </span>
                <span className="text-[13px] text-muted" data-testid="reviewer-decision">
                  {r.decision
                    ? DECIDED_LABELS[r.decision]
                    : stage.state === "waiting"
                      ? "Not asked yet"
                      : "Waiting for a decision"}
                </span>
                {r.decidedAt ? (
                  <time
                    dateTime={r.decidedAt}
                    className="ml-auto text-[12px] text-muted-subtle"
                    title={new Date(r.decidedAt).toLocaleString()}
                  >
                    {timeAgo(r.decidedAt)}
                  </time>
                ) : null}
                {r.link === "withdrawn" ? (
                  <span className="text-[12px] text-amber-300" data-testid="reviewer-link">
                    Link withdrawn
                  </span>
                ) : null}
                {r.email ? <span className="text-[12px] text-muted-subtle">{r.email}</span> : null}
                {r.note ? <p className="basis-full pl-5 text-[13px] text-muted">“{r.note}”</p> : null}
                <ReviewerExtra>{reviewerActions?.(stage, r)}</ReviewerExtra>
              </li>
            ))}
          </ul>
          {stageFooter?.(stage)}
        </li>
      ))}
    </ol>
  );
}

/** Controls under a reviewer, on a line of their own, only when there are any. */
function ReviewerExtra({ children }: { children: ReactNode }) {
  if (children === null || children === undefined) return null;
  return <div className="basis-full pl-4">{children}</div>;
}
