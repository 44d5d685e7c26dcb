// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VoteSummary } from "@/lib/studio/api/votes";
import { VoteList } from "./vote-list";

const VOTE = "00000000-0000-4000-8000-000000000021";
const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
const summary = (over: Partial<VoteSummary>): VoteSummary => ({
  id: VOTE,
  experimentId: null,
  evalSetId: null,
  name: "Which result works best?",
  status: "open",
  criteria: [],
  format: "fours",
  axisName: "Result",
  variantCount: 4,
  pairs: 6,
  votes: 12,
  rejectedSets: 0,
  voters: 2,
  guestVoters: 0,
  myVotes: 0,
  createdByName: "Ada",
  createdAt: "2026-11-29T10:00:00.000Z",
  closedAt: null,
  ...over,
});

function list(vote: VoteSummary) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.endsWith("/results")
        ? json({ id: VOTE, status: "open", settled: null })
        : url.includes("/guests")
          ? json({ items: [] })
          : json({ items: [vote] }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VoteList owner={{ voteId: VOTE }} canRun={false} canVote={false} canShare={false} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a vote's counts in the list", () => {
  it("counts a set rejected whole apart from the rankings, as the results screen does", async () => {
    // Two answers on one set of four: one order, one "none of these is good".
    list(summary({ rejectedSets: 1 }));
    expect(await screen.findByTestId("vote-counts")).toHaveProperty(
      "textContent",
      "4 results · 1 set of four · 1 ranking, 1 set rejected (12 pairwise votes) from 2 voters",
    );
  });

  it("counts rankings alone when no set was rejected, and sets of three by threes", async () => {
    list(summary({ variantCount: 3, pairs: 3, votes: 9, voters: 3 }));
    expect((await screen.findByTestId("vote-counts")).textContent).toBe(
      "3 results · 1 set of three · 3 rankings (9 pairwise votes) from 3 voters",
    );
  });
});
