"use client";

import { ArrowLeft } from "lucide-react";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { presenceTarget } from "@/lib/studio/presence";
import { VoteList } from "./vote-list";
import { VoteOverlay } from "./vote-overlay";

interface Props {
  id: string;
  canRun: boolean;
  canVote: boolean;
  canShare: boolean;
}

/**
 * The page of a blind vote between gallery results picked by hand: the vote's card (vote, close,
 * share, and its ranking once closed) and its voting panel at `?vote=<id>`.
 */
export function PickedResultsVotePage({ id, canRun, canVote, canShare }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Blind vote"
        title="Picked results"
        description="Teammates pick the better of two results without knowing which is which; the ranking shows once the vote is closed."
        actions={
          <div className="flex items-center gap-3">
            <PresenceAvatars on={presenceTarget("vote", id)} />
            <ButtonLink href="/gallery" variant="ghost" size="sm">
              <ArrowLeft aria-hidden />
              Gallery
            </ButtonLink>
          </div>
        }
      />
      <VoteList owner={{ voteId: id }} canRun={canRun} canVote={canVote} canShare={canShare} flush />
      <VoteOverlay anchorId={id} canVote={canVote} canClose={canRun} />
    </div>
  );
}
