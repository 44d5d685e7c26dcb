// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StartVoteDialog, type VoteStart } from "./start-vote-dialog";

afterEach(cleanup);

/** The dialog over `variants` compared, `pairs` made; `start` records what Start sends. */
function dialog(variants: number, pairs: number | null, start: (o: VoteStart) => void = () => {}) {
  const props = {
    title: "Start a blind vote",
    description: "Teammates vote blind.",
    nameId: "round-name",
    namePlaceholder: "Which works best?",
    status: "The pairs' own line",
    start: async (o: VoteStart) => {
      start(o);
      return { id: "v" };
    },
    onStarted: () => {},
    onClose: () => {},
  };
  const view = render(<StartVoteDialog {...props} variants={variants} pairs={pairs} />);
  return (next: number, nextPairs: number | null) =>
    view.rerender(<StartVoteDialog {...props} variants={next} pairs={nextPairs} />);
}

describe("the start dialog's words follow the size of the sets chosen", () => {
  it("speaks of sets of three over three, and of pairs once the count leaves three or four", async () => {
    const sent: VoteStart[] = [];
    const choose = dialog(4, 12, (o) => sent.push(o));
    fireEvent.click(screen.getByRole("switch", { name: "Rank four at once" }));
    expect(screen.getByRole("status").textContent).toBe("2 sets of four for each voter to rank");
    expect(screen.getByText(/is judged on each one/).textContent).toMatch(/each set of four is judged/);

    // One value unticked: the same choice now ranks three at once.
    choose(3, 6);
    expect(screen.getByRole("switch", { name: "Rank three at once" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.getByRole("status").textContent).toBe("2 sets of three for each voter to rank");
    expect(screen.getByText(/is judged on each one/).textContent).toMatch(/each set of three is judged/);
    expect(document.body.textContent).not.toMatch(/four/);

    // Five: no set can hold them, the switch is off, and the dialog asks pairs, in words and in what it sends.
    choose(5, 10);
    expect(screen.getByRole("status").textContent).toBe("The pairs' own line");
    expect(screen.getByText(/is judged on each one/).textContent).toMatch(/each pair is judged/);
    fireEvent.click(screen.getByRole("button", { name: "Start the vote" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.format).toBeUndefined();

    // Two: a pair, never "sets of three".
    choose(2, 1);
    expect(screen.getByRole("status").textContent).toBe("The pairs' own line");
  });

  it("names the set of the chosen size where it cannot count the sets", () => {
    dialog(3, null);
    fireEvent.click(screen.getByRole("switch", { name: "Rank three at once" }));
    expect(screen.getByRole("status").textContent).toBe("Each voter ranks one set of three at a time.");
  });
});
