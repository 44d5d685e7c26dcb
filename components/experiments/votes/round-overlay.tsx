"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Dialog } from "@/components/ui/dialog";
import { resultsKey } from "@/lib/client/live/round-changes";
import { useApiQuery } from "@/lib/client/use-api";
import { type RoundResults, roundAnchor } from "@/lib/studio/experiments/votes";
import { plural } from "@/lib/studio/words";
import { BallotPanel } from "./ballot-panel";
import { RoundRanking } from "./round-ranking";

/**
 * The round a link names (`?round=<id>`): its voting panel while open, its ranking once closed.
 * `anchorId` is the experiment or evaluation set whose page this is.
 */
export function RoundOverlay({ anchorId, canVote }: { anchorId: string; canVote: boolean }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const roundId = params.get("round");
  const results = useApiQuery<RoundResults>(
    resultsKey(roundId ?? "none"),
    `/api/rounds/${roundId}/results`,
    roundId !== null,
  );
  if (!roundId) return null;
  const close = () => router.replace(pathname, { scroll: false });
  // A link to a round of another experiment or set (or another version) opens nothing here.
  const round = results.data && roundAnchor(results.data) === anchorId ? results.data : undefined;
  const elsewhere = results.data !== undefined && round === undefined;
  const closed = round?.status === "closed";
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : close())}
      title={round ? round.name : "Blind vote"}
      description={
        closed
          ? "Closed: which is which is shown now."
          : "Pick the better of the two. Which is which stays hidden until the vote is closed."
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
      ) : !round ? (
        <p className="text-muted text-sm">Loading the vote…</p>
      ) : closed ? (
        <RoundRanking results={round} />
      ) : canVote ? (
        <BallotPanel roundId={roundId} anchorId={anchorId} />
      ) : (
        <p className="text-[13px] text-muted">
          Voting is in progress: {plural(round.votes, "vote")} so far. Reviewers, editors and owners vote; the
          ranking shows once the vote is closed.
        </p>
      )}
    </Dialog>
  );
}
