// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RankedVariant, VoteResults } from "@/lib/studio/api/votes";
import { VoteRankings } from "./vote-rankings";

const variant = (value: number, over: Partial<RankedVariant>): RankedVariant => ({
  value,
  runId: null,
  label: `Prompt ${value + 1}`,
  score: 0,
  low: null,
  high: null,
  winChance: 0.5,
  wins: 0,
  losses: 0,
  ties: 0,
  rejected: 0,
  rejectedRate: 0,
  rejectedSets: 0,
  ...over,
});
const ranking = (variants: RankedVariant[]) => ({ variants, agreement: null, ties: 0 });
const adherence = ranking([
  variant(1, { wins: 2, winChance: 0.8 }),
  variant(0, { losses: 2, winChance: 0.2 }),
]);
const aesthetics = ranking([
  variant(0, { wins: 1, winChance: 0.7, rejected: 1, rejectedRate: 0.5 }),
  variant(1, { losses: 1, winChance: 0.3, rejected: 1, rejectedRate: 0.5 }),
]);
const results: VoteResults = {
  id: "v",
  experimentId: null,
  evalSetId: null,
  name: "Which works best?",
  status: "closed",
  criteria: ["Prompt adherence", "Aesthetics"],
  format: "pairs",
  axisName: "Prompt",
  pairs: 2,
  votes: 4,
  voters: 1,
  closedAt: "2026-11-29T09:00:00.000Z",
  byCriterion: [
    { name: "Prompt adherence", settled: null, ranking: adherence },
    { name: "Aesthetics", settled: null, ranking: aesthetics },
  ],
  settled: null,
  voting: null,
  ranking: adherence,
  team: { votes: 4, voters: 1, ranking: adherence, byCriterion: [adherence, aesthetics] },
  guests: { votes: 0, voters: 0, ranking: null, byCriterion: [null, null] },
};

afterEach(cleanup);

describe("a closed vote's rankings by criterion", () => {
  it("shows a column per criterion, and each tab its own ranking, counts and rejected rate", () => {
    render(<VoteRankings results={results} />);
    const table = screen.getByRole("table", { name: "Places by criterion" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Prompt", "Prompt adherence", "Aesthetics"]);
    expect(within(table).getByRole("row", { name: /Prompt 1/ }).textContent).toContain("#2");
    expect(screen.getByTestId("vote-ranking").textContent).toContain("2 votes from 1 voter");
    fireEvent.click(screen.getByRole("tab", { name: "Aesthetics" }));
    expect(screen.getByRole("tab", { name: "Aesthetics" }).getAttribute("aria-selected")).toBe("true");
    const shown = screen.getByTestId("vote-ranking");
    expect(shown.textContent).toContain("2 votes from 1 voter");
    expect(screen.getAllByTestId("rejected-rate")[0]?.textContent).toBe("Rejected 50% (both bad 1×)");
    expect(shown.textContent).toContain("“Both bad” answers do not move this ranking");
  });

  it("compares the team's and the guests' votes on every criterion, not the first alone", () => {
    // The guests put Prompt 2 first on Aesthetics, where the team put it last.
    const guestAesthetics = ranking([
      variant(1, { wins: 3, winChance: 0.9 }),
      variant(0, { losses: 3, winChance: 0.1 }),
    ]);
    const guestAdherence = ranking([
      variant(1, { wins: 1, winChance: 0.6 }),
      variant(0, { losses: 1, winChance: 0.4 }),
    ]);
    render(
      <VoteRankings
        results={{
          ...results,
          votes: 14,
          voters: 3,
          guests: {
            votes: 10,
            voters: 2,
            ranking: guestAdherence,
            byCriterion: [guestAdherence, guestAesthetics],
          },
        }}
      />,
    );
    const placeOf = (label: string, criterion: number) =>
      within(screen.getByRole("table", { name: "Places by criterion" }))
        .getByRole("row", { name: new RegExp(label) })
        .querySelectorAll("td")
        [criterion]?.textContent?.split(" ")[0];
    expect(placeOf("Prompt 2", 1)).toBe("#2");
    fireEvent.click(screen.getByRole("tab", { name: /^Guests/ }));
    expect(placeOf("Prompt 2", 0)).toBe("#1");
    expect(placeOf("Prompt 2", 1)).toBe("#1");
    fireEvent.click(screen.getByRole("tab", { name: "Aesthetics" }));
    expect(screen.getByTestId("vote-ranking").textContent).toContain("from 2 voters");
    fireEvent.click(screen.getByRole("tab", { name: /^Team/ }));
    expect(placeOf("Prompt 2", 1)).toBe("#2");
  });
});
