import { describe, expect, it } from "vitest";
import { interpolateSegment, interpolateStroke, stampSpacing } from "./stroke";

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);

describe("interpolateSegment", () => {
  it("spaces points no further apart than asked, ending on the target", () => {
    const from = { x: 0, y: 0 };
    const to = { x: 100, y: 0 };
    const points = interpolateSegment(from, to, 10);
    expect(points).toHaveLength(10);
    expect(points.at(-1)).toEqual(to);
    let previous = from;
    for (const p of points) {
      expect(distance(previous, p)).toBeLessThanOrEqual(10 + 1e-9);
      previous = p;
    }
  });

  it("spaces points evenly on a diagonal that does not divide by the spacing", () => {
    const points = interpolateSegment({ x: 0, y: 0 }, { x: 30, y: 40 }, 7);
    expect(points).toHaveLength(8);
    const gaps = points.map((p, i) => distance(i === 0 ? { x: 0, y: 0 } : (points[i - 1] ?? p), p));
    for (const gap of gaps) expect(gap).toBeCloseTo(50 / 8, 9);
  });

  it("returns no points for a zero-length move and one point for a short move", () => {
    expect(interpolateSegment({ x: 5, y: 5 }, { x: 5, y: 5 }, 2)).toEqual([]);
    expect(interpolateSegment({ x: 5, y: 5 }, { x: 6, y: 5 }, 2)).toEqual([{ x: 6, y: 5 }]);
  });

  it("rejects a non-positive spacing", () => {
    expect(() => interpolateSegment({ x: 0, y: 0 }, { x: 1, y: 1 }, 0)).toThrow(RangeError);
  });
});

describe("interpolateStroke", () => {
  it("keeps the first sample and fills every gap", () => {
    const samples = [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
      { x: 40, y: 40 },
    ];
    const points = interpolateStroke(samples, stampSpacing(8));
    expect(points[0]).toEqual(samples[0]);
    expect(points.at(-1)).toEqual(samples[2]);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      if (!a || !b) throw new Error("missing point");
      expect(distance(a, b)).toBeLessThanOrEqual(2 + 1e-9);
    }
  });

  it("is empty without samples", () => {
    expect(interpolateStroke([], 1)).toEqual([]);
  });
});

describe("stampSpacing", () => {
  it("is a quarter of the radius, never under half a pixel", () => {
    expect(stampSpacing(40)).toBe(10);
    expect(stampSpacing(0.5)).toBe(0.5);
  });
});
