// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useGridFocus } from "./use-grid-focus";

let focusAt: (index: number) => void = () => {};

const cells = (round: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ key: `round ${round} cell ${index}`, index }));

/** Cells keyed by `round`: a new round re-mounts every cell, as a grid laid out again does. */
function Grid({ round, count = 3 }: { round: number; count?: number }) {
  const listRef = useRef<HTMLDivElement>(null);
  const grid = useGridFocus(listRef, count, () => {});
  focusAt = grid.focusAt;
  return (
    <div>
      <input aria-label="Search" />
      <div ref={listRef}>
        {cells(round, count).map(({ key, index }) => (
          <div key={key} data-index={index} tabIndex={index === grid.focusIndex ? 0 : -1}>
            {`cell ${index}`}
          </div>
        ))}
      </div>
    </div>
  );
}

const active = () => document.activeElement?.textContent ?? null;

afterEach(cleanup);

describe("the grid's roving focus", () => {
  it("moves the focus to the cell an arrow asked for", () => {
    render(<Grid round={0} />);
    act(() => focusAt(1));
    expect(active()).toBe("cell 1");
    expect(document.activeElement?.getAttribute("tabindex")).toBe("0");
  });

  it("takes the focus back when the focused cell is re-mounted under it", () => {
    const { rerender } = render(<Grid round={0} />);
    act(() => focusAt(2));
    expect(active()).toBe("cell 2");
    rerender(<Grid round={1} />);
    expect(active()).toBe("cell 2");
    rerender(<Grid round={2} />);
    expect(active()).toBe("cell 2");
  });

  it("leaves the focus where the person moved it", () => {
    const { rerender, getByLabelText } = render(<Grid round={0} />);
    act(() => focusAt(1));
    const search = getByLabelText("Search") as HTMLInputElement;
    act(() => search.focus());
    rerender(<Grid round={1} />);
    expect(document.activeElement).toBe(search);
  });

  it("does not pull the focus back after the person let it go", async () => {
    const { rerender } = render(<Grid round={0} />);
    act(() => focusAt(1));
    await act(async () => {
      (document.activeElement as HTMLElement).blur();
      await Promise.resolve();
    });
    rerender(<Grid round={1} />);
    expect(document.activeElement).toBe(document.body);
  });

  it("keeps the focused index inside a list that shrank", () => {
    const { rerender } = render(<Grid round={0} count={3} />);
    act(() => focusAt(2));
    rerender(<Grid round={0} count={2} />);
    expect(document.querySelector('[tabindex="0"]')?.textContent).toBe("cell 1");
  });
});
