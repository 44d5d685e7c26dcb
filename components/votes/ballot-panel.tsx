"use client";

import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { ballotKey } from "@/lib/client/votes/keys";
import { useVoteRefresh } from "@/lib/client/votes/use-vote-refresh";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import type { SettledClaimView } from "@/lib/studio/api/votes";
import { questionNoun } from "@/lib/studio/votes/count-words";
import type { BallotPick, PickInput, RankInput } from "@/lib/studio/votes/input";
import { ballotLine } from "@/lib/studio/votes/settled-words";
import { ClosedNotice } from "./ballot-side";
import { FourQuestion, type SetChoice } from "./four-question";
import { PairQuestion } from "./pair-question";
import { SettledLine, SettledNotice } from "./settled-notice";

export { ClosedNotice };

/** Where a ballot comes from and its picks go: a member's (signed in) or a guest's (a share link). */
export interface BallotSource {
  queryKey: QueryKey;
  load(signal: AbortSignal): Promise<GuestBallot>;
  /** Answers with the ballot as it is now: its next pair chosen with this pick counted. */
  send(input: PickInput): Promise<{ ballot: GuestBallot }>;
  /** A vote that ranks four at once: one four's order on one criterion. */
  rank?(input: RankInput): Promise<{ ballot: GuestBallot }>;
  /** After each pick, what else shows the vote's counts refetches. */
  picked?(): void;
  /** The settled notice, with what the reader may do about it; the words alone by default. */
  settled?(claim: SettledClaimView, line: string): ReactNode;
  /** What a closed vote's ballot shows: the closed notice, once, and what follows it. */
  closed?(): ReactNode;
  /** How often to ask whether the vote is still open, when no live stream says so (ms). */
  pollMs?: number;
}

/** An answer given on the ballot: a question's id, the criterion, and the pick (none for a four's order). */
interface Answer {
  id: string;
  criterion: number;
  pick: BallotPick | null;
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
      rank: (body) => call(api.votes.rank, { params: { id: voteId }, body }),
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
 * Voting on a vote's pairs (or fours), blind: pictures only, no labels, prompts or settings. Each
 * pair is answered on each of the vote's criteria (one overall question without), each four
 * ordered on each. After each answer the server answers with the next question, chosen where the
 * ranking is least certain on any criterion with that answer counted; the question on screen
 * changes only once all its criteria are answered, or by the arrows, never because the order
 * changed behind it. Answers can be changed (step back with the arrows) until the vote is closed.
 */
export function BallotBoard({ source }: { source: BallotSource }) {
  const client = useQueryClient();
  const refresh = useVoteRefresh();
  const query = useQuery<GuestBallot, ApiError>({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.load(signal),
    refetchInterval: (q) => (source.pollMs && q.state.data?.status !== "closed" ? source.pollMs : false),
  });
  /** The question on screen, by id: a new order of the questions does not move it. */
  const [currentId, setCurrentId] = useState<string | null>(null);
  /**
   * Answers given and not answered yet, in the order given: they are sent one at a time, so a
   * second answer given while the first is on its way waits its turn instead of being lost.
   */
  const [pending, setPending] = useState<readonly Answer[]>([]);
  const waiting = useRef<Answer[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [error, setError] = useState<string | null>(null);
  const ballot = query.data;
  const fours = ballot?.format === "fours";
  const ids = fours ? (ballot?.fours ?? []).map((f) => f.id) : (ballot?.pairs ?? []).map((p) => p.id);
  const pinned = ids.indexOf(currentId ?? "");
  const served = ids.indexOf(ballot?.next ?? "");
  const current = pinned !== -1 ? pinned : served !== -1 ? served : Math.max(0, ids.length - 1);
  const questionId = ids[current];
  const open = ballot?.status === "open";

  useEffect(() => {
    if (currentId === null && questionId) setCurrentId(questionId);
  }, [currentId, questionId]);

  const answer = useCallback(
    (
      id: string,
      criterion: number,
      pick: BallotPick | null,
      send: () => Promise<{ ballot: GuestBallot }>,
    ) => {
      // One answer per criterion on its way: a second key on the same one is a press too many.
      if (!open || waiting.current.some((w) => w.id === id && w.criterion === criterion)) return;
      const idle = waiting.current.length === 0;
      const given: Answer = { id, criterion, pick };
      waiting.current = [...waiting.current, given];
      setPending(waiting.current);
      const run = async () => {
        try {
          const out = await send();
          // A read started before this answer was stored would answer without it: it is dropped.
          await client.cancelQueries({ queryKey: source.queryKey });
          client.setQueryData<GuestBallot>(source.queryKey, out.ballot);
          // Criteria left on this question, or answers to it still waiting: it stays; else on to
          // the one served next.
          const still =
            (out.ballot.format === "fours"
              ? out.ballot.fours.find((f) => f.id === id)?.ranks.some((r) => r === null)
              : out.ballot.pairs.find((p) => p.id === id)?.picks.some((p) => p === null)) ||
            waiting.current.some((w) => w !== given && w.id === id);
          // A voter who moved to another question meanwhile stays where they went.
          setCurrentId((on) => (on !== null && on !== id ? on : still ? id : (out.ballot.next ?? id)));
          setError(null);
        } catch (err) {
          const errors = (err as ApiError).errors;
          // Closed meanwhile: the ballot reads again and says so itself, once.
          if (errors?.some((e) => e.code === "voteClosed")) setError(null);
          else setError(errors?.map((e) => e.message).join(" ") ?? String(err));
          void refresh.ballot(source.queryKey);
        } finally {
          waiting.current = waiting.current.filter((w) => w !== given);
          setPending(waiting.current);
        }
        source.picked?.();
      };
      queue.current = idle ? run() : queue.current.then(run);
    },
    [open, client, refresh, source],
  );
  const pick = useCallback(
    (choice: BallotPick, criterion: number) => {
      if (!questionId) return;
      answer(questionId, criterion, choice, () =>
        source.send({ pairId: questionId, pick: choice, criterion }),
      );
    },
    [answer, questionId, source],
  );
  const rank = useCallback(
    (choice: SetChoice, criterion: number) => {
      if (!questionId || !source.rank) return;
      const send = source.rank;
      const fourId = questionId;
      answer(questionId, criterion, null, () =>
        send(
          choice.rejected
            ? { fourId, rejected: true, criterion }
            : choice.ties.length > 0
              ? { fourId, order: choice.order, ties: choice.ties, criterion }
              : { fourId, order: choice.order, criterion },
        ),
      );
    },
    [answer, questionId, source],
  );

  if (query.isPending) return <p className="text-muted text-sm">Loading the ballot…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-danger-fg text-sm">
        {query.error.message}
      </p>
    );
  if (ballot?.status === "closed") return source.closed ? source.closed() : <ClosedNotice />;
  const pair = fours ? undefined : ballot?.pairs[current];
  const four = fours ? ballot?.fours[current] : undefined;
  if (!ballot || (!pair && !four))
    return <p className="text-muted text-sm">This vote has nothing to vote on.</p>;
  const done = ballot.done;
  const total = ballot.questions;
  const noun = questionNoun(fours ? "fours" : "pairs", four?.slots.length);
  const finished = done === total;
  const shown = pair
    ? pair.picks.map((p, c) => pending.findLast((w) => w.id === pair.id && w.criterion === c)?.pick ?? p)
    : [];

  return (
    <div className="flex flex-col gap-5" data-testid="ballot" aria-busy={pending.length > 0}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <p
            role="status"
            aria-label="Votes given"
            className="font-medium text-[14px] text-foreground tabular-nums"
          >
            {done} of {total}
          </p>
          <div
            className="h-1.5 w-48 overflow-hidden rounded-full bg-surface-sunken"
            role="progressbar"
            aria-label={fours ? "Fours ranked" : "Pairs voted on"}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
          >
            <div
              className="h-full bg-accent transition-[width]"
              style={{ width: `${(done / Math.max(1, total)) * 100}%` }}
            />
          </div>
        </div>
        <div className="flex items-center gap-1 text-[13px] text-muted">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Previous ${noun}`}
            disabled={current === 0}
            onClick={() => setCurrentId(ids[current - 1] ?? questionId ?? null)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="tabular-nums">
            {fours ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)}` : "Pair"} {current + 1} of {total}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Next ${noun}`}
            disabled={current >= ids.length - 1}
            onClick={() => setCurrentId(ids[current + 1] ?? questionId ?? null)}
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
          {fours
            ? `You have ranked every ${noun}. You can still change an order until the vote is closed.`
            : "You have voted on every pair. You can still change a vote until the vote is closed."}
        </p>
      ) : null}
      {ballot.settled
        ? (source.settled ?? ((claim, line) => <SettledLine claim={claim}>{line}</SettledLine>))(
            ballot.settled,
            ballotLine({ done, pairs: total, noun }),
          )
        : null}
      {pair ? <PairQuestion pair={pair} criteria={ballot.criteria} shown={shown} onPick={pick} /> : null}
      {four ? (
        <FourQuestion four={four} criteria={ballot.criteria} busy={pending.length > 0} onRank={rank} />
      ) : null}
      <FormError>{error}</FormError>
    </div>
  );
}
