import { describe, expect, it } from "vitest";
import { NO_EXTENSION } from "./outpaint";
import { fitFrame, MAX_SCALE, placeSeed, previewRegions, STAGE_ROOM_MIN, seamBands } from "./outpaint-layout";

describe("fitFrame", () => {
  it("fits the frame with room around it and centres it", () => {
    const layout = fitFrame({ width: 1000, height: 500 }, { width: 2048, height: 1024 });
    // The room is 12% of each stage side: 120 wide, 60 high; width limits: 760 / 2048.
    expect(layout.scale).toBeCloseTo(760 / 2048);
    expect(layout.x).toBeCloseTo(120);
    expect(layout.y).toBeCloseTo((500 - 1024 * layout.scale) / 2);
  });
  it("keeps the minimum room on small stages", () => {
    const layout = fitFrame({ width: 200, height: 200 }, { width: 512, height: 512 });
    expect(layout.scale).toBeCloseTo((200 - 2 * STAGE_ROOM_MIN) / 512);
  });
  it("enlarges small frames only up to the max scale", () => {
    expect(fitFrame({ width: 2000, height: 2000 }, { width: 64, height: 64 }).scale).toBe(MAX_SCALE);
  });
  it("never gives a negative scale on a stage not yet measured", () => {
    expect(fitFrame({ width: 0, height: 0 }, { width: 1024, height: 1024 }).scale).toBe(0);
  });
});

describe("previewRegions", () => {
  const seed = { width: 100, height: 50 };

  it("is empty without extension", () => {
    expect(previewRegions(seed, NO_EXTENSION)).toEqual([]);
  });

  it("stretches the left column over the left band, fading outward", () => {
    const regions = previewRegions(seed, { ...NO_EXTENSION, left: 64 });
    expect(regions).toHaveLength(1);
    expect(regions[0]).toEqual({
      sides: ["left"],
      source: { x: 0, y: 0, width: 1, height: 50 },
      target: { x: 0, y: 0, width: 64, height: 50 },
      fade: { kind: "linear", from: { x: 64, y: 0 }, to: { x: 0, y: 0 } },
    });
  });

  it("adds a corner block where two sides meet", () => {
    const regions = previewRegions(seed, { top: 64, right: 128, bottom: 0, left: 0 });
    expect(regions.map((r) => r.sides.join("+"))).toEqual(["top", "right", "top+right"]);
    const corner = regions[2];
    expect(corner?.source).toEqual({ x: 99, y: 0, width: 1, height: 1 });
    expect(corner?.target).toEqual({ x: 100, y: 0, width: 128, height: 64 });
  });

  it("covers the whole new area and nothing of the seed", () => {
    const e = { top: 64, right: 128, bottom: 192, left: 256 };
    const regions = previewRegions(seed, e);
    expect(regions).toHaveLength(8);
    const area = regions.reduce((sum, r) => sum + r.target.width * r.target.height, 0);
    const frameArea = (100 + 384) * (50 + 256);
    expect(area).toBe(frameArea - 100 * 50);
  });
});

describe("seamBands", () => {
  it("straddles each extended edge by the blur", () => {
    const bands = seamBands({ width: 100, height: 50 }, { ...NO_EXTENSION, top: 64, right: 64 }, 8);
    expect(bands).toEqual([
      { side: "top", x: 0, width: 100, y: 56, height: 16 },
      { side: "right", y: 64, height: 50, x: 92, width: 16 },
    ]);
  });
  it("is empty without blur", () => {
    expect(seamBands({ width: 100, height: 50 }, { ...NO_EXTENSION, top: 64 }, 0)).toEqual([]);
  });
});

describe("placeSeed", () => {
  const stage = { width: 1000, height: 500 };
  const seed = { width: 1024, height: 512 };

  it("fits and centres the frame when nothing is held", () => {
    const e = { ...NO_EXTENSION, left: 512 };
    const fit = fitFrame(stage, { width: 1536, height: 512 });
    expect(placeSeed(stage, seed, e, null)).toEqual({
      scale: fit.scale,
      seedX: fit.x + 512 * fit.scale,
      seedY: fit.y,
    });
  });

  it("keeps a held placement while the frame stays on the stage", () => {
    const held = { scale: 0.5, seedX: 300, seedY: 100 };
    expect(placeSeed(stage, seed, { ...NO_EXTENSION, left: 512 }, held)).toBe(held);
  });

  it("fits again once the held frame would leave the stage", () => {
    const held = { scale: 0.5, seedX: 300, seedY: 100 };
    const placed = placeSeed(stage, seed, { ...NO_EXTENSION, left: 768 }, held);
    expect(placed).not.toBe(held);
    expect(placed.scale).toBeLessThan(0.5);
  });
});
