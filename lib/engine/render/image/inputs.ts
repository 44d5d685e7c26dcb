import sharp, { type Sharp } from "@/lib/platform/sharp";
import { ServiceErrorException, serviceErrors } from "@/lib/protocol/errors";
import type { Rgb } from "../shared/seeded";
import { luma } from "./canvas";
import type { NamedImage } from "./params";

/**
 * Decoding of image inputs. The engine checked each input's header when it loaded it, but a file
 * can still be truncated or corrupt past its header: a decode failure becomes the contract's
 * `invalidMediaInput` error naming the parameter, never a crash.
 */

export async function decode(
  image: NamedImage,
  build: (s: Sharp) => Sharp,
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  try {
    const { data, info } = await build(sharp(image.bytes)).raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new ServiceErrorException(
      serviceErrors.mediaUnreadable(
        image.parameter,
        "the image could not be decoded (corrupt or truncated data)",
      ),
    );
  }
}

/** RGB at exactly w x h. `fit: cover` keeps the aspect ratio (crops), `fill` stretches. */
export async function decodeRgb(
  image: NamedImage,
  w: number,
  h: number,
  fit: "cover" | "fill" = "fill",
): Promise<Buffer> {
  return (await decode(image, (s) => s.resize(w, h, { fit, position: "attention" }).removeAlpha())).data;
}

export async function decodeGrey(image: NamedImage, w: number, h: number): Promise<Buffer> {
  return (
    await decode(image, (s) => s.resize(w, h, { fit: "fill" }).flatten({ background: "#000000" }).greyscale())
  ).data;
}

export interface ColourStats {
  mean: Rgb;
  std: Rgb;
  /** Dark, middle and light colours (by luma terciles): a palette for continuing the image. */
  tones: [Rgb, Rgb, Rgb];
}

export function colourStats(rgb: Buffer | Uint8ClampedArray | Float32Array, stride = 3): ColourStats {
  const n = Math.floor(rgb.length / stride);
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  const pixels: [number, number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    const r = rgb[i * stride] ?? 0;
    const g = rgb[i * stride + 1] ?? 0;
    const b = rgb[i * stride + 2] ?? 0;
    sum[0] = (sum[0] ?? 0) + r;
    sum[1] = (sum[1] ?? 0) + g;
    sum[2] = (sum[2] ?? 0) + b;
    sq[0] = (sq[0] ?? 0) + r * r;
    sq[1] = (sq[1] ?? 0) + g * g;
    sq[2] = (sq[2] ?? 0) + b * b;
    if (i % 7 === 0) pixels.push([luma(r, g, b), r, g, b]);
  }
  const mean = sum.map((s) => s / Math.max(1, n)) as Rgb;
  const std = sq.map((s, k) => Math.sqrt(Math.max(1, s / Math.max(1, n) - (mean[k] ?? 0) ** 2))) as Rgb;
  pixels.sort((a, b) => a[0] - b[0]);
  const tone = (from: number, to: number): Rgb => {
    const slice = pixels.slice(Math.floor(pixels.length * from), Math.max(1, Math.floor(pixels.length * to)));
    const acc = [0, 0, 0];
    for (const p of slice) for (let k = 0; k < 3; k++) acc[k] = (acc[k] ?? 0) + (p[k + 1] ?? 0);
    return acc.map((v) => v / Math.max(1, slice.length)) as Rgb;
  };
  return { mean, std, tones: [tone(0, 0.33), tone(0.33, 0.66), tone(0.66, 1)] };
}
