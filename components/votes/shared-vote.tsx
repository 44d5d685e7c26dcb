import { Vote } from "lucide-react";
import type { VoteResults } from "@/lib/studio/api/votes";
import { VoteRankings } from "./vote-rankings";

/** A vote's public page: the ranking once closed; while open, only that voting goes on. */
export function SharedVote({ results, experimentName }: { results: VoteResults; experimentName: string }) {
  return (
    <section className="flex flex-col gap-6 rounded-panel border border-border bg-panel p-6 shadow-panel">
      <header>
        <p className="mb-2 font-medium text-accent-fg text-xs uppercase tracking-[0.14em]">
          Blind vote · {experimentName}
        </p>
        <h1 className="font-semibold text-[22px] text-foreground tracking-tight">{results.name}</h1>
      </header>
      {results.ranking ? (
        <>
          <p
            role="status"
            aria-label="Vote closed"
            className="rounded-control border border-border bg-panel-raised px-3 py-2 text-[13px] text-muted"
          >
            This vote is closed: voting has ended, and this is its ranking.
          </p>
          <VoteRankings results={results} />
        </>
      ) : (
        <div className="flex items-center gap-3 text-[14px] text-muted" role="status">
          <Vote aria-hidden className="size-5 text-muted-subtle" />
          Voting is in progress ({results.votes} {results.votes === 1 ? "vote" : "votes"} so far). The ranking
          shows here once the vote is closed.
        </div>
      )}
    </section>
  );
}
