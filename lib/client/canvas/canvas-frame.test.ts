import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extentsBeyond, moveFrame, resizeFrame, snapFrame } from "./canvas-frame";

describe("the generation frame", () => {
  it("moves and sizes only in steps the service renders, whatever the drag", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        (dx, dy, dw, dh) => {
          const frame = resizeFrame(moveFrame({ x: 0, y: 0, width: 768, height: 512 }, dx, dy), dw, dh);
          for (const n of [frame.x, frame.y, frame.width, frame.height]) expect(Math.abs(n % 64)).toBe(0);
          expect(frame.width).toBeGreaterThanOrEqual(128);
          expect(frame.width).toBeLessThanOrEqual(2048);
          expect(frame.height).toBeGreaterThanOrEqual(128);
          expect(frame.height).toBeLessThanOrEqual(2048);
        },
      ),
    );
  });

  it("snaps a hand-made rectangle", () => {
    expect(snapFrame({ x: 30, y: -40, width: 5000, height: 10 })).toEqual({
      x: 0,
      y: -64,
      width: 2048,
      height: 128,
    });
  });

  it("measures how far it reaches past each edge as outpaint sides", () => {
    expect(extentsBeyond({ x: -128, y: 0, width: 768, height: 640 }, { width: 768, height: 512 })).toEqual({
      top: 0,
      left: 128,
      right: 0,
      bottom: 128,
    });
    expect(extentsBeyond({ x: 64, y: 64, width: 128, height: 128 }, { width: 768, height: 512 })).toEqual({
      top: 0,
      left: 0,
      right: 0,
      bottom: 0,
    });
  });
});
