import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../shared/seeded";
import { createCanvas } from "./canvas";
import { renderImage } from "./index";
import { readIntent } from "./intent";
import { buildPalette } from "./palette";
import { paintScene } from "./scene";
import { base } from "./test-support";

const SIZE = 128;

/** The subject's pixels: where the scene with its subject differs from the same scene without. */
function subjectMask(prompt: string, seed: number): Uint8Array {
  const paint = (withSubjects: boolean) => {
    const intent = readIntent(prompt, undefined);
    const random = seededRandom(prompt, seed);
    const palette = buildPalette(intent, random);
    const c = createCanvas(SIZE, SIZE, false);
    paintScene(c, {
      intent,
      palette,
      random,
      hashSeed: Math.floor(random() * 2 ** 31),
      detail: 0.9,
      transparent: false,
      neon: 0,
      withSubjects,
    });
    return c.rgb;
  };
  const a = paint(true);
  const b = paint(false);
  const mask = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < mask.length; i++) {
    let d = 0;
    for (let k = 0; k < 3; k++) d += Math.abs((a[i * 3 + k] ?? 0) - (b[i * 3 + k] ?? 0));
    mask[i] = d > 30 ? 1 : 0;
  }
  return mask;
}

interface Shape {
  /** Bounding box of the subject. */
  box: [number, number, number, number];
  /** Its silhouette scaled into a 24 x 24 grid, mirrored to face one way (the heavier side right). */
  grid: Uint8Array;
}

function shapeOf(mask: Uint8Array): Shape {
  let [x0, y0, x1, y1] = [SIZE, SIZE, -1, -1];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const n = 24;
  const grid = new Uint8Array(n * n);
  for (let gy = 0; gy < n; gy++)
    for (let gx = 0; gx < n; gx++) {
      const x = Math.round(x0 + ((gx + 0.5) / n) * (x1 - x0));
      const y = Math.round(y0 + ((gy + 0.5) / n) * (y1 - y0));
      grid[gy * n + gx] = mask[y * SIZE + x] ?? 0;
    }
  let left = 0;
  for (let i = 0; i < grid.length; i++) if (i % n < n / 2) left += grid[i] ?? 0;
  const total = grid.reduce((s, v) => s + v, 0);
  if (left > total / 2) {
    const mirrored = new Uint8Array(n * n);
    for (let i = 0; i < grid.length; i++) mirrored[i - (i % n) + (n - 1 - (i % n))] = grid[i] ?? 0;
    return { box: [x0, y0, x1, y1], grid: mirrored };
  }
  return { box: [x0, y0, x1, y1], grid };
}

const differing = (a: Uint8Array, b: Uint8Array) =>
  a.reduce((s, v, i) => s + (v !== b[i] ? 1 : 0), 0) / a.length;

describe("pose and framing by seed", () => {
  const seeds = [1, 2, 3, 4];

  it("stands a fox in a different pose for each of four seeds (mirroring and scale aside)", () => {
    const shapes = seeds.map((s) => shapeOf(subjectMask("a fox", s)));
    for (let i = 0; i < shapes.length; i++)
      for (let j = i + 1; j < shapes.length; j++)
        expect(
          differing(shapes[i]?.grid as Uint8Array, shapes[j]?.grid as Uint8Array),
          `seeds ${i + 1} and ${j + 1}`,
        ).toBeGreaterThan(0.04);
  });

  it("frames the subject differently by seed: its size and place in the picture change", () => {
    const boxes = [1, 2, 3, 4, 5, 6, 7, 8].map((s) => shapeOf(subjectMask("a dog", s)).box);
    const heights = new Set(boxes.map(([, y0, , y1]) => Math.round((y1 - y0) / 4)));
    const centres = boxes.map(([x0, , x1]) => (x0 + x1) / 2);
    expect(heights.size).toBeGreaterThan(2);
    expect(Math.max(...centres) - Math.min(...centres)).toBeGreaterThan(SIZE * 0.15);
  });

  it("is byte-identical for the same seed and differs across seeds", async () => {
    const hash = async (seed: number) =>
      createHash("sha256")
        .update(await renderImage(base({ prompt: "a wizard", seed, width: 128, height: 128 })))
        .digest("hex");
    expect(await hash(5)).toBe(await hash(5));
    expect(new Set(await Promise.all(seeds.map(hash))).size).toBe(seeds.length);
  });
});
