"use client";

import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { DECIDED_LABELS, dueText, STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import type { GuestApproval } from "@/lib/studio/approvals/views";
import { statusTone } from "./approval-badge";
import { DecisionPanel } from "./decision-panel";

/** A guest reviewer's page: the request's items, where it stands, and their decision. */
export function GuestReview({ token, initial }: { token: string; initial: GuestApproval }) {
  const [approval, setApproval] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const now = new Date();
  const open = approval.status === "inReview";
  const where = open
    ? approval.activeStage < approval.yourStage
      ? `Your stage (${approval.yourStage} of ${approval.stageCount}) starts once the stage before approves.`
      : `In review — stage ${approval.activeStage} of ${approval.stageCount}`
    : STATUS_LABELS[approval.status];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="font-medium text-[12px] text-muted-subtle uppercase tracking-[0.12em]">
          Review request
        </p>
        <h1 className="font-semibold text-2xl text-foreground">{approval.title}</h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-[13px]">
          <span
            className="inline-flex items-center gap-2 font-semibold text-foreground"
            data-testid="approval-status"
          >
            <span
              aria-hidden
              className={cn("size-2.5 rounded-full", statusTone({ status: approval.status, overdue: false }))}
            />
            {where}
          </span>
          <span className="inline-flex items-center gap-1.5 text-muted">
            <CalendarClock aria-hidden className="size-4" />
            {dueText(approval.dueAt, now, open)}
          </span>
        </div>
      </div>
      {approval.canDecide ? (
        <DecisionPanel
          busy={busy}
          error={error}
          onDecide={(decision, note) => {
            setBusy(true);
            setError(undefined);
            call(api.approvalLinks.decide, { params: { token }, body: { decision, note } })
              .then((out) => setApproval(out.approval))
              .catch((err: unknown) =>
                setError(err instanceof ApiError ? err.errors[0]?.message : "That did not work. Try again."),
              )
              .finally(() => setBusy(false));
          }}
        />
      ) : approval.yourDecision ? (
        <p
          className="rounded-card border border-border bg-panel px-4 py-3 text-[14px] text-foreground"
          data-testid="your-decision"
        >
          You decided: <strong>{DECIDED_LABELS[approval.yourDecision]}</strong>
          {approval.yourNote ? <span className="text-muted"> — “{approval.yourNote}”</span> : null}
        </p>
      ) : null}
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-4" aria-label="Items to review">
        {approval.items.map((item, i) => (
          <li key={item.id} className="overflow-hidden rounded-card border border-border bg-surface-sunken">
            {item.kind === "video" ? (
              // biome-ignore lint/a11y/useMediaCaption: generated videos carry no speech to caption.
              <video src={item.mediaUrl} controls className="aspect-square w-full object-contain" />
            ) : (
              // biome-ignore lint/performance/noImgElement: the media comes through the guest's own link.
              <img
                src={item.mediaUrl}
                alt={`Item ${i + 1} of ${approval.items.length} to review`}
                className="aspect-square w-full object-contain"
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
