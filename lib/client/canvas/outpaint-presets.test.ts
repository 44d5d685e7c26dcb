import { describe, expect, it } from "vitest";
import { frameSize, NO_EXTENSION, OUTPAINT_SIDES, type OutpaintExtents } from "./outpaint";
import {
  aspectFrame,
  aspectPreset,
  centredExtents,
  EXTEND_ALL_BY,
  extendAllPreset,
  outpaintPresets,
  splitGrowth,
} from "./outpaint-presets";

function presetValue(result: ReturnType<typeof aspectPreset>): OutpaintExtents {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function expectWholeSteps(e: OutpaintExtents) {
  for (const side of OUTPAINT_SIDES) expect(e[side] % 64).toBe(0);
}

describe("splitting growth between opposite sides", () => {
  it("splits evenly in steps, the odd step going to bottom/right", () => {
    expect(splitGrowth(0)).toEqual([0, 0]);
    expect(splitGrowth(128)).toEqual([64, 64]);
    expect(splitGrowth(192)).toEqual([64, 128]);
    expect(splitGrowth(64)).toEqual([0, 64]);
  });
  it("centres the seed in a larger frame", () => {
    expect(centredExtents({ width: 1024, height: 768 }, { width: 1024, height: 1024 })).toEqual({
      top: 128,
      right: 0,
      bottom: 128,
      left: 0,
    });
  });
});

describe("square", () => {
  it("grows the short side to the long one, centred", () => {
    const seed = { width: 1024, height: 768 };
    const value = presetValue(aspectPreset(seed, 1, 1, "square"));
    expect(value).toEqual({ top: 128, right: 0, bottom: 128, left: 0 });
    expect(frameSize(seed, value)).toEqual({ width: 1024, height: 1024 });
  });
  it("handles portrait seeds and odd step counts", () => {
    const seed = { width: 512, height: 704 };
    const value = presetValue(aspectPreset(seed, 1, 1, "square"));
    expect(value).toEqual({ top: 0, right: 128, bottom: 0, left: 64 });
  });
  it("is no extension for a square seed", () => {
    expect(presetValue(aspectPreset({ width: 512, height: 512 }, 1, 1, "square"))).toEqual(NO_EXTENSION);
  });
});

describe("16:9 landscape", () => {
  it("gives the usual 1344 × 768 around a 768 square", () => {
    const seed = { width: 768, height: 768 };
    expect(aspectFrame(seed, 16, 9)).toEqual({ width: 1344, height: 768 });
    const value = presetValue(aspectPreset(seed, 16, 9, "16:9"));
    expect(value).toEqual({ top: 0, right: 320, bottom: 0, left: 256 });
    expectWholeSteps(value);
  });
  it("grows the height when the seed is wider than 16:9", () => {
    expect(aspectFrame({ width: 2048, height: 512 }, 16, 9)).toEqual({ width: 2048, height: 1152 });
  });
  it("is exact where steps allow", () => {
    expect(aspectFrame({ width: 1024, height: 512 }, 16, 9)).toEqual({ width: 1024, height: 576 });
  });
  it("explains when the frame would pass the max", () => {
    const result = aspectPreset({ width: 1024, height: 1536 }, 16, 9, "16:9");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/1024 × 1536 .*above the largest frame \(2048 × 2048\)/);
  });
  it("always keeps the seed inside and every side in steps", () => {
    for (let w = 64; w <= 2048; w += 192) {
      for (let h = 64; h <= 2048; h += 192) {
        const seed = { width: w, height: h };
        const result = aspectPreset(seed, 16, 9, "16:9");
        if (!result.ok) continue;
        expectWholeSteps(result.value);
        const frame = frameSize(seed, result.value);
        expect(frame.width).toBeLessThanOrEqual(2048);
        expect(frame.height).toBeLessThanOrEqual(2048);
        expect(Math.abs(frame.width / frame.height - 16 / 9)).toBeLessThan(0.35);
      }
    }
  });
});

describe("extend all", () => {
  it("adds the same amount to every side", () => {
    expect(EXTEND_ALL_BY).toBe(128);
    expect(extendAllPreset({ width: 1024, height: 768 })).toEqual({
      ok: true,
      value: { top: 128, right: 128, bottom: 128, left: 128 },
    });
  });
  it("is unreachable when it would pass the max", () => {
    const result = extendAllPreset({ width: 1920, height: 512 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain("2176 × 768");
  });
});

describe("outpaintPresets", () => {
  it("lists the four presets in order", () => {
    const presets = outpaintPresets({ width: 1024, height: 768 }, { ...NO_EXTENSION, top: 64 });
    expect(presets.map((p) => p.label)).toEqual(["Extend all by 128", "Square", "16:9 landscape", "Reset"]);
    expect(presets.every((p) => p.result.ok)).toBe(true);
  });
  it("disables Reset when nothing is extended", () => {
    const reset = outpaintPresets({ width: 1024, height: 768 }, NO_EXTENSION).find((p) => p.id === "reset");
    expect(reset?.result.ok).toBe(false);
  });
  it("blocks the growing presets for a seed off the grid, saying why", () => {
    const presets = outpaintPresets({ width: 1000, height: 768 }, { ...NO_EXTENSION, top: 64 });
    const blocked = presets.filter((p) => !p.result.ok).map((p) => p.id);
    expect(blocked).toEqual(["extendAll", "square", "landscape16x9"]);
    const first = presets[0]?.result;
    if (first && !first.ok) expect(first.reason).toContain("1000 × 768");
  });
});
