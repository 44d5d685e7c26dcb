// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread } from "@/lib/studio/comments/comments";
import type { Mark } from "@/lib/studio/comments/marks";
import { MarkLayer, shownMarks } from "./mark-layer";

afterEach(cleanup);
beforeEach(() => {
  useViewerStore.getState().setItem("item");
});

const arrow: Mark = {
  kind: "arrow",
  color: "red",
  points: [
    [0.1, 0.1],
    [0.2, 0.2],
  ],
};

/** The layer, with the box it takes on screen: a 200x100 image shown zoomed 3x and panned. */
function zoomedLayer(drawing: boolean, marks: readonly Mark[] = []) {
  const { getByTestId } = render(<MarkLayer marks={marks} drawing={drawing} label="Marks" />);
  const layer = getByTestId("mark-layer");
  vi.spyOn(layer, "getBoundingClientRect").mockReturnValue({
    left: -150,
    top: 40,
    width: 600,
    height: 300,
    right: 450,
    bottom: 340,
    x: -150,
    y: 40,
    toJSON: () => ({}),
  });
  return layer;
}

describe("the mark layer", () => {
  it("draws the chosen shape in the chosen colour, in fractions of the zoomed media", () => {
    useViewerStore.setState({ drawing: true, markTool: "rectangle", markColor: "green" });
    const layer = zoomedLayer(true);
    act(() => {
      fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: 0, clientY: 115 });
      fireEvent.pointerMove(layer, { pointerId: 1, clientX: 300, clientY: 265 });
      fireEvent.pointerUp(layer, { pointerId: 1, clientX: 300, clientY: 265 });
    });
    expect(useViewerStore.getState().draftMarks).toEqual([
      {
        kind: "rectangle",
        color: "green",
        points: [
          [0.25, 0.25],
          [0.75, 0.75],
        ],
      },
    ]);
  });

  it("keeps nothing from a click that did not move, and draws nothing unless drawing", () => {
    useViewerStore.setState({ drawing: true, markTool: "arrow" });
    const layer = zoomedLayer(true);
    act(() => {
      fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: 10, clientY: 100 });
      fireEvent.pointerUp(layer, { pointerId: 1, clientX: 10, clientY: 100 });
    });
    expect(useViewerStore.getState().draftMarks).toEqual([]);
    cleanup();
    const idle = zoomedLayer(false);
    act(() => {
      fireEvent.pointerDown(idle, { button: 0, pointerId: 2, clientX: 0, clientY: 100 });
      fireEvent.pointerMove(idle, { pointerId: 2, clientX: 300, clientY: 250 });
      fireEvent.pointerUp(idle, { pointerId: 2, clientX: 300, clientY: 250 });
    });
    expect(useViewerStore.getState().draftMarks).toEqual([]);
  });

  it("shows the marks being written first, then the hovered thread's, then the pressed one's", () => {
    const other: Mark = { ...arrow, color: "blue" };
    const threads = [
      { id: "a", marks: [arrow] },
      { id: "b", marks: [other] },
      { id: "c", marks: [] },
    ] as unknown as CommentThread[];
    const base = { drawing: false, draftMarks: [], selectedCommentId: "a", highlightedCommentId: null };
    expect(shownMarks(threads, base)).toEqual({ marks: [arrow], commentId: "a" });
    expect(shownMarks(threads, { ...base, highlightedCommentId: "b" })).toEqual({
      marks: [other],
      commentId: "b",
    });
    // A hovered thread without marks leaves the pressed one's shown.
    expect(shownMarks(threads, { ...base, highlightedCommentId: "c" })).toEqual({
      marks: [arrow],
      commentId: "a",
    });
    expect(shownMarks(threads, { ...base, draftMarks: [other] })).toEqual({
      marks: [other],
      commentId: null,
    });
    expect(shownMarks(threads, { ...base, drawing: true })).toEqual({ marks: [], commentId: null });
  });
});
