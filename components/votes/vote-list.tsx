"use client";

import { useQuery } from "@tanstack/react-query";
import { Link2, Vote } from "lucide-react";
import { useState } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { call, useEndpoint } from "@/lib/client/endpoint-client";
import { voteKey, votesOfEvalSetKey, votesOfExperimentKey } from "@/lib/client/votes/keys";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { VoteSummary } from "@/lib/studio/api/votes";
import { answersWords, mineWords, questionsWords } from "@/lib/studio/votes/count-words";
import { voteAnchor } from "@/lib/studio/votes/input";
import { plural } from "@/lib/studio/words";
import { CloseVoteButton } from "./close-vote-button";
import { GuestVotersPanel } from "./guest-voters-panel";
import { SettledNotice } from "./settled-notice";
import { VoteRankings } from "./vote-rankings";

/** Whose votes to list: an experiment's, an evaluation set's, or one vote on its own page. */
export type VoteListOwner = { experimentId: string } | { evalSetId: string } | { voteId: string };

function listQuery(owner: VoteListOwner) {
  if ("experimentId" in owner) {
    const params = { id: owner.experimentId };
    return {
      queryKey: votesOfExperimentKey(params.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(api.votes.ofExperiment, { params }, { signal }),
    };
  }
  if ("evalSetId" in owner) {
    const params = { id: owner.evalSetId };
    return {
      queryKey: votesOfEvalSetKey(params.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(api.votes.ofEvalSet, { params }, { signal }),
    };
  }
  const params = { id: owner.voteId };
  return {
    queryKey: voteKey(params.id),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(api.votes.get, { params }, { signal }),
  };
}

interface Props {
  owner: VoteListOwner;
  canRun: boolean;
  canVote: boolean;
  canShare: boolean;
  /** No rule above the section (a page of its own, already under its header). */
  flush?: boolean;
}

/**
 * An experiment's or a set's blind votes: open ones to vote in or close, closed ones with their
 * ranking.
 */
export function VoteList({ owner, canRun, canVote, canShare, flush = false }: Props) {
  const query = useQuery<{ items: VoteSummary[] }, ApiError>(listQuery(owner));
  const votes = query.data?.items ?? [];
  if (query.isPending || (votes.length === 0 && !query.isError)) return null;
  return (
    <section
      aria-labelledby="blind-votes"
      className={flush ? "flex flex-col gap-3" : "flex flex-col gap-3 border-border border-t pt-6"}
    >
      <h2 id="blind-votes" className="font-semibold text-[15px] text-foreground">
        Blind votes
      </h2>
      {query.isError ? (
        <p role="alert" className="text-danger-fg text-sm">
          {query.error.message}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Blind votes">
        {votes.map((r) => (
          <VoteCard key={r.id} vote={r} canRun={canRun} canVote={canVote} canShare={canShare} />
        ))}
      </ul>
    </section>
  );
}

function VoteCard({
  vote,
  canRun,
  canVote,
  canShare,
}: {
  vote: VoteSummary;
  canRun: boolean;
  canVote: boolean;
  canShare: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  /** The Share panel is open: the person chooses what guests see before a link exists. */
  const [sharing, setSharing] = useState(false);
  const [showParams, setShowParams] = useState(false);
  const [guestVotes, setGuestVotes] = useState(false);
  /** What the link made last does: take guests' votes, or show the ranking once closed. */
  const [sharedForVotes, setSharedForVotes] = useState(false);
  const closed = vote.status === "closed";
  // Open: whether the order is settled; closed: the ranking.
  const results = useEndpoint(api.votes.results, { params: { id: vote.id } });

  async function share() {
    try {
      const takesVotes = guestVotes && !closed;
      const out = await call(api.shareLinks.create, {
        body: { roundId: vote.id, showParams, guestVotes: takesVotes },
      });
      setShared(out.url);
      setSharedForVotes(takesVotes);
      setSharing(false);
      setError(null);
    } catch (err) {
      setError((err as ApiError).errors.map((e) => e.message).join(" "));
    }
  }

  return (
    <li
      aria-label={vote.name}
      className="flex flex-col gap-4 rounded-panel border border-border bg-panel p-4 shadow-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-[14px] text-foreground">{vote.name}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-[12px] text-muted">
            <Badge tone={closed ? "success" : "accent"}>{closed ? "Closed" : "Voting open"}</Badge>
            <span data-testid="vote-counts">
              {vote.evalSetId
                ? plural(vote.variantCount, "run")
                : vote.experimentId
                  ? plural(vote.variantCount, `${vote.axisName.toLowerCase()} value`)
                  : plural(vote.variantCount, "result")}{" "}
              · {questionsWords(vote.format, vote.pairs, vote.variantCount)} ·{" "}
              {answersWords(vote.format, vote.votes, vote.variantCount, vote.rejectedSets)} from{" "}
              {plural(vote.voters, "voter")}
              {vote.guestVoters > 0
                ? ` (${plural(vote.voters - vote.guestVoters, "teammate")}, ${plural(vote.guestVoters, "guest")})`
                : ""}
            </span>
            {canVote && !closed ? (
              <span className="text-muted-subtle">
                · {mineWords(vote.format, vote.myVotes, vote.pairs, vote.variantCount)}
              </span>
            ) : null}
            <span className="text-muted-subtle">
              · started by {vote.createdByName}, {new Date(vote.createdAt).toLocaleDateString()}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!closed && canVote ? (
            // A page of its own: the ballot never opens over the labelled grid.
            <ButtonLink size="sm" variant="primary" href={`/votes/${vote.id}/ballot`}>
              <Vote aria-hidden /> {vote.myVotes > 0 ? "Continue voting" : "Vote"}
            </ButtonLink>
          ) : null}
          {!closed && canRun ? (
            <CloseVoteButton voteId={vote.id} anchorId={voteAnchor(vote)} label="Close voting" />
          ) : null}
          {canShare ? (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={sharing}
              onClick={() => {
                setShared(null);
                setShowParams(false);
                setGuestVotes(false);
                setSharing((v) => !v);
              }}
            >
              <Link2 aria-hidden /> Share
            </Button>
          ) : null}
        </div>
      </div>
      {sharing ? (
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-card border border-border bg-panel-raised px-3 py-2.5">
          <div className="flex flex-col gap-3">
            {closed ? null : (
              <div className="flex items-center gap-3">
                <Switch id={`vote-guests-${vote.id}`} checked={guestVotes} onChange={setGuestVotes} />
                <label htmlFor={`vote-guests-${vote.id}`} className="text-[13px] text-foreground">
                  Guests can vote
                  <span className="block text-muted-subtle text-xs">
                    People with the link vote blind, one ballot per browser, until the vote is closed.
                  </span>
                </label>
              </div>
            )}
            <div className="flex items-center gap-3">
              <Switch id={`vote-params-${vote.id}`} checked={showParams} onChange={setShowParams} />
              <label htmlFor={`vote-params-${vote.id}`} className="text-[13px] text-foreground">
                Show the prompts and settings
                <span className="block text-muted-subtle text-xs">
                  Off: guests see the variants as Variant A, B, C and nothing of what they are.
                </span>
              </label>
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Button size="sm" variant="ghost" onClick={() => setSharing(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" onClick={() => void share()}>
              Create link
            </Button>
          </div>
        </div>
      ) : null}
      {shared ? (
        <CopyField
          id={`vote-link-${vote.id}`}
          label="Link to this vote"
          value={shared}
          hint={
            sharedForVotes
              ? "People without an account vote through it until the vote is closed, then see the ranking. Revoke it in Settings."
              : "People without an account see the ranking once the vote is closed. Revoke it in Settings."
          }
        />
      ) : null}
      <FormError>{error}</FormError>
      {canRun ? <GuestVotersPanel voteId={vote.id} /> : null}
      {closed ? (
        // Until the results refetch, they may still be those of the open vote, without a ranking.
        results.data?.ranking ? (
          <VoteRankings results={results.data} />
        ) : (
          <p className="text-muted text-sm">Loading the ranking…</p>
        )
      ) : (
        <>
          {results.data?.status === "open" && results.data.settled ? (
            <SettledNotice
              voteId={vote.id}
              anchorId={voteAnchor(vote)}
              claim={results.data.settled}
              canClose={canRun}
            />
          ) : null}
          <p className="text-[13px] text-muted">
            The ranking stays hidden from everyone until the vote is closed, so no one is swayed by it.
          </p>
        </>
      )}
    </li>
  );
}
