// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VoteFormat } from "@/lib/studio/votes/count-words";
import { BallotPage } from "./ballot-page";
import { GuestVote } from "./guest-vote";

// Who else is on the page reads the live stream; the intro does not depend on it.
vi.mock("@/components/presence/presence-avatars", () => ({ PresenceAvatars: () => null }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {}, replace: () => {} }) }));

const VOTE = "00000000-0000-4000-8000-000000000031";
const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A member's ballot page over an open vote of this format (read-only: the intro is the point). */
async function memberIntro(format: VoteFormat): Promise<string> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      json({
        id: VOTE,
        experimentId: "e",
        evalSetId: null,
        name: "Which works best?",
        status: "open",
        format,
        votes: 0,
      }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BallotPage voteId={VOTE} canVote={false} canClose={false} />
    </QueryClientProvider>,
  );
  // The vote has read once the page says voting is in progress.
  await screen.findByText(/Voting is in progress/);
  return screen.getByText(/stays hidden until the vote is closed/).textContent ?? "";
}

/** A guest's ballot through a link over an open vote of this format; its ballot never loads here. */
function guestIntro(format: VoteFormat): string {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => {})),
  );
  render(<GuestVote token="t0k3n" name="Which works best?" experimentName="Harbours" format={format} />);
  return screen.getByText(/Nobody sees which is which/).textContent ?? "";
}

describe("the intro above a ballot says what it asks", () => {
  it("asks a member to order each set, with As good as and None of these is good, not to pick of a pair", async () => {
    const text = await memberIntro("fours");
    expect(text).toContain("Order the pictures of each set from best to worst");
    expect(text).toContain("“As good as” puts two at one place");
    expect(text).toContain("“None of these is good” turns the whole set down");
    expect(text).toContain("until you have ranked every set");
    expect(text).not.toMatch(/pair/);
  });

  it("asks a guest the same of a set ballot", () => {
    const text = guestIntro("fours");
    expect(text).toContain("Order the pictures of each set from best to worst");
    expect(text).toContain("“None of these is good”");
    expect(text).not.toMatch(/pair/);
  });

  it("still asks the better of each pair on a ballot of pairs", async () => {
    expect(await memberIntro("pairs")).toMatch(/^Pick the better of each pair\. .*voted on every pair/);
    cleanup();
    expect(guestIntro("pairs")).toMatch(/^Pick the better of each pair\. Nobody sees/);
  });
});
