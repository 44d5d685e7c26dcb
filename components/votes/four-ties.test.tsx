// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ballot, BallotFour } from "@/lib/studio/api/votes";

import { base, media, serve } from "./ballot-test-kit";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a set's ballot with ties and none is good", () => {
  const slots = ["s1", "s2", "s3", "s4"].map((id) => ({ id, media: media(id) }));
  /** A server that keeps each criterion's answer as posted and serves it back. */
  function setServer(first: Pick<BallotFour, "ranks" | "ties" | "rejected">) {
    let state = { ...first };
    const ballotOf = (): Ballot => {
      const done = state.ranks.every((r) => r !== null) ? 1 : 0;
      return {
        ...base,
        format: "fours",
        pairs: [],
        fours: [{ id: "f1", slots, ...state }],
        done,
        questions: 1,
        next: done ? null : "f1",
      };
    };
    return serve(ballotOf(), (body) => {
      const c = body.criterion as number;
      const set = <T,>(list: T[], value: T) => list.map((x, k) => (k === c ? value : x));
      state = {
        ranks: set(state.ranks, body.rejected ? [] : (body.order as string[])),
        ties: set(state.ties, (body.ties as string[][] | undefined) ?? []),
        rejected: set(state.rejected, body.rejected === true),
      };
      return ballotOf();
    });
  }
  const blank = { ranks: [null, null], ties: [[], []], rejected: [false, false] };

  it("puts two at one place with the mouse, and rejects the set on the next criterion", async () => {
    const posts = setServer(blank);
    fireEvent.click(await screen.findByRole("button", { name: "Picture 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Picture 1" }));
    fireEvent.click(screen.getByRole("button", { name: "As good as Picture 3" }));
    expect(screen.getByRole("button", { name: "Picture 1, ranked 1st, tied" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Picture 3, ranked 1st, tied" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Picture 4" }));
    expect(screen.getByRole("button", { name: "Picture 4, ranked 3rd" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Picture 2, ranked 4th" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save this order for Prompt adherence" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      fourId: "f1",
      order: ["s3", "s1", "s4", "s2"],
      ties: [["s3", "s1"]],
      criterion: 0,
    });
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Aesthetics" }).getAttribute("aria-selected")).toBe("true"),
    );
    fireEvent.click(screen.getByRole("button", { name: "None of these is good" }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ fourId: "f1", rejected: true, criterion: 1 });
    fireEvent.click(await screen.findByRole("tab", { name: "Aesthetics" }));
    expect(screen.getByText(/You said none of these is good for Aesthetics/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "None of these is good" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // Back on the first criterion, its saved tie shows as saved.
    fireEvent.click(screen.getByRole("tab", { name: "Prompt adherence" }));
    expect(screen.getByRole("button", { name: "As good as Picture 3" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("does the same by keys: = ties the last placed with the one before, x rejects", async () => {
    const posts = setServer(blank);
    await screen.findByRole("button", { name: "Picture 2" });
    for (const key of ["2", "1", "=", "4", "="]) fireEvent.keyDown(document.body, { key });
    expect(screen.getByRole("button", { name: "Picture 3, ranked 3rd, tied" })).toBeTruthy();
    // = again sets the last one apart.
    fireEvent.keyDown(document.body, { key: "=" });
    expect(screen.getByRole("button", { name: "Picture 3, ranked 4th" })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: "=" });
    fireEvent.keyDown(document.body, { key: "Enter" });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      fourId: "f1",
      order: ["s2", "s1", "s4", "s3"],
      ties: [
        ["s2", "s1"],
        ["s4", "s3"],
      ],
      criterion: 0,
    });
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Aesthetics" }).getAttribute("aria-selected")).toBe("true"),
    );
    fireEvent.keyDown(document.body, { key: "x" });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ fourId: "f1", rejected: true, criterion: 1 });
  });
});
