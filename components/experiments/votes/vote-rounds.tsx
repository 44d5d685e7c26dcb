"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Link2, Lock, Vote } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { callApi } from "@/lib/client/api";
import { resultsKey, roundKey, roundsKey } from "@/lib/client/live/round-changes";
import { useApiQuery } from "@/lib/client/use-api";
import { type RoundResults, type RoundSummary, roundAnchor } from "@/lib/studio/experiments/votes";
import { plural } from "@/lib/studio/words";
import { RoundRanking } from "./round-ranking";

interface Props {
  /** The experiment or evaluation set whose rounds these are. */
  anchorId: string;
  /** Where its rounds are listed: `/api/experiments/[id]/rounds` or `/api/eval-sets/[id]/rounds`. */
  listUrl: string;
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
export function VoteRounds({ anchorId, listUrl, canRun, canVote, canShare, flush = false }: Props) {
  const query = useApiQuery<{ items: RoundSummary[] }>(roundsKey(anchorId), listUrl);
  const rounds = query.data?.items ?? [];
  if (query.isPending || (rounds.length === 0 && !query.isError)) return null;
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
        {rounds.map((r) => (
          <RoundCard key={r.id} round={r} canRun={canRun} canVote={canVote} canShare={canShare} />
        ))}
      </ul>
    </section>
  );
}

function RoundCard({
  round,
  canRun,
  canVote,
  canShare,
}: {
  round: RoundSummary;
  canRun: boolean;
  canVote: boolean;
  canShare: boolean;
}) {
  const client = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const [error, setError] = useState<string | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  /** The Share panel is open: the person chooses what guests see before a link exists. */
  const [sharing, setSharing] = useState(false);
  const [showParams, setShowParams] = useState(false);
  const closed = round.status === "closed";
  const results = useApiQuery<RoundResults>(resultsKey(round.id), `/api/rounds/${round.id}/results`, closed);

  async function close() {
    const out = await callApi(`/api/rounds/${round.id}/close`, { method: "POST", body: {} });
    setError(out.ok ? null : out.errors.map((e) => e.message).join(" "));
    await client.invalidateQueries({ queryKey: roundsKey(roundAnchor(round)) });
    await client.invalidateQueries({ queryKey: roundKey(round.id) });
  }
  async function share() {
    const out = await callApi<{ data: { url: string } }>("/api/share-links", {
      body: { roundId: round.id, showParams },
    });
    if (out.ok) {
      setShared(out.data.data.url);
      setSharing(false);
    }
    setError(out.ok ? null : out.errors.map((e) => e.message).join(" "));
  }
  const open = () => router.replace(`${pathname}?round=${round.id}`, { scroll: false });

  return (
    <li
      aria-label={round.name}
      className="flex flex-col gap-4 rounded-panel border border-border bg-panel p-4 shadow-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-[14px] text-foreground">{round.name}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-[12px] text-muted">
            <Badge tone={closed ? "success" : "accent"}>{closed ? "Closed" : "Voting open"}</Badge>
            <span data-testid="round-counts">
              {round.evalSetId
                ? plural(round.variantCount, "run")
                : round.experimentId
                  ? plural(round.variantCount, `${round.axisName.toLowerCase()} value`)
                  : plural(round.variantCount, "result")}{" "}
              · {plural(round.pairs, "pair")} · {plural(round.votes, "vote")} from{" "}
              {plural(round.voters, "voter")}
            </span>
            {canVote && !closed ? (
              <span className="text-muted-subtle">
                · you voted on {round.myVotes} of {round.pairs}
              </span>
            ) : null}
            <span className="text-muted-subtle">
              · started by {round.createdByName}, {new Date(round.createdAt).toLocaleDateString()}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!closed && canVote ? (
            <Button size="sm" variant="primary" onClick={open}>
              <Vote aria-hidden /> {round.myVotes > 0 ? "Continue voting" : "Vote"}
            </Button>
          ) : null}
          {!closed && canRun ? (
            <Button size="sm" variant="secondary" onClick={() => void close()}>
              <Lock aria-hidden /> Close voting
            </Button>
          ) : null}
          {canShare ? (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={sharing}
              onClick={() => {
                setShared(null);
                setShowParams(false);
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
          <div className="flex items-center gap-3">
            <Switch id={`round-params-${round.id}`} checked={showParams} onChange={setShowParams} />
            <label htmlFor={`round-params-${round.id}`} className="text-[13px] text-foreground">
              Show the prompts and settings
              <span className="block text-muted-subtle text-xs">
                Off: guests see the variants as Variant A, B, C and nothing of what they are.
              </span>
            </label>
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
          id={`round-link-${round.id}`}
          label="Link to this vote"
          value={shared}
          hint="People without an account see the ranking once the vote is closed. Revoke it in Settings."
        />
      ) : null}
      <FormError>{error}</FormError>
      {closed ? (
        results.data ? (
          <RoundRanking results={results.data} />
        ) : (
          <p className="text-muted text-sm">Loading the ranking…</p>
        )
      ) : (
        <p className="text-[13px] text-muted">
          The ranking stays hidden from everyone until the vote is closed, so no one is swayed by it.
        </p>
      )}
    </li>
  );
}
