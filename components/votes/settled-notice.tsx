"use client";

import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { SettledClaimView } from "@/lib/studio/api/votes";
import { settledWords } from "@/lib/studio/votes/settled-words";
import { CloseVoteButton } from "./close-vote-button";

/**
 * An open vote that the votes still to come are very unlikely to change: the claim with its
 * confidence and what it rests on, in words, never who leads; with "Close now" (asked first, as
 * the vote's own close is) for those who may close it.
 */
export function SettledNotice({
  voteId,
  anchorId,
  claim,
  canClose,
  children,
}: {
  voteId: string;
  anchorId: string;
  claim: SettledClaimView;
  canClose: boolean;
  /** A line for the person reading it (what the claim means for their own ballot). */
  children?: ReactNode;
}) {
  return (
    <SettledLine
      claim={claim}
      action={
        canClose ? (
          <CloseVoteButton voteId={voteId} anchorId={anchorId} label="Close now" variant="primary" />
        ) : null
      }
    >
      {children}
    </SettledLine>
  );
}

/** The settled notice's words alone, with room for an action (a guest's ballot has none). */
export function SettledLine({
  claim,
  action,
  children,
}: {
  claim: SettledClaimView;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const words = settledWords(claim);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-success/30 bg-success/10 px-3 py-2.5">
      <div className="flex min-w-0 flex-1 items-start gap-2">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-fg" />
        <div className="flex min-w-0 flex-col gap-1">
          <p role="status" aria-label="Settled" className="font-medium text-[13px] text-success-fg">
            {words.headline}
          </p>
          <p data-testid="settled-basis" className="text-[12px] text-muted">
            {words.basis}
            {words.caveat ? ` ${words.caveat}` : ""}
          </p>
          {children ? <p className="text-[12px] text-foreground">{children}</p> : null}
        </div>
      </div>
      {action}
    </div>
  );
}
