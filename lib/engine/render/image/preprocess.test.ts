import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PREPROCESSOR_TYPES } from "@/lib/protocol/utility-tasks";
import { canny } from "./canny";
import { preprocess } from "./preprocess";

/** A white 100x60 rectangle at (50, 70) on black, 200x200. */
async function rectangle(): Promise<Buffer> {
  const box = await sharp({ create: { width: 100, height: 60, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 200, channels: 3, background: "#000" } })
    .composite([{ input: box, left: 50, top: 70 }])
    .png()
    .toBuffer();
}

describe("canny", () => {
  it("finds the outline of a drawn rectangle and nothing else", async () => {
    const guide = await preprocess(
      { bytes: await rectangle(), parameter: "inputImage" },
      { type: "canny", low: 100, high: 200 },
    );
    expect([guide.width, guide.height, guide.channels]).toEqual([200, 200, 1]);
    const at = (x: number, y: number) => guide.data[y * 200 + x] ?? 0;
    const near = (x: number, y: number) =>
      [-1, 0, 1].some((d) => at(x + d, y) === 255 || at(x, y + d) === 255);
    // Each side has edge pixels along it (within a pixel of the true border).
    for (let x = 60; x < 140; x += 10) expect(near(x, 70) || near(x, 69)).toBe(true);
    for (let y = 80; y < 120; y += 10) expect(near(50, y) || near(49, y)).toBe(true);
    // Inside, outside: no edges.
    expect(at(100, 100)).toBe(0);
    expect(at(10, 10)).toBe(0);
    const lit = guide.data.reduce((n, v) => n + (v === 255 ? 1 : 0), 0);
    expect(lit).toBeGreaterThan(2 * (100 + 60));
    expect(lit).toBeLessThan(4 * 2 * (100 + 60));
  });

  it("keeps fewer edges with higher thresholds", () => {
    const w = 64;
    const ramp = Buffer.alloc(w * w);
    // Two steps: a strong one (0 -> 200) and a faint one (200 -> 215).
    for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) ramp[y * w + x] = x < 20 ? 0 : x < 40 ? 200 : 215;
    const count = (e: Uint8Array) => e.reduce((n, v) => n + (v ? 1 : 0), 0);
    const loose = count(canny(ramp, w, w, 20, 40));
    const strict = count(canny(ramp, w, w, 100, 200));
    expect(loose).toBeGreaterThan(strict);
    expect(strict).toBeGreaterThan(0);
  });
});

describe("other preprocessors", () => {
  it("produce an image of the requested size for every type", async () => {
    const input = await rectangle();
    for (const type of PREPROCESSOR_TYPES) {
      const g = await preprocess(
        { bytes: input, parameter: "inputImage" },
        { type, low: 100, high: 200, width: 128, height: 128 },
      );
      expect([type, g.width, g.height]).toEqual([type, 128, 128]);
      expect(g.data.length).toBe(128 * 128 * g.channels);
    }
  });
});
