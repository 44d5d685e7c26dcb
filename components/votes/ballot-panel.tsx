"use client";

import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Equal } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { ballotKey } from "@/lib/client/votes/keys";
import { useVoteRefresh } from "@/lib/client/votes/use-vote-refresh";
import { api } from "@/lib/studio/api";
import type { ApiError } from "@/lib/studio/api/errors";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import type { SettledClaimView } from "@/lib/studio/api/votes";
import type { BallotPick, PickInput } from "@/lib/studio/votes/input";
import { ballotLine } from "@/lib/studio/votes/settled-words";
import { ClosedNotice, Side } from "./ballot-side";
import { SettledLine, SettledNotice } from "./settled-notice";

export { ClosedNotice };

/** Where a ballot comes from and its picks go: a member's (signed in) or a guest's (a share link). */
export interface BallotSource {
  queryKey: QueryKey;
  load(signal: AbortSignal): Promise<GuestBallot>;
  /** Answers with the ballot as it is now: its next pair chosen with this pick counted. */
  send(input: PickInput): Promise<{ ballot: GuestBallot }>;
  /** After each pick, what else shows the vote's counts refetches. */
  picked?(): void;
  /** The settled notice, with what the reader may do about it; the words alone by default. */
  settled?(claim: SettledClaimView, line: string): ReactNode;
  /** What a closed vote's ballot shows: the closed notice, once, and what follows it. */
  closed?(): ReactNode;
  /** How often to ask whether the vote is still open, when no live stream says so (ms). */
  pollMs?: number;
}

/** `anchorId`: the experiment or evaluation set the vote belongs to (its list refetches). */
export function BallotPanel({
  voteId,
  anchorId,
  canClose,
  closed,
}: {
  voteId: string;
  anchorId: string;
  canClose: boolean;
  closed?(): ReactNode;
}) {
  const refresh = useVoteRefresh();
  const source = useMemo<BallotSource>(
    () => ({
      queryKey: ballotKey(voteId),
      load: (signal) => call(api.votes.ballot, { params: { id: voteId } }, { signal }),
      send: (body) => call(api.votes.pick, { params: { id: voteId }, body }),
      picked: () => {
        void refresh.results(voteId);
        void refresh.anchor(anchorId);
      },
      settled: (claim, line) => (
        <SettledNotice voteId={voteId} anchorId={anchorId} claim={claim} canClose={canClose}>
          {line}
        </SettledNotice>
      ),
      closed,
    }),
    [refresh, voteId, anchorId, canClose, closed],
  );
  return <BallotBoard source={source} />;
}

/**
 * Voting on a vote's pairs, blind: two pictures, no labels, prompts or settings. ← and 1 pick the
 * left one, → and 2 the right one, = "can't tell". After each pick the server answers with the
 * next pair, chosen where the ranking is least certain with that pick counted: the chosen side
 * stays lit until then (further picks wait), and the pair on screen changes only by a pick or the
 * pair arrows, never because the order changed behind it. Picks can be changed (step back with
 * the pair arrows) until the vote is closed.
 */
export function BallotBoard({ source }: { source: BallotSource }) {
  const client = useQueryClient();
  const refresh = useVoteRefresh();
  const query = useQuery<GuestBallot, ApiError>({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.load(signal),
    refetchInterval: (q) => (source.pollMs && q.state.data?.status !== "closed" ? source.pollMs : false),
  });
  /** The pair on screen, by id: a new order of the pairs does not move it. */
  const [currentId, setCurrentId] = useState<string | null>(null);
  /** A pick sent and not answered yet. */
  const [pending, setPending] = useState<{ pairId: string; pick: BallotPick } | null>(null);
  const inFlight = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const ballot = query.data;
  const pairs = ballot?.pairs ?? [];
  const pinned = pairs.findIndex((p) => p.id === currentId);
  const served = pairs.findIndex((p) => p.id === ballot?.next);
  const current = pinned !== -1 ? pinned : served !== -1 ? served : Math.max(0, pairs.length - 1);
  const pair = pairs[current];
  const open = ballot?.status === "open";

  useEffect(() => {
    if (currentId === null && pair) setCurrentId(pair.id);
  }, [currentId, pair]);

  const pick = useCallback(
    async (choice: BallotPick) => {
      if (!pair || !open || inFlight.current) return;
      inFlight.current = true;
      setPending({ pairId: pair.id, pick: choice });
      try {
        const out = await source.send({ pairId: pair.id, pick: choice });
        // A read started before this pick was stored would answer without it: it is dropped.
        await client.cancelQueries({ queryKey: source.queryKey });
        client.setQueryData<GuestBallot>(source.queryKey, out.ballot);
        setCurrentId(out.ballot.next ?? pair.id);
        setError(null);
      } catch (err) {
        const errors = (err as ApiError).errors;
        // Closed meanwhile: the ballot reads again and says so itself, once.
        if (errors?.some((e) => e.code === "voteClosed")) setError(null);
        else setError(errors?.map((e) => e.message).join(" ") ?? String(err));
        void refresh.ballot(source.queryKey);
      } finally {
        inFlight.current = false;
        setPending(null);
      }
      source.picked?.();
    },
    [pair, open, client, refresh, source],
  );

  useEffect(() => {
    // Capture: the dialog around the panel keeps keys from the page's own shortcuts.
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select")) return;
      const choice: BallotPick | null =
        e.key === "ArrowLeft" || e.key === "1"
          ? "left"
          : e.key === "ArrowRight" || e.key === "2"
            ? "right"
            : e.key === "="
              ? "tie"
              : null;
      if (!choice) return;
      e.preventDefault();
      void pick(choice);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [pick]);

  if (query.isPending) return <p className="text-muted text-sm">Loading the pairs…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  if (ballot?.status === "closed") return source.closed ? source.closed() : <ClosedNotice />;
  if (!ballot || !pair) return <p className="text-muted text-sm">This vote has no pairs.</p>;
  const done = ballot.done;
  const finished = done === pairs.length;
  const shownPick = pending?.pairId === pair.id ? pending.pick : pair.pick;

  return (
    <div className="flex flex-col gap-5" data-testid="ballot" aria-busy={pending !== null}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <p
            role="status"
            aria-label="Votes given"
            className="font-medium text-[14px] text-foreground tabular-nums"
          >
            {done} of {pairs.length}
          </p>
          <div
            className="h-1.5 w-48 overflow-hidden rounded-full bg-surface-sunken"
            role="progressbar"
            aria-label="Pairs voted on"
            aria-valuemin={0}
            aria-valuemax={pairs.length}
            aria-valuenow={done}
          >
            <div
              className="h-full bg-accent transition-[width]"
              style={{ width: `${(done / pairs.length) * 100}%` }}
            />
          </div>
        </div>
        <div className="flex items-center gap-1 text-[13px] text-muted">
          <Button
            size="sm"
            variant="ghost"
            aria-label="Previous pair"
            disabled={current === 0}
            onClick={() => setCurrentId(pairs[current - 1]?.id ?? pair.id)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="tabular-nums">
            Pair {current + 1} of {pairs.length}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Next pair"
            disabled={current >= pairs.length - 1}
            onClick={() => setCurrentId(pairs[current + 1]?.id ?? pair.id)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {finished && !ballot.settled ? (
        <p
          role="status"
          className="rounded-control border border-success/30 bg-success/10 px-3 py-2 text-[13px] text-success-fg"
        >
          You have voted on every pair. You can still change a vote until the vote is closed.
        </p>
      ) : null}
      {ballot.settled
        ? (source.settled ?? ((claim, line) => <SettledLine claim={claim}>{line}</SettledLine>))(
            ballot.settled,
            ballotLine({ done, pairs: pairs.length }),
          )
        : null}
      <div className="flex flex-col items-stretch gap-4 sm:flex-row sm:items-start">
        <Side media={pair.left} side="left" chosen={shownPick === "left"} onPick={() => void pick("left")} />
        <div className="flex shrink-0 flex-col items-center justify-center gap-2 self-center">
          <Button
            variant={shownPick === "tie" ? "primary" : "ghost"}
            aria-pressed={shownPick === "tie"}
            onClick={() => void pick("tie")}
          >
            <Equal aria-hidden /> Can't tell
          </Button>
        </div>
        <Side
          media={pair.right}
          side="right"
          chosen={shownPick === "right"}
          onPick={() => void pick("right")}
        />
      </div>
      <FormError>{error}</FormError>
      <p className="text-center text-[12px] text-muted-subtle">
        Keys: <kbd className="font-mono">←</kbd> or <kbd className="font-mono">1</kbd> left ·{" "}
        <kbd className="font-mono">→</kbd> or <kbd className="font-mono">2</kbd> right ·{" "}
        <kbd className="font-mono">=</kbd> can't tell. Which is which stays hidden until the vote is closed.
      </p>
    </div>
  );
}
