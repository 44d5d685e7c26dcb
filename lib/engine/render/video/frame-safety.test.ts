import { describe, expect, it } from "vitest";
import { FrameChecker, SKIN_LIMIT, skinShare } from "./frame-safety";
import { pack, type Rgb } from "./raster";

const solid = (c: Rgb, n = 64 * 64) => new Uint32Array(n).fill(pack(c));

describe("frame content check", () => {
  it("measures the share of skin-toned pixels", () => {
    expect(skinShare(solid([224, 172, 140]), 64, 64)).toBe(1);
    expect(skinShare(solid([40, 90, 200]), 64, 64)).toBe(0);
    expect(skinShare(solid([20, 12, 10]), 64, 64)).toBe(0);
  });

  it("fast checks key frames (first, one per second, last); full checks all; a flag sticks", () => {
    const fast = new FrameChecker("fast", 24, 120);
    const checked = Array.from({ length: 120 }, (_, n) => n).filter((n) => fast.wants(n));
    expect(checked).toEqual([0, 24, 48, 72, 96, 119]);
    const full = new FrameChecker("full", 24, 120);
    expect(Array.from({ length: 120 }, (_, n) => n).every((n) => full.wants(n))).toBe(true);
    full.inspect(solid([40, 90, 200]), 64, 64);
    expect(full.flagged).toBe(false);
    full.inspect(solid([224, 172, 140]), 64, 64);
    expect(full.flagged).toBe(true);
    expect(SKIN_LIMIT).toBeLessThan(1);
  });
});
