import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { randomSeed, SIZE_PRESETS, sizeForAspect, snapSide, snapSideWithNote } from "./image-presets";

describe("image size helpers", () => {
  it("offers only sizes the contract accepts", () => {
    for (const p of SIZE_PRESETS) {
      expect(p.width % 64).toBe(0);
      expect(p.height % 64).toBe(0);
      expect(p.width).toBeLessThanOrEqual(IMAGE_LIMITS.width.max);
    }
  });

  it("snaps a typed size to the nearest multiple of 64 within bounds", () => {
    expect(snapSide(1000)).toBe(1024);
    expect(snapSide(1055)).toBe(1024);
    expect(snapSide(1057)).toBe(1088);
    expect(snapSide(3)).toBe(128);
    expect(snapSide(99999)).toBe(2048);
    expect(snapSide(Number.NaN)).toBe(128);
  });

  it("keeps an image's aspect ratio at about a megapixel", () => {
    expect(sizeForAspect(1920, 1080)).toEqual({ width: 1344, height: 768 });
    expect(sizeForAspect(500, 500)).toEqual({ width: 1024, height: 1024 });
  });

  it("draws exact 32-bit seeds", () => {
    expect(randomSeed(() => 0)).toBe(1);
    expect(randomSeed(() => 0.999999999)).toBeLessThanOrEqual(0xffff_ffff);
  });
});

describe("a typed size made allowed", () => {
  const { min, max, multipleOf } = IMAGE_LIMITS.width;

  it("says what was changed and why", () => {
    expect(snapSideWithNote(99999, "width")).toEqual({
      value: max,
      note: `Width set to ${max}, the largest allowed.`,
    });
    expect(snapSideWithNote(-50, "height")).toEqual({
      value: min,
      note: `Height set to ${min}, the smallest allowed.`,
    });
    expect(snapSideWithNote(1000, "width")).toEqual({
      value: 1024,
      note: `Width set to 1024, the nearest multiple of ${multipleOf}.`,
    });
  });

  it("says nothing of a size already allowed", () => {
    expect(snapSideWithNote(768, "width")).toEqual({ value: 768, note: null });
  });
});
