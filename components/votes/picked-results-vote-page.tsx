"use client";

import { ArrowLeft } from "lucide-react";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { VoteList } from "./vote-list";
import { VoteOverlay } from "./vote-overlay";

interface Props {
  id: string;
  canRun: boolean;
  canVote: boolean;
  canShare: boolean;
}

/**
 * A blind vote's own page: its card (vote, close, share, and its ranking once closed). A vote
 * between gallery results picked by hand lives here; an experiment's or a set's vote is here too,
 * without the labelled grid around it.
 */
export function PickedResultsVotePage({ id, canRun, canVote, canShare }: Props) {
  const vote = useEndpoint(api.votes.get, { params: { id } }).data?.items[0];
  const back = vote?.experimentId
    ? { href: `/experiments/${vote.experimentId}`, label: "Experiment" }
    : vote?.evalSetId
      ? { href: `/experiments/sets/${vote.evalSetId}`, label: "Evaluation set" }
      : { href: "/gallery", label: "Gallery" };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Blind vote"
        title={vote?.name ?? "Blind vote"}
        description="Teammates pick the better of two results without knowing which is which; the ranking shows once the vote is closed."
        actions={
          <div className="flex items-center gap-3">
            <PresenceAvatars on={presenceTarget("vote", id)} />
            <ButtonLink href={back.href} variant="ghost" size="sm">
              <ArrowLeft aria-hidden />
              {back.label}
            </ButtonLink>
          </div>
        }
      />
      <VoteList owner={{ voteId: id }} canRun={canRun} canVote={canVote} canShare={canShare} flush />
      <VoteOverlay anchorId={id} canVote={canVote} canClose={canRun} />
    </div>
  );
}
