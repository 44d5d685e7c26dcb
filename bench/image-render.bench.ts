/**
 * Render + encode of a 1024x1024 text-to-image (default settings: 20 steps, CFG 7) in JPG and
 * PNG, beside sharp encoding a raw 1024x1024 buffer to the same format in the same run. Two peers:
 * the very pixels the renderer produced (same content, so the ratio is exactly the cost of
 * rendering) and a smooth gradient (docs/conventions.md, "Measured floors": ~15 ms JPG, ~25 ms PNG). Target:
 * within 2x of the same-content peer.
 *
 *   npm run bench:image
 */
import sharp from "sharp";
import { type ImageFormat, renderImage } from "../lib/engine/index";

const SIZE = 1024;
const PROMPTS = [
  "sunset over the sea",
  "neon city at night",
  "snowy mountains with a pine forest",
  "a lighthouse on a cliff at dusk",
];
const RUNS = 12;

async function medianMs(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const encodeRaw = (raw: Buffer, format: ImageFormat) => {
  const s = sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } });
  return (format === "PNG" ? s.png({ compressionLevel: 6 }) : s.jpeg({ quality: 95 })).toBuffer();
};

const gradient = Buffer.alloc(SIZE * SIZE * 3);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const i = (y * SIZE + x) * 3;
    gradient[i] = x >> 2;
    gradient[i + 1] = y >> 2;
    gradient[i + 2] = (x + y) >> 3;
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
console.info(
  `${pad("case", 46)}${pad("render+encode", 16)}${pad("same pixels", 14)}${pad("ratio", 9)}gradient`,
);
for (const format of ["JPG", "PNG"] as const) {
  const ratios: number[] = [];
  for (const prompt of PROMPTS) {
    const params = { width: SIZE, height: SIZE, seed: 7, prompt, format, quality: 95 };
    const ours = await medianMs(() => renderImage(params));
    const pixels = await sharp(await renderImage(params))
      .removeAlpha()
      .raw()
      .toBuffer();
    const same = await medianMs(() => encodeRaw(pixels, format));
    const floor = await medianMs(() => encodeRaw(gradient, format));
    ratios.push(ours / same);
    console.info(
      `${pad(`${format} "${prompt}"`, 46)}${pad(`${ours.toFixed(1)} ms`, 16)}${pad(`${same.toFixed(1)} ms`, 14)}${pad(`${(ours / same).toFixed(2)}x`, 9)}${floor.toFixed(1)} ms`,
    );
  }
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  console.info(`${format}: mean ratio ${mean.toFixed(2)}x the same-pixel encode (target <= 2x)\n`);
}
