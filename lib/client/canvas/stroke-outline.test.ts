import { describe, expect, it } from "vitest";
import { strokeOutline } from "./stroke-outline";

describe("strokeOutline", () => {
  it("is as wide as the brush at full pressure and narrower at light pressure", () => {
    const width = (pressure: number) => {
      const points = Array.from({ length: 20 }, (_, i) => [i * 10, 0, pressure]).flat();
      const o = strokeOutline({ mode: "paint", size: 40, pressure: true, points });
      const ys = o.filter((_, i) => i % 2 === 1);
      return Math.max(...ys) - Math.min(...ys);
    };
    expect(width(1)).toBeCloseTo(40, 0);
    expect(width(0.1)).toBeLessThan(width(1) * 0.6);
  });

  it("ignores pressure for a mouse", () => {
    const at = (pressure: number) =>
      strokeOutline({ mode: "paint", size: 40, pressure: false, points: [0, 0, pressure, 200, 0, pressure] });
    expect(at(0.1)).toEqual(at(1));
  });

  it("has no outline without samples", () => {
    expect(strokeOutline({ mode: "paint", size: 10, pressure: false, points: [] })).toEqual([]);
  });
});
