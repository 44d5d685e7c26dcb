import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Stroke } from "./canvas-document";
import { floodFill } from "./flood-fill";
import { drawOp, fillPolygon, rasterize } from "./layer-raster";
import { encodeRuns, forEachRun, rectPolygon, regionOf } from "./paint-ops";

const bounds = { x: 0, y: 0, width: 64, height: 48 };
const count = (mask: Uint8Array) => mask.reduce((n, v) => n + (v ? 1 : 0), 0);

function ring(cx: number, cy: number, r: number, size: number, mode: Stroke["mode"] = "paint"): Stroke {
  const points: number[] = [];
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * Math.PI * 2;
    points.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r, 0.5);
  }
  return { mode, size, pressure: false, points };
}

describe("a layer's raster", () => {
  it("fills a rectangle's polygon to exactly its pixels, clipped to the bounds", () => {
    const mask = new Uint8Array(bounds.width * bounds.height);
    fillPolygon(mask, bounds, rectPolygon({ x: 10, y: 5, width: 20, height: 7 }), 255);
    expect(count(mask)).toBe(140);
    expect(mask[5 * 64 + 10]).toBe(255);
    expect(mask[5 * 64 + 30]).toBe(0);
    const clipped = new Uint8Array(bounds.width * bounds.height);
    fillPolygon(clipped, bounds, rectPolygon({ x: -10, y: -10, width: 200, height: 200 }), 255);
    expect(count(clipped)).toBe(64 * 48);
  });

  it("erasing a stroke along its own path leaves no stray pixel, at any size and place", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -10, max: 70 }), fc.integer({ min: -10, max: 60 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 40 }),
        (samples, size) => {
          const points = samples.flatMap(([x, y]) => [x, y, 0.5]);
          const paint: Stroke = { mode: "paint", size, pressure: false, points };
          const mask = rasterize([paint, { ...paint, mode: "erase" }], bounds);
          expect(count(mask)).toBe(0);
        },
      ),
    );
  });

  it("keeps order: paint, erase a hole, paint over part of the hole", () => {
    const square = rectPolygon({ x: 0, y: 0, width: 40, height: 40 });
    const hole = rectPolygon({ x: 10, y: 10, width: 10, height: 10 });
    const patch = rectPolygon({ x: 10, y: 10, width: 5, height: 10 });
    const mask = rasterize(
      [
        { shape: "polygon", mode: "paint", points: square },
        { shape: "polygon", mode: "erase", points: hole },
        { shape: "polygon", mode: "paint", points: patch },
      ],
      bounds,
    );
    expect(count(mask)).toBe(1600 - 100 + 50);
  });

  it("reads a region back exactly as it was filled, over random masks", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64 * 48, maxLength: 64 * 48 }).map((a) => a.map((v) => (v > 170 ? 1 : 0))),
        (mask) => {
          const region = regionOf(mask, bounds, "paint");
          const back = rasterize(region ? [region] : [], bounds);
          expect(Array.from(back, (v) => (v ? 1 : 0))).toEqual(Array.from(mask));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("draws a region that lies partly outside the bounds only where they meet", () => {
    const mask = new Uint8Array(64 * 48);
    const full = new Uint8Array(20 * 20).fill(1);
    drawOp(mask, bounds, {
      shape: "region",
      mode: "paint",
      rect: { x: 54, y: 40, width: 20, height: 20 },
      runs: encodeRuns(full),
    });
    expect(count(mask)).toBe(10 * 8);
  });

  it("run lengths cover exactly the on pixels", () => {
    const mask = Uint8Array.from([0, 0, 1, 1, 0, 1, 0, 0]);
    expect(encodeRuns(mask)).toEqual([2, 2, 1, 1]);
    const on: number[] = [];
    forEachRun([2, 2, 1, 1], 8, (s, e) => on.push(s, e));
    expect(on).toEqual([2, 4, 5, 6]);
  });
});

describe("the bucket", () => {
  const w = 64;
  const h = 48;
  const painted = rasterize([ring(32, 24, 14, 4)], { x: 0, y: 0, width: w, height: h });

  it("fills inside a painted ring up to and under its edge, never outside it", () => {
    const inside = floodFill(painted, w, h, 32, 24);
    if (!inside) throw new Error("no fill");
    expect(inside[24 * w + 32]).toBe(1);
    expect(inside[0]).toBe(0);
    expect(inside[24 * w + 58]).toBe(0);
    // Grown one pixel: every filled pixel that is not paint-free touches the ring's paint.
    for (let i = 0; i < inside.length; i++) if (inside[i] && painted[i]) expect(painted[i]).toBe(255);
    const touching = inside.reduce((n, v, i) => n + (v && painted[i] ? 1 : 0), 0);
    expect(touching).toBeGreaterThan(0);
  });

  it("filled from outside, leaves the inside alone", () => {
    const outside = floodFill(painted, w, h, 1, 1);
    if (!outside) throw new Error("no fill");
    expect(outside[24 * w + 32]).toBe(0);
    expect(outside[0]).toBe(1);
  });

  it("on an empty layer fills everything, and outside the bounds fills nothing", () => {
    const empty = new Uint8Array(w * h);
    expect(count(floodFill(empty, w, h, 5, 5) ?? new Uint8Array())).toBe(w * h);
    expect(floodFill(empty, w, h, -1, 5)).toBeNull();
    expect(floodFill(empty, w, h, 5, h)).toBeNull();
  });

  it("takes soft paint within the tolerance as the same area", () => {
    const soft = new Uint8Array(w * h).fill(0);
    soft.fill(20, 0, w * 10);
    soft.fill(200, w * 10, w * 12);
    expect(count(floodFill(soft, w, h, 1, 1, 32) ?? new Uint8Array())).toBe(w * 11);
    expect(count(floodFill(soft, w, h, 1, 1, 250) ?? new Uint8Array())).toBe(w * h);
  });
});
