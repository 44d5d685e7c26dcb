import { describe, expect, it } from "vitest";
import { checkOutpaintAgainstSeed } from "@/lib/protocol/image-inference";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import {
  axisBudget,
  frameSize,
  hasExtension,
  NO_EXTENSION,
  OUTPAINT_STEP,
  setSideWithNote,
  sideMax,
  snapToStep,
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
  it("a side set snaps and clamps between 0 and the side's max", () => {
    expect(setSideWithNote(seed, NO_EXTENSION, "top", 100).value.top).toBe(128);
    expect(setSideWithNote(seed, NO_EXTENSION, "top", -300).value.top).toBe(0);
    expect(setSideWithNote(seed, { ...NO_EXTENSION, bottom: 1024 }, "top", 5000).value.top).toBe(
      MAX_H - 768 - 1024,
    );
  });
  it("a side set to what it holds returns the same extents", () => {
    const e = { ...NO_EXTENSION, left: 64 };
    expect(setSideWithNote(seed, e, "left", 70).value).toBe(e);
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
  it("hasExtension tells whether any side grows", () => {
    expect(hasExtension(NO_EXTENSION)).toBe(false);
    expect(hasExtension({ ...NO_EXTENSION, top: 64 })).toBe(true);
  });
});
