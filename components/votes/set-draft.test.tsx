// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { media } from "./ballot-test-kit";
import { useRankKeys } from "./set-draft";

afterEach(cleanup);

const slots = ["s1", "s2", "s3"].map((id) => ({ id, media: media(id) }));

/**
 * A ballot whose keys answer for `criterion`, and which presses `key` as soon as a render showing
 * `pressAt` is on screen: before the effects that follow the render have run.
 */
function Ballot(props: { criterion: number; pressAt: number; press: string; heard: string[] }) {
  const { criterion, pressAt, press, heard } = props;
  const keys = {
    place: (id: string) => heard.push(`place ${id} on ${criterion}`),
    tieLast: () => heard.push(`tie on ${criterion}`),
    back: () => heard.push(`back on ${criterion}`),
    save: () => heard.push(`save on ${criterion}`),
    reject: () => heard.push(`reject on ${criterion}`),
  };
  useRankKeys(slots, keys);
  useLayoutEffect(() => {
    if (criterion === pressAt)
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: press, bubbles: true }));
  }, [criterion, pressAt, press]);
  return <p>Criterion {criterion}</p>;
}

describe("a set's ballot keys", () => {
  it("answer for the criterion on screen from the moment it shows, not the one before", () => {
    for (const [key, said] of [
      ["x", "reject on 1"],
      ["2", "place s2 on 1"],
      ["=", "tie on 1"],
      ["Backspace", "back on 1"],
      ["Enter", "save on 1"],
    ] as const) {
      const heard: string[] = [];
      const { rerender, unmount } = render(<Ballot criterion={0} pressAt={1} press={key} heard={heard} />);
      rerender(<Ballot criterion={1} pressAt={1} press={key} heard={heard} />);
      expect(heard, key).toEqual([said]);
      unmount();
    }
  });

  it("leave keys typed into a field to the field", () => {
    const heard: string[] = [];
    render(<Ballot criterion={0} pressAt={-1} press="x" heard={heard} />);
    const input = document.createElement("input");
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "x", bubbles: true }));
    expect(heard).toEqual([]);
    input.remove();
  });
});
