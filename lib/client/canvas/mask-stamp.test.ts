import { describe, expect, it } from "vitest";
import { createMaskBuffer, isMaskEmpty, type MaskBuffer, maskToBlackWhite } from "./mask-buffer";
import { stampDisc, stampPoints, unionRect } from "./mask-stamp";
import { interpolateStroke, stampSpacing } from "./stroke";

const ACCENT = { r: 139, g: 124, b: 255 };

function painted(mask: MaskBuffer, x: number, y: number): boolean {
  return (mask.data[(y * mask.width + x) * 4 + 3] ?? 0) > 0;
}

function countPainted(mask: MaskBuffer): number {
  let n = 0;
  for (let i = 3; i < mask.data.length; i += 4) if ((mask.data[i] ?? 0) > 0) n++;
  return n;
}

describe("stampDisc", () => {
  it("paints the pixels whose centres lie in the disc and reports their bounds", () => {
    const mask = createMaskBuffer(20, 20);
    const dirty = stampDisc(mask, { x: 10, y: 10 }, 3, "paint", ACCENT);
    expect(dirty).toEqual({ x: 7, y: 7, width: 6, height: 6 });
    expect(painted(mask, 10, 10)).toBe(true);
    expect(painted(mask, 7, 9)).toBe(true);
    // Corner pixel (7,7) has its centre 3.5*sqrt(2) away: outside.
    expect(painted(mask, 7, 7)).toBe(false);
    // Area close to pi r^2.
    expect(countPainted(mask)).toBeGreaterThan(24);
    expect(countPainted(mask)).toBeLessThan(36);
  });

  it("always covers the pixel under a 1-pixel brush", () => {
    const mask = createMaskBuffer(4, 4);
    stampDisc(mask, { x: 2, y: 2 }, 0.5, "paint", ACCENT);
    expect(countPainted(mask)).toBeGreaterThanOrEqual(1);
    const single = createMaskBuffer(4, 4);
    stampDisc(single, { x: 1.5, y: 1.5 }, 0.5, "paint", ACCENT);
    expect(countPainted(single)).toBe(1);
    expect(painted(single, 1, 1)).toBe(true);
  });

  it("clips at the edges and returns null wholly outside", () => {
    const mask = createMaskBuffer(10, 10);
    const dirty = stampDisc(mask, { x: 0, y: 0 }, 4, "paint", ACCENT);
    expect(dirty?.x).toBe(0);
    expect(dirty?.y).toBe(0);
    expect(stampDisc(mask, { x: -50, y: 5 }, 4, "paint", ACCENT)).toBeNull();
    expect(stampDisc(mask, { x: 5, y: 500 }, 4, "paint", ACCENT)).toBeNull();
  });

  it("erases back to transparent", () => {
    const mask = createMaskBuffer(20, 20);
    stampDisc(mask, { x: 10, y: 10 }, 5, "paint", ACCENT);
    stampDisc(mask, { x: 10, y: 10 }, 6, "erase", ACCENT);
    expect(isMaskEmpty(mask.data)).toBe(true);
  });
});

describe("stamped strokes", () => {
  it("leave no gap along a fast diagonal stroke", () => {
    const mask = createMaskBuffer(200, 200);
    const radius = 4;
    const points = interpolateStroke(
      [
        { x: 10.3, y: 10.7 },
        { x: 190.1, y: 150.2 },
      ],
      stampSpacing(radius),
    );
    stampPoints(mask, points, radius, "paint", ACCENT);
    // Every pixel whose centre is on the segment's centre line is painted.
    for (let t = 0; t <= 1; t += 0.001) {
      const x = Math.floor(10.3 + (190.1 - 10.3) * t);
      const y = Math.floor(10.7 + (150.2 - 10.7) * t);
      expect(painted(mask, x, y)).toBe(true);
    }
    const bw = maskToBlackWhite(mask.data);
    expect(bw.includes(255)).toBe(true);
  });

  it("union of dirty rects covers both", () => {
    expect(unionRect({ x: 0, y: 0, width: 2, height: 2 }, { x: 5, y: 1, width: 1, height: 4 })).toEqual({
      x: 0,
      y: 0,
      width: 6,
      height: 5,
    });
    expect(unionRect(null, null)).toBeNull();
  });
});
