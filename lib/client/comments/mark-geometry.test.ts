import { describe, expect, it } from "vitest";
import { FREEHAND_POINTS_MAX, type MarkPoint } from "@/lib/studio/comments/marks";
import { boxOnScreen, isDrawn, markShape, thinStroke, toRelative, toScreen } from "./mark-geometry";

describe("mark geometry", () => {
  // A 400x300 image laid out at (100, 50) inside a stage whose own corner is at (20, 80).
  const stage = { left: 20, top: 80 };
  const media = { left: 100, top: 50, width: 400, height: 300 };

  it("reads a pointer as the same point of the media at every zoom and pan", () => {
    const fitted = boxOnScreen(stage, media, { scale: 1, positionX: 0, positionY: 0 });
    const zoomed = boxOnScreen(stage, media, { scale: 2.5, positionX: -310, positionY: -120 });
    expect(zoomed).toEqual({ left: 20 - 310 + 250, top: 80 - 120 + 125, width: 1000, height: 750 });
    // The image's point at a quarter across and two thirds down, found on screen in each.
    for (const box of [fitted, zoomed]) {
      const x = box.left + box.width * 0.25;
      const y = box.top + (box.height * 2) / 3;
      expect(toRelative(x, y, box)).toEqual([0.25, 0.6667]);
    }
  });

  it("puts a point back where the pointer was, at another zoom too", () => {
    const zoomed = boxOnScreen(stage, media, { scale: 3, positionX: -500, positionY: -260 });
    const p = toRelative(612, 433, zoomed);
    const back = toScreen(p, zoomed);
    expect(back.x).toBeCloseTo(612, 0);
    expect(back.y).toBeCloseTo(433, 0);
    // The same point of the media, shown fitted, lands at the same fraction of the fitted box.
    const fitted = boxOnScreen(stage, media, { scale: 1, positionX: 0, positionY: 0 });
    const there = toScreen(p, fitted);
    expect((there.x - fitted.left) / fitted.width).toBeCloseTo((612 - zoomed.left) / zoomed.width, 3);
  });

  it("keeps a pointer dragged off the media on its edge", () => {
    const box = { left: 0, top: 0, width: 200, height: 100 };
    expect(toRelative(-40, 250, box)).toEqual([0, 1]);
    expect(toRelative(100, 50, { ...box, width: 0 })).toEqual([0, 0]);
  });

  it("thins a freehand stroke: still points dropped, a long one cut to the limit, both ends kept", () => {
    const still: MarkPoint[] = [
      [0.1, 0.1],
      [0.1, 0.1],
      [0.1001, 0.1],
      [0.2, 0.2],
    ];
    expect(thinStroke(still)).toEqual([
      [0.1, 0.1],
      [0.2, 0.2],
    ]);
    const long = Array.from({ length: 3000 }, (_, i): MarkPoint => [i / 3000, 0.5]);
    const thinned = thinStroke(long);
    expect(thinned).toHaveLength(FREEHAND_POINTS_MAX);
    expect(thinned[0]).toEqual(long[0]);
    expect(thinned.at(-1)).toEqual(long.at(-1));
  });

  it("tells a click from a drawn shape", () => {
    const p: MarkPoint = [0.5, 0.5];
    expect(isDrawn({ kind: "rectangle", color: "red", points: [p, p] })).toBe(false);
    expect(isDrawn({ kind: "rectangle", color: "red", points: [p, [0.6, 0.7]] })).toBe(true);
  });

  it("draws each kind in the layer's pixels, whichever corner the drag started from", () => {
    const points: [MarkPoint, MarkPoint] = [
      [0.75, 0.5],
      [0.25, 0.1],
    ];
    expect(markShape({ kind: "rectangle", color: "red", points }, 400, 200, 2)).toEqual({
      kind: "rect",
      x: 100,
      y: 20,
      width: 200,
      height: 80,
    });
    expect(markShape({ kind: "ellipse", color: "red", points }, 400, 200, 2)).toEqual({
      kind: "ellipse",
      cx: 200,
      cy: 60,
      rx: 100,
      ry: 40,
    });
    const arrow = markShape({ kind: "arrow", color: "red", points }, 400, 200, 2);
    expect(arrow).toMatchObject({ kind: "line", x1: 300, y1: 100, x2: 100, y2: 20 });
    const stroke = markShape(
      {
        kind: "freehand",
        color: "red",
        points: [
          [0.1, 0.1],
          [0.5, 0.5],
          [0.9, 0.2],
        ],
      },
      400,
      200,
      2,
    );
    expect(stroke.kind).toBe("path");
    expect(stroke.kind === "path" && stroke.d.startsWith("M")).toBe(true);
  });
});
