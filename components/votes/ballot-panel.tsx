"use client";

import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Equal } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { ballotKey, invalidateVotesOf } from "@/lib/client/live/vote-changes";
import { api } from "@/lib/studio/api";
import type { ApiError } from "@/lib/studio/api/errors";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import type { BallotMedia } from "@/lib/studio/api/votes";
import type { BallotPick, PickInput } from "@/lib/studio/votes/input";

/** One side of a pair: the picture (or video) alone, nothing that names it. */
function Side({
  media,
  side,
  chosen,
  onPick,
}: {
  media: BallotMedia;
  side: "left" | "right";
  chosen: boolean;
  onPick(): void;
}) {
  const word = side === "left" ? "Left" : "Right";
  return (
    <figure className="flex min-w-0 flex-1 flex-col items-center gap-3">
      <button
        type="button"
        onClick={onPick}
        aria-label={`${word} image`}
        className={cn(
          "grid w-full place-items-center overflow-hidden rounded-panel border-2 bg-surface-sunken p-1 transition-colors",
          chosen ? "border-accent shadow-glow" : "border-transparent hover:border-border-strong",
        )}
      >
        {media.kind === "video" ? (
          <video
            src={media.url}
            autoPlay
            muted
            loop
            playsInline
            className="max-h-[52dvh] w-auto max-w-full"
          />
        ) : (
          // biome-ignore lint/performance/noImgElement: studio media, sized by the studio
          <img
            src={media.url}
            alt={`${word} candidate`}
            width={media.width}
            height={media.height}
            className="max-h-[52dvh] w-auto max-w-full object-contain"
          />
        )}
      </button>
      <Button variant={chosen ? "primary" : "secondary"} onClick={onPick} aria-pressed={chosen}>
        {side === "left" ? <ChevronLeft aria-hidden /> : null}
        {word} is better
        {side === "right" ? <ChevronRight aria-hidden /> : null}
      </Button>
    </figure>
  );
}

/** Where a ballot comes from and its picks go: a member's (signed in) or a guest's (a share link). */
export interface BallotSource {
  queryKey: QueryKey;
  load(signal: AbortSignal): Promise<GuestBallot>;
  send(input: PickInput): Promise<unknown>;
  /** After each pick, what else shows the vote's counts refetches. */
  picked?(): void;
}

/** `anchorId`: the experiment or evaluation set the vote belongs to (its list refetches). */
export function BallotPanel({ voteId, anchorId }: { voteId: string; anchorId: string }) {
  const client = useQueryClient();
  const source = useMemo<BallotSource>(
    () => ({
      queryKey: ballotKey(voteId),
      load: (signal) => call(api.votes.ballot, { params: { id: voteId } }, { signal }),
      send: (body) => call(api.votes.pick, { params: { id: voteId }, body }),
      picked: () => void invalidateVotesOf(client, anchorId),
    }),
    [client, voteId, anchorId],
  );
  return <BallotBoard source={source} />;
}

/**
 * Voting on a vote's pairs, blind: two pictures, no labels, prompts or settings. ← and 1 pick the
 * left one, → and 2 the right one, = "can't tell"; each pick moves on to the next pair not voted
 * on. Picks can be changed (step back with the pair arrows) until the vote is closed.
 */
export function BallotBoard({ source }: { source: BallotSource }) {
  const client = useQueryClient();
  const query = useQuery<GuestBallot, ApiError>({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.load(signal),
  });
  const [index, setIndex] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ballot = query.data;
  /**
   * Picks sent and not yet answered. A refetch answered before they are stored (another pick's,
   * or a teammate's live update) would show their pairs unvoted again and send the next pick to
   * the wrong pair: they are laid over whatever the cache holds until they are answered.
   */
  const sending = useRef(new Map<string, BallotPick>());
  const pairs = (ballot?.pairs ?? []).map((p) => {
    const sent = sending.current.get(p.id);
    return sent ? { ...p, pick: sent } : p;
  });
  const firstOpen = pairs.findIndex((p) => p.pick === null);
  const current = index ?? (firstOpen === -1 ? 0 : firstOpen);
  const pair = pairs[current];
  const open = ballot?.status === "open";

  const pick = useCallback(
    async (choice: BallotPick) => {
      if (!pair || !open) return;
      const next = pairs.findIndex((p, i) => i !== current && p.pick === null && i > current);
      const wrap = pairs.findIndex((p, i) => i !== current && p.pick === null);
      const mark = () =>
        client.setQueryData<GuestBallot>(source.queryKey, (old) =>
          old
            ? {
                ...old,
                pairs: old.pairs.map((p) => (p.id === pair.id ? { ...p, pick: choice } : p)),
                done: old.pairs.filter((p) => p.pick !== null || p.id === pair.id).length,
              }
            : old,
        );
      sending.current.set(pair.id, choice);
      mark();
      const target = next !== -1 ? next : wrap;
      if (target !== -1) setIndex(target);
      try {
        await source.send({ pairId: pair.id, pick: choice });
        mark();
        setError(null);
      } catch (err) {
        setError((err as ApiError).errors?.map((e) => e.message).join(" ") ?? String(err));
      }
      if (sending.current.get(pair.id) === choice) sending.current.delete(pair.id);
      // Read back once every pick sent is answered: an earlier read could miss a later pick.
      if (sending.current.size === 0) void client.invalidateQueries({ queryKey: source.queryKey });
      source.picked?.();
    },
    [pair, open, pairs, current, client, source],
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
  if (!ballot || !pair) return <p className="text-muted text-sm">This vote has no pairs.</p>;
  const done = pairs.filter((p) => p.pick !== null).length;
  const finished = done === pairs.length;

  return (
    <div className="flex flex-col gap-5" data-testid="ballot">
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
            onClick={() => setIndex(Math.max(0, current - 1))}
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
            onClick={() => setIndex(Math.min(pairs.length - 1, current + 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {finished ? (
        <p
          role="status"
          className="rounded-control border border-success/30 bg-success/10 px-3 py-2 text-[13px] text-success-fg"
        >
          You have voted on every pair. You can still change a vote until the vote is closed.
        </p>
      ) : null}
      {!open ? (
        <p
          role="status"
          className="rounded-control border border-border bg-panel-raised px-3 py-2 text-[13px] text-muted"
        >
          This vote is closed: its votes can no longer change.
        </p>
      ) : null}
      <div className="flex flex-col items-stretch gap-4 sm:flex-row sm:items-start">
        <Side media={pair.left} side="left" chosen={pair.pick === "left"} onPick={() => void pick("left")} />
        <div className="flex shrink-0 flex-col items-center justify-center gap-2 self-center">
          <Button
            variant={pair.pick === "tie" ? "primary" : "ghost"}
            aria-pressed={pair.pick === "tie"}
            onClick={() => void pick("tie")}
          >
            <Equal aria-hidden /> Can't tell
          </Button>
        </div>
        <Side
          media={pair.right}
          side="right"
          chosen={pair.pick === "right"}
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
