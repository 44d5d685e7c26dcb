import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutpaintAgainstSeed } from "@/lib/protocol/image-inference";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import {
  applyKeyMove,
  axisBudget,
  clampExtents,
  dragExtents,
  frameSize,
  keyMove,
  NO_EXTENSION,
  OUTPAINT_BIG_STEP,
  OUTPAINT_SIDES,
  OUTPAINT_STEP,
  type OutpaintExtents,
  sameExtents,
  setSide,
  setSideWithNote,
  sideMax,
  snapToStep,
  stepSide,
} from "./outpaint";

const MAX_W = IMAGE_LIMITS.width.max;
const MAX_H = IMAGE_LIMITS.height.max;
const seed = { width: 1024, height: 768 };

describe("snapToStep", () => {
  it("rounds to the nearest multiple of the step", () => {
    expect(OUTPAINT_STEP).toBe(64);
    expect(snapToStep(0)).toBe(0);
    expect(snapToStep(31)).toBe(0);
    expect(snapToStep(32)).toBe(64);
    expect(snapToStep(95)).toBe(64);
    expect(snapToStep(96)).toBe(128);
    expect(snapToStep(1000)).toBe(1024);
  });
  it("never gives -0 or NaN", () => {
    expect(Object.is(snapToStep(-10), 0)).toBe(true);
    expect(snapToStep(Number.NaN)).toBe(0);
    expect(snapToStep(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("side bounds", () => {
  it("gives each axis what is left under the frame max", () => {
    expect(axisBudget(seed, "width")).toBe(MAX_W - 1024);
    expect(axisBudget(seed, "height")).toBe(MAX_H - 768);
    expect(axisBudget({ width: MAX_W, height: 64 }, "width")).toBe(0);
    expect(axisBudget({ width: 3000, height: 64 }, "width")).toBe(0);
    // A seed off the grid still leaves whole steps only.
    expect(axisBudget({ width: 1000, height: 64 }, "width")).toBe(1024);
  });
  it("shares the budget with the opposite side", () => {
    const e = { ...NO_EXTENSION, left: 256 };
    expect(sideMax(seed, e, "right")).toBe(MAX_W - 1024 - 256);
    expect(sideMax(seed, e, "top")).toBe(MAX_H - 768);
  });
  it("setSide snaps and clamps between 0 and the side's max", () => {
    expect(setSide(seed, NO_EXTENSION, "top", 100).top).toBe(128);
    expect(setSide(seed, NO_EXTENSION, "top", -300).top).toBe(0);
    expect(setSide(seed, { ...NO_EXTENSION, bottom: 1024 }, "top", 5000).top).toBe(MAX_H - 768 - 1024);
  });
  it("setSide returns the same object when nothing changes", () => {
    const e = { ...NO_EXTENSION, left: 64 };
    expect(setSide(seed, e, "left", 70)).toBe(e);
  });
  it("setSideWithNote says what it changed to make a typed side fit, on that side", () => {
    const left = 256;
    const most = MAX_W - 1024 - left;
    const e = { ...NO_EXTENSION, left };
    expect(setSideWithNote(seed, e, "right", 5000)).toEqual({
      value: { ...e, right: most },
      note: `Right set to ${most}, the largest allowed.`,
    });
    expect(setSideWithNote(seed, e, "top", 100)).toEqual({
      value: { ...e, top: 128 },
      note: `Top set to 128, the nearest multiple of ${OUTPAINT_STEP}.`,
    });
    expect(setSideWithNote(seed, e, "bottom", -64).note).toBe("Bottom set to 0, the smallest allowed.");
    expect(setSideWithNote(seed, e, "left", 70).note).toBe(
      `Left set to 64, the nearest multiple of ${OUTPAINT_STEP}.`,
    );
    expect(setSideWithNote(seed, e, "bottom", 192)).toEqual({ value: { ...e, bottom: 192 }, note: null });
  });
  it("stepSide moves by keyboard steps and stops at the limits", () => {
    let e: OutpaintExtents = NO_EXTENSION;
    e = stepSide(seed, e, "right", OUTPAINT_STEP);
    expect(e.right).toBe(64);
    e = stepSide(seed, e, "right", OUTPAINT_BIG_STEP);
    expect(e.right).toBe(320);
    e = stepSide(seed, e, "right", -10 * OUTPAINT_BIG_STEP);
    expect(e.right).toBe(0);
    e = stepSide(seed, { ...e, left: 960 }, "right", OUTPAINT_BIG_STEP);
    expect(e.right).toBe(64);
  });
});

describe("clampExtents", () => {
  it("keeps valid extents as they are", () => {
    const e = { top: 64, right: 128, bottom: 0, left: 256 };
    expect(clampExtents(seed, e)).toBe(e);
  });
  it("snaps and floors at zero", () => {
    expect(clampExtents(seed, { top: -64, right: 100, bottom: 33, left: 10 })).toEqual({
      top: 0,
      right: 128,
      bottom: 64,
      left: 0,
    });
  });
  it("takes an overflow from the larger side first, then evenly", () => {
    // Budget 1024 across left + right.
    expect(clampExtents(seed, { ...NO_EXTENSION, left: 1024, right: 256 })).toMatchObject({
      left: 768,
      right: 256,
    });
    expect(clampExtents(seed, { ...NO_EXTENSION, left: 1024, right: 1024 })).toMatchObject({
      left: 512,
      right: 512,
    });
    expect(clampExtents(seed, { ...NO_EXTENSION, left: 5000, right: 5000 })).toMatchObject({
      left: 512,
      right: 512,
    });
  });
  it("always gives sides in whole steps within the frame max (property)", () => {
    const side = fc.integer({ min: -5000, max: 5000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 32 }),
        fc.record({ top: side, right: side, bottom: side, left: side }),
        (sw, sh, raw) => {
          const s = { width: sw * 64, height: sh * 64 };
          const e = clampExtents(s, raw);
          for (const k of OUTPAINT_SIDES) {
            expect(e[k] % 64).toBe(0);
            expect(e[k]).toBeGreaterThanOrEqual(0);
          }
          const f = frameSize(s, e);
          expect(f.width).toBeLessThanOrEqual(MAX_W);
          expect(f.height).toBeLessThanOrEqual(MAX_H);
        },
      ),
    );
  });
});

describe("dragExtents", () => {
  it("turns screen pixels into image pixels at the drag's scale, in steps", () => {
    // At scale 0.5, 32 screen pixels are 64 image pixels.
    expect(dragExtents(seed, NO_EXTENSION, ["left"], { x: -32, y: 0 }, 0.5).left).toBe(64);
    expect(dragExtents(seed, NO_EXTENSION, ["left"], { x: -15, y: 0 }, 0.5).left).toBe(0);
    expect(dragExtents(seed, NO_EXTENSION, ["left"], { x: -17, y: 0 }, 0.5).left).toBe(64);
    expect(dragExtents(seed, NO_EXTENSION, ["right"], { x: 100, y: 0 }, 1).right).toBe(128);
    expect(dragExtents(seed, NO_EXTENSION, ["top"], { x: 0, y: -200 }, 1).top).toBe(192);
    expect(dragExtents(seed, NO_EXTENSION, ["bottom"], { x: 0, y: 200 }, 1).bottom).toBe(192);
  });
  it("ignores the axis the handle does not move along", () => {
    expect(dragExtents(seed, NO_EXTENSION, ["top"], { x: 500, y: 0 }, 1)).toBe(NO_EXTENSION);
  });
  it("moves inward down to zero, measured from the drag's start", () => {
    const start = { ...NO_EXTENSION, left: 256 };
    expect(dragExtents(seed, start, ["left"], { x: 128, y: 0 }, 1).left).toBe(128);
    expect(dragExtents(seed, start, ["left"], { x: 900, y: 0 }, 1).left).toBe(0);
  });
  it("moves two sides from a corner, each clamped", () => {
    const e = dragExtents(seed, NO_EXTENSION, ["top", "left"], { x: -5000, y: -130 }, 1);
    expect(e).toEqual({ top: 128, right: 0, bottom: 0, left: MAX_W - 1024 });
  });
  it("stays put at a zero or invalid scale", () => {
    expect(dragExtents(seed, NO_EXTENSION, ["left"], { x: -100, y: 0 }, 0)).toBe(NO_EXTENSION);
  });
});

describe("frameSize", () => {
  it("is the seed plus the extensions, which the contract accepts", () => {
    const e = { top: 64, right: 128, bottom: 192, left: 256 };
    const frame = frameSize(seed, e);
    expect(frame).toEqual({ width: 1024 + 384, height: 768 + 256 });
    const task = {
      taskType: "imageInference",
      taskUUID: "t",
      ...frame,
      outpaint: { ...e, blur: 0 },
    } as const;
    expect(checkOutpaintAgainstSeed(task as never, seed)).toEqual([]);
  });
  it("sameExtents compares side by side", () => {
    expect(sameExtents(NO_EXTENSION, { top: 0, right: 0, bottom: 0, left: 0 })).toBe(true);
    expect(sameExtents(NO_EXTENSION, { ...NO_EXTENSION, top: 64 })).toBe(false);
  });
});

describe("keyboard", () => {
  it("moves a handle where the arrow points, Shift for big steps", () => {
    expect(keyMove("top", "ArrowUp", false)).toEqual({ by: 64 });
    expect(keyMove("top", "ArrowDown", true)).toEqual({ by: -256 });
    expect(keyMove("left", "ArrowLeft", false)).toEqual({ by: 64 });
    expect(keyMove("left", "ArrowRight", false)).toEqual({ by: -64 });
    expect(keyMove("right", "ArrowRight", true)).toEqual({ by: 256 });
    expect(keyMove("bottom", "ArrowDown", false)).toEqual({ by: 64 });
    expect(keyMove("top", "ArrowLeft", false)).toBeNull();
    expect(keyMove("top", "a", false)).toBeNull();
  });
  it("follows the slider pattern for PageUp/PageDown, Home and End", () => {
    expect(keyMove("left", "PageUp", false)).toEqual({ by: 256 });
    expect(keyMove("left", "PageDown", false)).toEqual({ by: -256 });
    const start = { ...NO_EXTENSION, left: 128, right: 256 };
    expect(applyKeyMove(seed, start, "left", { to: "max" }).left).toBe(MAX_W - 1024 - 256);
    expect(applyKeyMove(seed, start, "left", { to: "min" }).left).toBe(0);
    expect(applyKeyMove(seed, start, "left", { by: 64 }).left).toBe(192);
  });
});
