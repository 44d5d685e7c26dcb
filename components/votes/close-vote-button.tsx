"use client";

import { Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { call, useEndpoint } from "@/lib/client/endpoint-client";
import { useVoteRefresh } from "@/lib/client/votes/use-vote-refresh";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import { votingNowWords } from "@/lib/studio/votes/settled-words";

/**
 * Closing a vote, asked first: closing stops every ballot at once, so the question names who is
 * voting now (teammates by name with their pairs left, guests as a count) before it is done.
 */
export function CloseVoteButton({
  voteId,
  anchorId,
  label,
  variant = "secondary",
}: {
  voteId: string;
  anchorId: string;
  label: string;
  variant?: "primary" | "secondary";
}) {
  const refresh = useVoteRefresh();
  const [asking, setAsking] = useState(false);
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read again when the question opens: who is voting changes by the minute.
  const results = useEndpoint(api.votes.results, { params: { id: voteId } }, { enabled: asking });
  const voting = results.data?.voting ?? null;
  const lines = voting ? votingNowWords(voting) : [];

  async function close() {
    setClosing(true);
    try {
      await call(api.votes.close, { params: { id: voteId } });
      setError(null);
      setAsking(false);
    } catch (err) {
      setError((err as ApiError).errors.map((e) => e.message).join(" "));
    }
    await refresh.vote(voteId, anchorId);
    setClosing(false);
  }

  return (
    <>
      <Button
        size="sm"
        variant={variant}
        onClick={() => {
          setError(null);
          setAsking(true);
          void refresh.results(voteId);
        }}
      >
        <Lock aria-hidden /> {label}
      </Button>
      <Dialog
        open={asking}
        onOpenChange={(o) => (o ? null : setAsking(false))}
        title="Close this vote?"
        description="Voting stops for everyone at once, whoever is partway through a ballot, and the ranking shows. A closed vote cannot be opened again."
      >
        <div className="flex flex-col gap-4">
          {results.isPending ? (
            <p className="text-[13px] text-muted">Reading who is voting…</p>
          ) : lines.length > 0 ? (
            <div className="flex flex-col gap-2">
              <p className="font-medium text-[13px] text-foreground">Still voting</p>
              <ul aria-label="Still voting" className="flex flex-col gap-1 text-[13px] text-muted">
                {lines.map((line) => (
                  <li key={line} className="rounded-control bg-panel-raised px-3 py-1.5">
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p role="status" className="text-[13px] text-muted">
              Nobody is partway through a ballot, and everyone who may vote has begun.
            </p>
          )}
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button variant="primary" disabled={closing} onClick={() => void close()}>
              <Lock aria-hidden /> Close the vote
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
