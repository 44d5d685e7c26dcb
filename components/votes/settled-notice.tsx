"use client";

import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Lock } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { ballotKey, invalidateVotesOf, resultsKey, voteKey } from "@/lib/client/live/vote-changes";
import { api } from "@/lib/studio/api";
import type { ApiError } from "@/lib/studio/api/errors";
import type { SettledReason } from "@/lib/studio/votes/adaptive-pairing";

const WORDS: Record<SettledReason, string> = {
  top: "The order is settled: no remaining vote can change the top.",
  intervals: "The order is settled: every place is clear of the next, so more votes would not change it.",
};

/**
 * An open vote whose order more votes would not change: said in words, never who leads, with
 * "Close now" for those who may close it (the same close as the vote's own button).
 */
export function SettledNotice({
  voteId,
  anchorId,
  reason,
  canClose,
  children,
}: {
  voteId: string;
  anchorId: string;
  reason: SettledReason;
  canClose: boolean;
  /** A line for the person reading it (what is left for them to vote on). */
  children?: ReactNode;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  async function close() {
    setClosing(true);
    try {
      await call(api.votes.close, { params: { id: voteId } });
      setError(null);
    } catch (err) {
      setError((err as ApiError).errors.map((e) => e.message).join(" "));
    }
    await Promise.all([
      invalidateVotesOf(client, anchorId),
      ...[voteKey(voteId), resultsKey(voteId), ballotKey(voteId)].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    ]);
    setClosing(false);
  }

  return (
    <div className="flex flex-col gap-2">
      <SettledLine
        reason={reason}
        action={
          canClose ? (
            <Button size="sm" variant="primary" disabled={closing} onClick={() => void close()}>
              <Lock aria-hidden /> Close now
            </Button>
          ) : null
        }
      >
        {children}
      </SettledLine>
      <FormError>{error}</FormError>
    </div>
  );
}

/** The settled notice's words alone, with room for an action (a guest's ballot has none). */
export function SettledLine({
  reason,
  action,
  children,
}: {
  reason: SettledReason;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-success/30 bg-success/10 px-3 py-2">
      <div className="flex min-w-0 items-start gap-2">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-fg" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p role="status" aria-label="Settled" className="text-[13px] text-success-fg">
            {WORDS[reason]}
          </p>
          {children ? <p className="text-[12px] text-muted">{children}</p> : null}
        </div>
      </div>
      {action}
    </div>
  );
}
