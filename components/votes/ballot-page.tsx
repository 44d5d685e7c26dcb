"use client";

import { ArrowLeft, EyeOff } from "lucide-react";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { ballotAsk, ballotDone } from "@/lib/studio/votes/ballot-words";
import { voteAnchor } from "@/lib/studio/votes/input";
import { plural } from "@/lib/studio/words";
import { BallotPanel, ClosedNotice } from "./ballot-panel";
import { CloseVoteButton } from "./close-vote-button";
import { VoteRankings } from "./vote-rankings";

/**
 * A member's ballot on its own page (`/votes/{id}/ballot`): a pair or a set at a time and nothing
 * that names them, no way to the labelled grid from here. While it is partway, the experiment's
 * page and its results' pages show this member a way back here instead (lib/server/votes/
 * blinded.ts). Closed, here or elsewhere, it says so once and shows the ranking.
 */
export function BallotPage({
  voteId,
  canVote,
  canClose,
}: {
  voteId: string;
  canVote: boolean;
  canClose: boolean;
}) {
  const results = useEndpoint(api.votes.results, { params: { id: voteId } });
  const vote = results.data;
  const open = vote?.status === "open";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Blind vote · your ballot"
        title={vote?.name ?? "Blind vote"}
        description={
          vote?.status === "closed" ? (
            "Closed: which is which is shown now."
          ) : (
            <span className="flex items-start gap-2">
              <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-subtle" />
              {vote ? `${ballotAsk(vote.format)} ` : null}Which is which stays hidden until the vote is
              closed; until you have {ballotDone(vote?.format ?? "pairs")}, the experiment's grid and its
              results' pages stay hidden from you too.
            </span>
          )
        }
        actions={
          <div className="flex items-center gap-3">
            <PresenceAvatars on={presenceTarget("vote", voteId)} />
            {open && canClose && vote ? (
              <CloseVoteButton voteId={voteId} anchorId={voteAnchor(vote)} label="Close voting" />
            ) : null}
            <ButtonLink href={`/votes/${voteId}`} variant="ghost" size="sm">
              <ArrowLeft aria-hidden />
              The vote's page
            </ButtonLink>
          </div>
        }
      />
      <section
        aria-label="Ballot"
        className="flex flex-col gap-5 rounded-panel border border-border bg-panel p-5 shadow-panel"
      >
        {results.isError ? (
          <p role="alert" className="text-danger-fg text-sm">
            {results.error.message}
          </p>
        ) : !vote ? (
          <p className="text-muted text-sm">Loading the vote…</p>
        ) : !open ? (
          <ClosedVote voteId={voteId} />
        ) : !canVote ? (
          <p className="text-[13px] text-muted">
            Voting is in progress: {plural(vote.votes, "vote")} so far. Reviewers, editors and owners vote;
            the ranking shows once the vote is closed.
          </p>
        ) : (
          <BallotPanel
            voteId={voteId}
            anchorId={voteAnchor(vote)}
            canClose={canClose}
            closed={() => <ClosedVote voteId={voteId} />}
          />
        )}
      </section>
    </div>
  );
}

/** A closed vote on the ballot's page: the notice once, then the ranking as soon as it reads. */
function ClosedVote({ voteId }: { voteId: string }) {
  const results = useEndpoint(api.votes.results, { params: { id: voteId } });
  return (
    <div className="flex flex-col gap-4">
      <ClosedNotice />
      {results.data?.ranking ? (
        <VoteRankings results={results.data} />
      ) : (
        <p className="text-muted text-sm">Loading the ranking…</p>
      )}
    </div>
  );
}
