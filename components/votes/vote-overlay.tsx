"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ballotAsk } from "@/lib/studio/votes/ballot-words";
import { voteAnchor } from "@/lib/studio/votes/input";
import { plural } from "@/lib/studio/words";
import { SettledNotice } from "./settled-notice";
import { VoteRankings } from "./vote-rankings";

/**
 * The vote a link names (`?vote=<id>`): its ranking once closed. While it is open a member who may
 * vote is taken to their ballot's own page (it never opens over the labelled grid); others read
 * that voting goes on. `anchorId` is the experiment or evaluation set whose page this is.
 */
export function VoteOverlay({
  anchorId,
  canVote,
  canClose,
}: {
  anchorId: string;
  canVote: boolean;
  /** May close the vote (its "Close now" once the order is settled). */
  canClose: boolean;
}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const voteId = params.get("vote");
  const results = useEndpoint(
    api.votes.results,
    { params: { id: voteId ?? "" } },
    { enabled: voteId !== null },
  );
  // A link to a vote of another experiment or set (or another version) opens nothing here.
  const vote = voteId && results.data && voteAnchor(results.data) === anchorId ? results.data : undefined;
  const ballot = vote?.status === "open" && canVote;
  useEffect(() => {
    if (ballot && voteId) router.replace(`/votes/${voteId}/ballot`);
  }, [ballot, voteId, router]);
  if (!voteId) return null;
  const close = () => router.replace(pathname, { scroll: false });
  const elsewhere = results.data !== undefined && vote === undefined;
  const closed = vote?.status === "closed";
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : close())}
      title={vote ? vote.name : "Blind vote"}
      description={
        closed
          ? "Closed: which is which is shown now."
          : `${vote ? `${ballotAsk(vote.format)} ` : ""}Which is which stays hidden until the vote is closed.`
      }
      className="w-[min(72rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)]"
    >
      {results.isError ? (
        <p role="alert" className="text-danger-fg text-sm">
          {results.error.message}
        </p>
      ) : elsewhere ? (
        <p role="alert" className="text-[13px] text-muted">
          This vote belongs to another experiment, set or version.
        </p>
      ) : !vote || ballot ? (
        <p className="text-muted text-sm">{ballot ? "Opening your ballot…" : "Loading the vote…"}</p>
      ) : closed ? (
        <VoteRankings results={vote} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-[13px] text-muted">
            Voting is in progress: {plural(vote.votes, "vote")} so far. Reviewers, editors and owners vote;
            the ranking shows once the vote is closed.
          </p>
          {vote.settled ? (
            <SettledNotice voteId={voteId} anchorId={anchorId} claim={vote.settled} canClose={canClose} />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
