// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyVoteChange } from "@/lib/client/stream/vote-changes";
import type { Ballot, BallotPair } from "@/lib/studio/api/votes";
import { BallotPanel } from "./ballot-panel";

const VOTE = "00000000-0000-4000-8000-000000000009";
const side = (pair: string, s: string) => ({
  url: `/m/${pair}-${s}.png`,
  kind: "image" as const,
  width: 8,
  height: 8,
});
const pairOf = (id: string, pick: BallotPair["pick"] = null): BallotPair => ({
  id,
  left: side(id, "l"),
  right: side(id, "r"),
  pick,
  picks: [pick],
});
const ballot = (pairs: BallotPair[], next: string | null): Ballot => ({
  id: VOTE,
  experimentId: "exp",
  evalSetId: null,
  name: "Which prompt works best?",
  status: "open",
  criteria: [],
  format: "pairs",
  pairs,
  fours: [],
  questions: pairs.length,
  done: pairs.filter((p) => p.pick !== null).length,
  next,
  settled: null,
});
const shownLeft = () => screen.getByRole("img", { name: "Left candidate" }).getAttribute("src");
const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the ballot while a pick is in flight", () => {
  it("keeps the pair on screen until the answer names the next one, and takes no second pick meanwhile", async () => {
    let served = ballot([pairOf("p1"), pairOf("p2"), pairOf("p3")], "p1");
    let answer: (r: Response) => void = () => {};
    const picks: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        if (init.method === "POST") {
          picks.push(JSON.parse(String(init.body)));
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        }
        return Promise.resolve(json(served));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BallotPanel voteId={VOTE} anchorId="exp" canClose={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(shownLeft()).toBe("/m/p1-l.png"));

    fireEvent.click(screen.getByRole("button", { name: "Left is better" }));
    // The chosen side is lit at once; the pair stays, and a second key waits for the answer.
    expect(screen.getByRole("button", { name: "Left is better" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(document.body, { key: "2" });
    expect(picks).toEqual([{ pairId: "p1", pick: "left", criterion: 0 }]);
    expect(shownLeft()).toBe("/m/p1-l.png");
    expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("0 of 3");

    // The server, with the pick counted, asks about p3 next (not p2, next in the old order).
    served = ballot([pairOf("p1", "left"), pairOf("p3"), pairOf("p2")], "p3");
    await act(async () => answer(json({ pairId: "p1", pick: "left", ballot: served })));
    await waitFor(() => expect(shownLeft()).toBe("/m/p3-l.png"));
    expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("1 of 3");

    // A teammate's vote reorders the rest: the pair on screen does not move.
    served = ballot([pairOf("p1", "left"), pairOf("p2"), pairOf("p3")], "p2");
    await act(async () => applyVoteChange(client, { kind: "round", anchorId: "exp", roundId: VOTE }));
    await waitFor(() => expect(screen.getByText("Pair 3 of 3")).toBeTruthy());
    expect(shownLeft()).toBe("/m/p3-l.png");
  });
});

describe("the ballot when a changed pick lands after the voter moved on", () => {
  it("stays on the pair the voter went to", async () => {
    let served = ballot([pairOf("p1", "left"), pairOf("p2", "left")], null);
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        if (init.method === "POST")
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        return Promise.resolve(json(served));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BallotPanel voteId={VOTE} anchorId="exp" canClose={false} />
      </QueryClientProvider>,
    );
    // Every pair voted on: the last is on screen. Back one, change the pick, then on again.
    await waitFor(() => expect(screen.getByText("Pair 2 of 2")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Previous pair" }));
    await waitFor(() => expect(shownLeft()).toBe("/m/p1-l.png"));
    fireEvent.click(screen.getByRole("button", { name: "Right is better" }));
    fireEvent.click(screen.getByRole("button", { name: "Next pair" }));
    await waitFor(() => expect(shownLeft()).toBe("/m/p2-l.png"));

    // The changed pick is answered with nothing left to ask: the pair on screen stays.
    served = ballot([pairOf("p1", "right"), pairOf("p2", "left")], null);
    await act(async () => answer(json({ pairId: "p1", pick: "right", ballot: served })));
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("2 of 2"),
    );
    expect(shownLeft()).toBe("/m/p2-l.png");
    expect(screen.getByText("Pair 2 of 2")).toBeTruthy();
  });
});

describe("the ballot when the vote closes while a pick is sent", () => {
  it("says it is closed once, with no error beside it", async () => {
    let served = ballot([pairOf("p1"), pairOf("p2")], "p1");
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        if (init.method === "POST") {
          served = { ...served, status: "closed", next: null };
          return Promise.resolve(
            new Response(
              JSON.stringify({
                errors: [{ code: "voteClosed", message: "This vote is closed.", parameter: "id" }],
              }),
              { status: 409 },
            ),
          );
        }
        return Promise.resolve(json(served));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BallotPanel voteId={VOTE} anchorId="exp" canClose={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(shownLeft()).toBe("/m/p1-l.png"));
    fireEvent.click(screen.getByRole("button", { name: "Left is better" }));
    await waitFor(() => expect(screen.getAllByRole("status", { name: "Vote closed" })).toHaveLength(1));
    expect(screen.queryByText("This vote is closed.")).toBeNull();
    expect(screen.queryByRole("img", { name: "Left candidate" })).toBeNull();
  });
});

describe("a settled claim on a ballot", () => {
  it("tells a voter who has not voted that their pairs count, with the claim's confidence", async () => {
    const served: Ballot = {
      ...ballot([pairOf("p1"), pairOf("p2")], "p1"),
      settled: {
        scope: "top",
        held: 96,
        confidence: 95,
        remaining: 5,
        members: 2,
        notStarted: 1,
        guests: 0,
        guestsOpen: false,
      },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(json(served))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BallotPanel voteId={VOTE} anchorId="exp" canClose={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByRole("status", { name: "Settled" })).toBeTruthy());
    expect(screen.getByRole("status", { name: "Settled" }).textContent).toBe(
      "Settled at 95%: the votes still to come are very unlikely to change which one is on top.",
    );
    expect(screen.getByTestId("settled-basis").textContent).toContain("In 96 of 100 simulated endings");
    expect(screen.getByText(/Your 2 pairs are among the votes played out/)).toBeTruthy();
    expect(screen.queryByText(/nothing useful/i)).toBeNull();
  });
});
