// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ballot, BallotFour, BallotPair } from "@/lib/studio/api/votes";

import { base, media, serve } from "./ballot-test-kit";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a ballot with criteria", () => {
  it("asks each criterion of a pair in a row of its own, Tie and Both bad included, keys on the one lit", async () => {
    const pair = (picks: BallotPair["picks"]): BallotPair => ({
      id: "p1",
      left: media("l"),
      right: media("r"),
      pick: picks[0] ?? null,
      picks,
    });
    let picks: BallotPair["picks"] = [null, null];
    const posts = serve(
      { ...base, format: "pairs", pairs: [pair(picks)], fours: [], done: 0, questions: 1, next: "p1" },
      (body) => {
        picks = picks.map((p, c) => (c === body.criterion ? (body.pick as BallotPair["pick"]) : p));
        const done = picks.every((p) => p !== null) ? 1 : 0;
        return {
          ...base,
          format: "pairs",
          pairs: [pair(picks)],
          fours: [],
          done,
          questions: 1,
          next: done ? null : "p1",
        };
      },
    );
    const adherence = await screen.findByRole("listitem", { name: "Prompt adherence" });
    expect(adherence.getAttribute("aria-current")).toBe("step");
    fireEvent.click(within(adherence).getByRole("button", { name: "Tie" }));
    await waitFor(() =>
      expect(within(adherence).getByRole("button", { name: "Tie" }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    // The pair stays: Aesthetics is lit now, and x answers it "both bad".
    const aesthetics = screen.getByRole("listitem", { name: "Aesthetics" });
    expect(aesthetics.getAttribute("aria-current")).toBe("step");
    fireEvent.keyDown(document.body, { key: "x" });
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("1 of 1"),
    );
    expect(posts).toEqual([
      { pairId: "p1", pick: "tie", criterion: 0 },
      { pairId: "p1", pick: "bad", criterion: 1 },
    ]);
    expect(within(aesthetics).getByRole("button", { name: "Both bad" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("keeps an answer given while the one before it is still on its way", async () => {
    const pair = (picks: BallotPair["picks"]): BallotPair => ({
      id: "p1",
      left: media("l"),
      right: media("r"),
      pick: picks[0] ?? null,
      picks,
    });
    let picks: BallotPair["picks"] = [null, null];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const posts = serve(
      { ...base, format: "pairs", pairs: [pair(picks)], fours: [], done: 0, questions: 1, next: "p1" },
      (body) => {
        picks = picks.map((p, c) => (c === body.criterion ? (body.pick as BallotPair["pick"]) : p));
        const done = picks.every((p) => p !== null) ? 1 : 0;
        return {
          ...base,
          format: "pairs",
          pairs: [pair(picks)],
          fours: [],
          done,
          questions: 1,
          next: done ? null : "p1",
        };
      },
      [held],
    );
    const adherence = await screen.findByRole("listitem", { name: "Prompt adherence" });
    const aesthetics = screen.getByRole("listitem", { name: "Aesthetics" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    // Shown answered at once, and the next criterion lit, while the server has not answered.
    await waitFor(() =>
      expect(within(adherence).getByRole("button", { name: "Left" }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    expect(aesthetics.getAttribute("aria-current")).toBe("step");
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(within(aesthetics).getByRole("button", { name: "Right" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    release();
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("1 of 1"),
    );
    expect(posts).toEqual([
      { pairId: "p1", pick: "left", criterion: 0 },
      { pairId: "p1", pick: "right", criterion: 1 },
    ]);
  });

  it("orders four by clicks and keys, the last placing itself, and saves per criterion", async () => {
    const slots = ["s1", "s2", "s3", "s4"].map((id) => ({ id, media: media(id) }));
    let ranks: BallotFour["ranks"] = [null, null];
    const four = (): BallotFour => ({ id: "f1", slots, ranks, ties: [[], []], rejected: [false, false] });
    const ballotOf = (): Ballot => {
      const done = ranks.every((r) => r !== null) ? 1 : 0;
      return {
        ...base,
        format: "fours",
        pairs: [],
        fours: [four()],
        done,
        questions: 1,
        next: done ? null : "f1",
      };
    };
    const posts = serve(ballotOf(), (body) => {
      ranks = ranks.map((r, c) => (c === body.criterion ? (body.order as string[]) : r));
      return ballotOf();
    });
    await screen.findByRole("button", { name: "Picture 3" });
    fireEvent.click(screen.getByRole("button", { name: "Picture 3" }));
    fireEvent.keyDown(document.body, { key: "1" });
    // Picture 2 pressed by mistake, and pressed again to take it back; then 4: 2 places itself last.
    fireEvent.click(screen.getByRole("button", { name: "Picture 2" }));
    fireEvent.click(screen.getByRole("button", { name: /^Picture 2, ranked/ }));
    fireEvent.keyDown(document.body, { key: "4" });
    expect(screen.getByRole("button", { name: "Picture 2, ranked 4th" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save this order for Prompt adherence" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ fourId: "f1", order: ["s3", "s1", "s4", "s2"], criterion: 0 });
    // On to Aesthetics, blank: keys and Enter.
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Aesthetics" }).getAttribute("aria-selected")).toBe("true"),
    );
    for (const key of ["2", "1", "3", "Enter"]) fireEvent.keyDown(document.body, { key });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ fourId: "f1", order: ["s2", "s1", "s3", "s4"], criterion: 1 });
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Votes given" }).textContent).toBe("1 of 1"),
    );
  });
});
