// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { BallotPick } from "@/lib/studio/votes/input";
import { media } from "./ballot-test-kit";
import { PairQuestion } from "./pair-question";

afterEach(cleanup);

const CRITERIA = ["Prompt adherence", "Aesthetics"];
const pair = { id: "p1", left: media("a"), right: media("b"), pick: null, picks: [null, null] };

/**
 * A pair whose first criterion is `shown` answered or not, and which presses `press` as soon as a
 * render with the first criterion answered is on screen: before the effects after it have run.
 */
function Ballot(props: { shown: (BallotPick | null)[]; press: string; heard: string[] }) {
  const { shown, press, heard } = props;
  useLayoutEffect(() => {
    if (shown[0] !== null)
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: press, bubbles: true }));
  }, [shown, press]);
  return (
    <PairQuestion
      pair={pair}
      criteria={CRITERIA}
      shown={shown}
      onPick={(pick, criterion) => heard.push(`${pick} on ${criterion}`)}
    />
  );
}

describe("a pair's keys", () => {
  it("answer the criterion on screen from the moment it shows, not the one before", () => {
    for (const [press, said] of [
      ["1", "left on 1"],
      ["ArrowRight", "right on 1"],
      ["=", "tie on 1"],
      ["x", "bad on 1"],
    ] as const) {
      const heard: string[] = [];
      const { rerender, unmount } = render(<Ballot shown={[null, null]} press={press} heard={heard} />);
      expect(heard).toEqual([]);
      rerender(<Ballot shown={["left", null]} press={press} heard={heard} />);
      expect(heard, press).toEqual([said]);
      unmount();
    }
  });

  it("leave keys typed into a field, or with a modifier, to the field and the browser", () => {
    const heard: string[] = [];
    render(<Ballot shown={[null, null]} press="1" heard={heard} />);
    const input = document.createElement("input");
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "1", ctrlKey: true, bubbles: true }));
    expect(heard).toEqual([]);
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "2", bubbles: true }));
    expect(heard).toEqual(["right on 0"]);
    input.remove();
  });
});
