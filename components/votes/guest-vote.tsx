"use client";

import { EyeOff } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import { Providers } from "@/components/providers";
import { call, queryKeyOf } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ballotAsk } from "@/lib/studio/votes/ballot-words";
import type { VoteFormat } from "@/lib/studio/votes/count-words";
import { BallotBoard, type BallotSource, ClosedNotice } from "./ballot-panel";

/**
 * A guest has no live stream: the ballot asks again this often whether the vote is still open
 * (and a pick sent after it closed finds out at once).
 */
const GUEST_POLL_MS = 10_000;

/** Closed while the guest was voting: said once, then the page reads again and shows the ranking. */
function ClosedThenRanking() {
  const router = useRouter();
  useEffect(() => router.refresh(), [router]);
  return <ClosedNotice />;
}

/**
 * A vote's public page while it is open, through a link that takes votes: the guest's own ballot,
 * blind like a member's, and no counts or ranking until the vote is closed.
 */
export function GuestVote({
  token,
  name,
  experimentName,
  format,
}: {
  token: string;
  name: string;
  experimentName: string;
  /** Pairs or sets: what the intro says the ballot asks. */
  format: VoteFormat;
}) {
  const source = useMemo<BallotSource>(
    () => ({
      queryKey: queryKeyOf(api.guestVotes.ballot, { params: { token } }),
      load: (signal) => call(api.guestVotes.ballot, { params: { token } }, { signal }),
      send: (body) => call(api.guestVotes.pick, { params: { token }, body }),
      rank: (body) => call(api.guestVotes.rank, { params: { token }, body }),
      pollMs: GUEST_POLL_MS,
      closed: () => <ClosedThenRanking />,
    }),
    [token],
  );
  return (
    <section className="flex flex-col gap-6 rounded-panel border border-border bg-panel p-6 shadow-panel">
      <header className="flex flex-col gap-2">
        <p className="font-medium text-accent-fg text-xs uppercase tracking-[0.14em]">
          Blind vote · {experimentName}
        </p>
        <h1 className="font-semibold text-[22px] text-foreground tracking-tight">{name}</h1>
        <p className="flex items-center gap-2 text-[13px] text-muted">
          <EyeOff aria-hidden className="size-4 shrink-0 text-muted-subtle" />
          {ballotAsk(format)} Nobody sees which is which while voting goes on; the ranking shows on this page
          once the vote is closed.
        </p>
      </header>
      <Providers>
        <BallotBoard source={source} />
      </Providers>
    </section>
  );
}
