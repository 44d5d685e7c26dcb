import { describe, expect, it } from "vitest";
import { renderImage } from "./index";
import { grainAt, type PaintContext } from "./paint-context";
import { base, decoded, grey } from "./test-support";

/** The steepest neighbour steps of a picture: the mean of the top 0.5% of |luma(x+1) - luma(x)|. */
function edgeSteepness(g: Float32Array, w: number, h: number): number {
  const steps = new Float32Array((w - 1) * h);
  let n = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w - 1; x++) steps[n++] = Math.abs((g[y * w + x + 1] ?? 0) - (g[y * w + x] ?? 0));
  steps.sort();
  const top = steps.subarray(Math.floor(steps.length * 0.995));
  return top.reduce((a, b) => a + b, 0) / top.length;
}

describe("full-size output", () => {
  it("keeps edges steep at 1024 px, not ramps several pixels wide", async () => {
    // Painted at a quarter and enlarged with a wide gaussian these measured ~21 and ~33 levels.
    for (const [prompt, floor] of [
      ["a lighthouse on a cliff at dusk", 28],
      ["snowy mountains with a pine forest", 45],
    ] as const) {
      const d = await decoded(await renderImage(base({ width: 1024, height: 1024, prompt, format: "PNG" })));
      const steep = edgeSteepness(grey(d), d.width, d.height);
      expect(steep).toBeGreaterThan(floor);
    }
  });

  it("grain has no lattice: neighbours along a diagonal are as unrelated as any two pixels", () => {
    const ctx = { hashSeed: 12345, detail: 1 } as PaintContext;
    // Correlation of grain at (x, y) and (x + dx, y + dy) over a patch, for small offsets.
    let worst = 0;
    for (const [dx, dy] of [
      [1, 1],
      [1, -1],
      [2, 1],
      [1, 2],
      [3, 1],
      [1, 3],
      [2, -1],
      [3, -2],
    ] as const) {
      let sab = 0;
      let saa = 0;
      for (let y = 0; y < 128; y++)
        for (let x = 0; x < 128; x++) {
          const a = grainAt(ctx, x, y);
          const b = grainAt(ctx, x + dx, y + dy);
          sab += a * b;
          saa += a * a;
        }
      worst = Math.max(worst, Math.abs(sab / saa));
    }
    expect(worst).toBeLessThan(0.1);
  });
});
